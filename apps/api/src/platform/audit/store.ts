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
