import type { Db } from '../../platform/db/database';

export async function latestDeclaration(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('declarations')
    .select('signed_on')
    .where('user_id', '=', userId)
    .orderBy('signed_on', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? String(row.signed_on) : null;
}

export async function recordDeclaration(
  db: Db,
  userId: string,
  signedOn: string,
  signedAt: Date,
): Promise<void> {
  await db
    .insertInto('declarations')
    .values({ user_id: userId, signed_on: signedOn, signed_at: signedAt })
    .onConflict((oc) => oc.columns(['user_id', 'signed_on']).doNothing())
    .execute();
}
