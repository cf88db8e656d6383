import type { AppealOutcome, CaseworkApplication, ReviewDecision } from '@dis/domain/contracts';
import { ApiError } from '../../platform/errors';
import { createResultIssuing } from './issue';
import { createStatusChanges } from './status-changes';
import * as store from './store';
import type { SentRow } from './store';
import {
  accountEmail,
  contactOf,
  currentStatus,
  isSent,
  ISSUABLE_STATUSES,
  TERMINABLE_STATUSES,
  type CaseworkDeps,
  type CaseworkCaller,
} from './shared';

export { ISSUABLE_STATUSES, TERMINABLE_STATUSES, type CaseworkCaller } from './shared';

/**
 * What the disclosure body's caseworkers do to a sent application: issue its result from a preset
 * (`issue.ts`), terminate it, record its identity documents or give a reason for a delay (`status-changes.ts`),
 * and record review decisions and appeal outcomes. The casework API (/internal/casework/*) and the local casework
 * page call this; results themselves are the results module's.
 */

/** The most applications the casework list shows. */
export const CASEWORK_LIST_LIMIT = 200;

export function createCaseworkService(deps: CaseworkDeps) {
  const { db, clock, results } = deps;
  const changes = createStatusChanges(deps);

  async function toView(row: SentRow, now: Date): Promise<CaseworkApplication> {
    const status = currentStatus(row, now);
    const result = await results.caseworkFactsFor(row.id);
    return {
      reference: row.reference,
      typeCode: row.type_code,
      status,
      organisationName: row.organisation_name,
      applicantName: row.applicant_name,
      createdAt: new Date(row.created_at as unknown as Date).toISOString(),
      terminable: TERMINABLE_STATUSES.includes(status),
      issuable: ISSUABLE_STATUSES.includes(status) && result === null,
      delayReason: row.delay_reason,
      result,
    };
  }

  return {
    async applications(limit = CASEWORK_LIST_LIMIT): Promise<CaseworkApplication[]> {
      const now = clock.now();
      const rows = (await store.listSent(db, limit)).filter(isSent);
      return Promise.all(rows.map((row) => toView(row, now)));
    },

    async application(reference: string, caller: CaseworkCaller): Promise<CaseworkApplication> {
      return toView(await changes.sentOrNotFound(reference, caller, 'casework.application'), clock.now());
    },

    issueResult: createResultIssuing(deps),
    terminate: changes.terminate,
    identityDocumentsReceived: changes.identityDocumentsReceived,
    addDelayReason: changes.addDelayReason,

    async recordReviewDecision(resultId: string, decision: ReviewDecision, caller: CaseworkCaller) {
      const found = await results.caseworkFactsById(resultId);
      if (!found) throw new ApiError(404, 'NOT_FOUND', 'Result not found');
      const row = await store.findSentById(db, found.applicationId);
      const account = row?.applicant_user_id ? await accountEmail(db, row.applicant_user_id) : null;
      // The applicant's email is written in the decision's transaction.
      return results.recordReviewDecision(
        resultId,
        decision,
        caller,
        row ? contactOf(row, account) : undefined,
      );
    },

    async recordAppealOutcome(resultId: string, outcome: AppealOutcome, caller: CaseworkCaller) {
      return results.recordAppealOutcome(resultId, outcome, caller);
    },

    /** The delay reason of an application (the applicant's tracker). */
    delayReasonFor(applicationId: string): Promise<string | null> {
      return store.delayReason(db, applicationId);
    },
  };
}

export type CaseworkService = ReturnType<typeof createCaseworkService>;
