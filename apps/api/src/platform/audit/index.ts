import type { Db } from '../db/database';
import { insertAuditEvent } from './store';

export { successTimesByDetail } from './store';

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
  await insertAuditEvent(db, {
    event: entry.event,
    outcome: entry.outcome,
    userId: entry.userId ?? null,
    requestId: entry.requestId ?? null,
    detail: entry.detail ?? {},
  });
}
