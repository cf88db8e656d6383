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

/** Who acted: the signed-in person, if any, and their request. */
export interface AuditActor {
  userId?: string | null;
  requestId?: string | null;
}

/**
 * An audit writer for a module's service: one record of an actor's request, written in `executor` (the change's
 * transaction) when given, else in `db`. A missing user or request is recorded as none.
 */
export function auditWriter(db: Db) {
  return (
    event: string,
    outcome: AuditOutcome,
    { userId, requestId }: AuditActor,
    detail: Record<string, unknown>,
    executor: Db = db,
  ) => writeAudit(executor, { event, outcome, userId, requestId, detail });
}
