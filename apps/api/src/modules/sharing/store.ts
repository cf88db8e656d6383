import { sql, type Insertable, type Selectable } from 'kysely';
import { LIMITED_SHARE_CHANNELS } from '@dis/domain';
import { RESULT_ID_PATTERN } from '@dis/domain/contracts';
import type { Db } from '../../platform/db/database';
import { rowOf, rowsNewestFirst, setOnce } from '../../platform/db/rows';
import type { PrintRequestsTable, ResultSharesTable } from '../../platform/db/schema';

// The only code that reads or writes result_shares and print_requests (the share-links module reads shares
// through the share_facts view, decision 0029).

export type ShareRow = Selectable<ResultSharesTable>;
export type PrintRequestRow = Selectable<PrintRequestsTable>;

export interface ShareHistory {
  shareCount: number;
  lastSharedAt: Date | null;
}

/**
 * How often a result was shared through the channels that count towards the maximum and the cooldown, and when
 * last (a paper copy has its own once-only rule).
 */
export async function countedShareHistory(db: Db, resultId: string): Promise<ShareHistory> {
  const row = await db
    .selectFrom('result_shares')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('created_at').as('last')])
    .where('result_id', '=', resultId)
    .where('channel', 'in', LIMITED_SHARE_CHANNELS)
    .executeTakeFirstOrThrow();
  return {
    shareCount: Number(row.count),
    lastSharedAt: row.last === null ? null : new Date(row.last as Date | string),
  };
}

/** The shares of a result that count towards the cooldown made at or after `since`, newest first. */
export function countedSharesSince(db: Db, resultId: string, since: Date) {
  return db
    .selectFrom('result_shares')
    .select(['id', 'created_at'])
    .where('result_id', '=', resultId)
    .where('channel', 'in', LIMITED_SHARE_CHANNELS)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertShare(db: Db, row: Insertable<ResultSharesTable>): Promise<void> {
  await db.insertInto('result_shares').values(row).execute();
}

/** Every share of a result, newest first. */
export function sharesOf(db: Db, resultId: string): Promise<ShareRow[]> {
  return rowsNewestFirst(db, 'result_shares', ['result_id', resultId]).execute();
}

/** One share of a result (locked for a change when asked); never a database error for an id that is not one. */
export async function findShare(
  db: Db,
  resultId: string,
  shareId: string,
  lock = false,
): Promise<ShareRow | undefined> {
  if (!RESULT_ID_PATTERN.test(shareId)) return undefined;
  return rowOf(db, 'result_shares', shareId, ['result_id', resultId], lock);
}

/** Stops a share's link, once: a stopped share keeps the time it was first stopped. */
export async function revokeShare(db: Db, shareId: string, at: Date): Promise<void> {
  await setOnce(db, 'result_shares', 'revoked_at', at, ['id', shareId]);
}

export async function insertPrintRequest(db: Db, row: Insertable<PrintRequestsTable>): Promise<void> {
  await db.insertInto('print_requests').values(row).execute();
}

/** The print requests of one result. */
export function printRequestsOf(db: Db, resultId: string): Promise<PrintRequestRow[]> {
  return db.selectFrom('print_requests').selectAll().where('result_id', '=', resultId).execute();
}

/** Print requests for casework: waiting ones first, then newest first. */
export function listPrintRequests(db: Db, limit: number): Promise<PrintRequestRow[]> {
  return db
    .selectFrom('print_requests')
    .selectAll()
    .orderBy(sql`case when status = 'REQUESTED' then 0 else 1 end`)
    .orderBy('requested_at', 'desc')
    .orderBy('share_id')
    .limit(limit)
    .execute();
}

export async function findPrintRequest(
  db: Db,
  id: string,
  lock = false,
): Promise<PrintRequestRow | undefined> {
  if (!RESULT_ID_PATTERN.test(id)) return undefined;
  const query = db.selectFrom('print_requests').selectAll().where('share_id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function markPrintRequestSent(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('print_requests')
    .set({ status: 'SENT', sent_at: at })
    .where('share_id', '=', id)
    .where('status', '=', 'REQUESTED')
    .execute();
}
