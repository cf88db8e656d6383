import { ApiError } from '../../platform/errors';
import { findApplication, setApplication, setApplicationStatus } from '../applications/service';
import * as store from './store';
import type { SentRow } from './store';
import {
  auditCasework,
  auditRefusal,
  currentStatus,
  findSentApplication,
  ISSUABLE_STATUSES,
  noSentApplication,
  sentApplicationToChange,
  TERMINABLE_STATUSES,
  type CaseworkCaller,
  type CaseworkDeps,
} from './shared';

/**
 * What a caseworker changes on a sent application other than its result: terminating it, recording that its
 * identity documents came, and a reason for a delay. Each change and each refusal is audited.
 */
export function createStatusChanges({ db, clock }: CaseworkDeps) {
  /** The sent application with this reference, or a refusal audited under `event` and a 404. */
  async function sentOrNotFound(reference: string, caller: CaseworkCaller, event: string): Promise<SentRow> {
    const row = await findSentApplication(db, reference);
    if (!row) {
      await auditRefusal(db, event, caller, reference, { reason: 'not_found' });
      throw noSentApplication(reference);
    }
    return row;
  }

  return {
    sentOrNotFound,

    /**
     * Terminates a sent application, for good: one transaction sets TERMINATED and the time of the change and
     * writes the audit record. Refuses an unknown or unsent application (404) and one that is not in a
     * terminable status (409, naming the status); refusals are audited too.
     */
    async terminate(reference: string, caller: CaseworkCaller) {
      const now = clock.now();
      const outcome = await db.transaction().execute(async (trx) => {
        const found = await sentApplicationToChange(trx, reference, now, TERMINABLE_STATUSES);
        if (found.kind !== 'found') return found;
        const { row, status } = found;
        await setApplicationStatus(trx, row.id, { status: 'TERMINATED', statusLastChanged: now });
        await auditCasework(trx, 'application.terminated', 'success', caller, {
          applicationReference: row.reference,
          previousStatus: status,
        });
        return { kind: 'terminated' as const, previousStatus: status, reference: row.reference };
      });
      if (outcome.kind === 'terminated') {
        return {
          reference: outcome.reference,
          previousStatus: outcome.previousStatus,
          status: 'TERMINATED' as const,
        };
      }
      await auditRefusal(db, 'application.terminated', caller, reference, {
        reason: outcome.kind === 'not-found' ? 'not_found' : 'not_terminable',
        ...(outcome.kind === 'wrong-status' ? { status: outcome.status } : {}),
      });
      if (outcome.kind === 'not-found') throw noSentApplication(reference);
      throw new ApiError(
        409,
        'CONFLICT',
        `Application ${reference} cannot be terminated: its status is ${outcome.status}. Only applications ` +
          `waiting for the applicant, submitted, or whose payment failed can be terminated.`,
      );
    },

    /**
     * The identity documents of an unverified Level 1 have arrived (decision 0055): nothing is awaited any more,
     * so the cancellation job leaves it. One transaction with its audit record; a refusal is audited too.
     */
    async identityDocumentsReceived(reference: string, caller: CaseworkCaller) {
      const outcome = await db.transaction().execute(async (trx) => {
        const sentRow = await findSentApplication(trx, reference);
        if (!sentRow) return { kind: 'not-found' as const };
        const row = await findApplication(trx, sentRow.id, true);
        if (!row || row.status !== 'SUBMITTED' || row.identity_documents_due_at === null)
          return { kind: 'not-awaited' as const, status: row?.status ?? sentRow.status };
        await setApplication(trx, row.id, { identity_documents_due_at: null });
        await auditCasework(trx, 'application.identity_documents_received', 'success', caller, {
          applicationReference: row.reference,
        });
        return { kind: 'received' as const, reference: row.reference };
      });
      if (outcome.kind === 'received')
        return {
          reference: outcome.reference,
          status: 'SUBMITTED' as const,
          awaitingIdentityDocuments: false as const,
        };
      await auditRefusal(db, 'application.identity_documents_received', caller, reference, {
        reason: outcome.kind === 'not-found' ? 'not_found' : 'not_awaited',
      });
      if (outcome.kind === 'not-found') throw noSentApplication(reference);
      throw new ApiError(
        409,
        'CONFLICT',
        `Application ${reference} is not waiting for identity documents: only a submitted Level 1 made before ` +
          'the identity was verified waits for them.',
      );
    },

    /** A reason for a delay, shown on the applicant's tracker until a result is issued. */
    async addDelayReason(reference: string, reason: string, caller: CaseworkCaller) {
      const row = await sentOrNotFound(reference, caller, 'casework.delay_reason');
      const status = currentStatus(row, clock.now());
      if (!ISSUABLE_STATUSES.includes(status)) {
        await auditRefusal(db, 'casework.delay_reason', caller, row.reference, {
          reason: 'not_submitted',
          status,
        });
        throw new ApiError(
          409,
          'APPLICATION_NOT_SUBMITTED',
          `A delay reason can only be given for a submitted application; ${reference} is ${status}`,
        );
      }
      await store.saveDelayReason(db, row.id, reason, clock.now());
      await auditCasework(db, 'casework.delay_reason', 'success', caller, {
        applicationReference: row.reference,
      });
      return { reference: row.reference, delayReason: reason };
    },
  };
}
