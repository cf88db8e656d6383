import type { Db } from './db/database';

export type AuditOutcome = 'success' | 'failure' | 'refused';

export interface AuditEvent {
  event: string;
  outcome: AuditOutcome;
  userId?: string | null;
  requestId?: string | null;
  /** Identifiers only (record ids, codes, reasons) — never names, dates of birth or other personal data. */
  detail?: Record<string, unknown>;
}

export async function writeAudit(db: Db, entry: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      event: entry.event,
      outcome: entry.outcome,
      user_id: entry.userId ?? null,
      request_id: entry.requestId ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
    })
    .execute();
}
