import type { Db } from '../../platform/db/database';

// The only code that reads or writes reminder_marks.

/** Marks each key as mentioned; returns the keys that were not marked before. */
export async function markNew(db: Db, keys: readonly string[], at: Date): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .insertInto('reminder_marks')
    .values(keys.map((key) => ({ key, created_at: at })))
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .execute();
  return rows.map((r) => r.key);
}
