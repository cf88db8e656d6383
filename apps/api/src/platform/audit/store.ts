import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface AuditRow {
  event: string;
  outcome: string;
  userId: string | null;
  requestId: string | null;
  detail: Record<string, unknown>;
}

/** The audit trail is insert-only (decision 0015): this is its one write. */
export async function insertAuditEvent(db: Db, row: AuditRow): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      event: row.event,
      outcome: row.outcome,
      user_id: row.userId,
      request_id: row.requestId,
      detail: JSON.stringify(row.detail),
    })
    .execute();
}

/**
 * When each successful event of a kind happened, for the entries whose detail names one of `values` under `key`
 * (a key written in code, never from a request), oldest first.
 */
export async function successTimesByDetail(
  db: Db,
  event: string,
  key: string,
  values: readonly string[],
): Promise<{ value: string; occurredAt: Date }[]> {
  if (values.length === 0) return [];
  const detail = sql<string>`detail ->> ${sql.lit(key)}`;
  const rows = await db
    .selectFrom('audit_events')
    .select([detail.as('value'), 'occurred_at'])
    .where('event', '=', event)
    .where('outcome', '=', 'success')
    .where(detail, 'in', [...values])
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    value: row.value,
    occurredAt: new Date(row.occurred_at as unknown as Date | string),
  }));
}
