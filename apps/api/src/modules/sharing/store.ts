import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { ResultSharesTable } from '../../platform/db/schema';

// The only code that reads or writes result_shares.

export interface ShareHistory {
  shareCount: number;
  lastSharedAt: Date | null;
}

/** How often a result was shared digitally and when last (paper copies have their own once-only rule). */
export async function digitalShareHistory(db: Db, resultId: string): Promise<ShareHistory> {
  const row = await db
    .selectFrom('result_shares')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('created_at').as('last')])
    .where('result_id', '=', resultId)
    .where('channel', '=', 'DIGITAL')
    .executeTakeFirstOrThrow();
  return {
    shareCount: Number(row.count),
    lastSharedAt: row.last === null ? null : new Date(row.last as Date | string),
  };
}

export async function insertShare(db: Db, row: Insertable<ResultSharesTable>): Promise<void> {
  await db.insertInto('result_shares').values(row).execute();
}
