import type { Db } from '../db/database';

// The sessions table of the database session store (used when Redis is not configured).

export async function upsertSession(db: Db, sid: string, data: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ sid, data, expires_at: expiresAt })
    .onConflict((oc) => oc.column('sid').doUpdateSet({ data, expires_at: expiresAt }))
    .execute();
}

/** Updates a session that exists; one that was deleted (signed out) stays deleted. */
export async function updateSession(db: Db, sid: string, data: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ data, expires_at: expiresAt }).where('sid', '=', sid).execute();
}

export async function findSession(db: Db, sid: string) {
  return db.selectFrom('sessions').select(['data', 'expires_at']).where('sid', '=', sid).executeTakeFirst();
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

export async function deleteSessionsExpiredBy(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sessions that have not expired, for /metrics. */
export async function countLiveSessions(db: Db, now: Date): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
