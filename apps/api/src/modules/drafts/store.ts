import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

// ---------- failed identity checks: linking an emailed application, the applicant's date of birth ----------

export type AttemptsTable = 'link_match_attempts' | 'dob_mismatch_attempts';

export function findAttempts(db: Db, table: AttemptsTable, userId: string) {
  return table === 'link_match_attempts'
    ? db.selectFrom('link_match_attempts').selectAll().where('user_id', '=', userId).executeTakeFirst()
    : db.selectFrom('dob_mismatch_attempts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Counts one more failed attempt (a lockout that has run out starts the count again) and, from `maxAttempts`
 * on, locks until `now + lockoutMs`. Returns the count and whether it locked.
 */
export async function countFailedAttempt(
  db: Db,
  table: AttemptsTable,
  userId: string,
  now: Date,
  options: { lockOver: boolean; maxAttempts: number; lockoutMs: number },
): Promise<{ attempts: number; locked: boolean }> {
  const values = { user_id: userId, attempts: 1, last_attempt_at: now, locked_until: null };
  const again = {
    attempts: options.lockOver ? 1 : sql<number>`${sql.ref(`${table}.attempts`)} + 1`,
    last_attempt_at: now,
    locked_until: null,
  };
  const counted =
    table === 'link_match_attempts'
      ? await db
          .insertInto('link_match_attempts')
          .values(values)
          .onConflict((oc) => oc.column('user_id').doUpdateSet(again))
          .returning('attempts')
          .executeTakeFirstOrThrow()
      : await db
          .insertInto('dob_mismatch_attempts')
          .values(values)
          .onConflict((oc) => oc.column('user_id').doUpdateSet(again))
          .returning('attempts')
          .executeTakeFirstOrThrow();
  const locked = counted.attempts >= options.maxAttempts;
  if (locked) {
    const lockedUntil = new Date(now.getTime() + options.lockoutMs);
    if (table === 'link_match_attempts')
      await db
        .updateTable('link_match_attempts')
        .set({ locked_until: lockedUntil })
        .where('user_id', '=', userId)
        .execute();
    else
      await db
        .updateTable('dob_mismatch_attempts')
        .set({ locked_until: lockedUntil })
        .where('user_id', '=', userId)
        .execute();
  }
  return { attempts: counted.attempts, locked };
}

/** A right answer: the count starts again. */
export async function resetAttempts(db: Db, table: AttemptsTable, userId: string): Promise<void> {
  if (table === 'link_match_attempts')
    await db.deleteFrom('link_match_attempts').where('user_id', '=', userId).execute();
  else
    await db
      .updateTable('dob_mismatch_attempts')
      .set({ attempts: 0, locked_until: null })
      .where('user_id', '=', userId)
      .execute();
}
