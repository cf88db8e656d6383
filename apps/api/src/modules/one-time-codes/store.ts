import type { Db } from '../../platform/db/database';

// The only code that reads or writes one_time_codes.

export async function insertCode(
  db: Db,
  row: { id: string; userId: string; purpose: string; codeHash: string; issuedAt: Date },
): Promise<void> {
  // A new code replaces any earlier one of the same purpose: only the latest can be used.
  await db
    .updateTable('one_time_codes')
    .set({ used_at: row.issuedAt })
    .where('user_id', '=', row.userId)
    .where('purpose', '=', row.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('one_time_codes')
    .values({
      id: row.id,
      user_id: row.userId,
      purpose: row.purpose,
      code_hash: row.codeHash,
      issued_at: row.issuedAt,
    })
    .execute();
}

/** When this person's codes of a purpose were requested since `since`. */
export async function requestTimes(db: Db, userId: string, purpose: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('one_time_codes')
    .select('issued_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('issued_at', '>', since)
    .execute();
  return rows.map((r) => new Date(r.issued_at));
}

/** The one code of a purpose still unused (a new code marks earlier ones used), locked for the check. */
export function currentCode(db: Db, userId: string, purpose: string) {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function recordFailure(db: Db, id: string): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Uses a code once: false when another request used it first. */
export async function markUsed(db: Db, id: string, at: Date): Promise<boolean> {
  const done = await db
    .updateTable('one_time_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
