import { addWorkingDays, REPRESENTATIONS_WORKING_DAYS } from '@dis/domain';
import type { ReviewDecision } from '@dis/domain/contracts';
import { ApiError } from '../../platform/errors';
import { resultNotFound, type ResultsCore } from './core';
import type { ResultEmails } from './emails';
import * as store from './store';
import type { ApplicantContact, AuditActor, Caller } from './types';

/** Review of a review-eligible scheme record: the applicant's request and casework's decision. */
export function createReviews(core: ResultsCore, emails: ResultEmails) {
  const { db, clock, audit, deps } = core;

  return {
    /** A review of a review-eligible scheme record, once; blocks sharing until casework decides. */
    async requestReview(caller: Caller, id: string) {
      const now = clock.now();
      const reviewExpiryDate = addWorkingDays(core.today(), REPRESENTATIONS_WORKING_DAYS, deps.isHoliday);
      core.assertViewable(await core.ownResult(caller, id));
      const done = await db.transaction().execute(async (trx) => {
        const row = (await store.findResult(trx, id, true))!;
        if (!row.is_review_eligible || row.review_requested_at !== null) return false;
        await store.updateResultOnce(
          trx,
          row.id,
          { review_requested_at: now, review_expiry_date: reviewExpiryDate },
          null,
        );
        await audit('result.review_requested', 'success', caller, { resultId: row.id }, trx);
        return true;
      });
      if (!done) {
        await audit('result.review_requested', 'refused', caller, { resultId: id, reason: 'not_eligible' });
        throw new ApiError(409, 'REVIEW_NOT_ALLOWED', 'A review cannot be requested for this result');
      }
      return { status: 'REVIEW_REQUESTED' as const, reviewExpiryDate };
    },

    /** Casework records the decision on a requested review (once); sharing is open again. */
    async recordReviewDecision(
      id: string,
      decision: ReviewDecision,
      caller: AuditActor,
      contact?: ApplicantContact,
    ) {
      const now = clock.now();
      const done = await db.transaction().execute(async (trx) => {
        const row = await store.findResult(trx, id, true);
        if (!row) throw resultNotFound();
        if (row.review_requested_at === null || row.review_decision !== null) return false;
        await store.updateResultOnce(trx, id, { review_decision: decision, review_decided_at: now }, null);
        await audit('result.review_decision', 'success', caller, { resultId: id, decision }, trx);
        await deps.versions?.record(trx, id, 'REVIEW_DECISION');
        // The applicant's email commits with the decision.
        const messageId = contact
          ? await emails.emailApplicant(trx, 'review-decision', contact, { decision, resultId: id })
          : null;
        return { messageId };
      });
      if (!done) {
        await audit('result.review_decision', 'refused', caller, {
          resultId: id,
          reason: 'no_review_requested',
        });
        throw new ApiError(409, 'CASEWORK_NOT_ALLOWED', 'No review of this result is waiting for a decision');
      }
      await emails.sendWritten([done.messageId]);
      return { resultId: id, reviewDecision: decision };
    },
  };
}
