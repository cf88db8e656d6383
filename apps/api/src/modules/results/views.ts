import {
  addWorkingDays,
  basicViewingEndsAt,
  basicViewingRemainingMs,
  isBasicViewingExpired,
  isResultViewable,
  PROCESSING_AIM_WORKING_DAYS,
  trackerStage,
} from '@dis/domain';
import type {
  BasicResult,
  ResponseOf,
  Result,
  applicantResultsSummaryContract,
  applicationProgressContract,
} from '@dis/domain/contracts';
import { ApiError } from '../../platform/errors';
import { ownedByApplicant } from '../drafts/service';
import { LIST_LIMIT, resultNotFound, viewingExpired, type ResultsCore } from './core';
import { applicantStatusOf, summaryOf, typeOf } from './rows';
import * as store from './store';
import type { Caller } from './types';

/** Statuses from which an application has been received by the disclosure body. */
const RECEIVED_STATUSES: readonly string[] = ['SUBMITTED', 'B2B_SUBMITTED', 'RESULT_ISSUED'];

const basicTimedOut = () =>
  new ApiError(410, 'BASIC_RESULT_TIMED_OUT', 'The time to view this result has ended');

/** The applicant's side of reading results: the list, a result, a basic result, a recipient's copy, the tracker. */
export function createResultViews(core: ResultsCore) {
  const { db, clock, audit } = core;

  return {
    async applicantSummary(caller: Caller): Promise<ResponseOf<typeof applicantResultsSummaryContract>> {
      const rows = await store.listApplicantResults(db, caller.userId, LIST_LIMIT);
      return {
        totalElements: rows.length,
        summaries: rows.map((row) => ({
          ...summaryOf(row),
          viewedStatus: row.first_viewed_at ? 'VIEWED' : 'NOT_VIEWED',
          status: applicantStatusOf(row),
        })),
      };
    },

    /** Reads a (non-basic) result: records the first view; refuses after the 14 days with a clear 410. */
    async applicantResult(caller: Caller, id: string): Promise<Result> {
      const row = await core.ownResult(caller, id);
      if (typeOf(row) === 'BD') throw resultNotFound();
      if (!isResultViewable(row.first_viewed_at, clock.now())) {
        await audit('result.viewed', 'refused', caller, { resultId: id, reason: 'viewing_expired' });
        throw viewingExpired();
      }
      const now = clock.now();
      const { first, fresh } = await core.recordFirstView(row, 'first_viewed_at', { first_viewed_at: now });
      await audit('result.viewed', 'success', caller, { resultId: row.id, side: 'applicant', first });
      return core.view(fresh, await core.readContent(fresh), applicantStatusOf(fresh), row.reference);
    },

    /** Reads a basic result: 15 minutes from the first opening, counted by the server. */
    async basicResult(caller: Caller, id: string): Promise<BasicResult> {
      const row = await core.ownResult(caller, id);
      if (typeOf(row) !== 'BD') throw resultNotFound();
      const now = clock.now();
      if (row.basic_opened_at !== null && isBasicViewingExpired(row.basic_opened_at, now)) {
        await audit('result.viewed', 'refused', caller, { resultId: id, reason: 'basic_timed_out' });
        throw basicTimedOut();
      }
      const { first, fresh } = await core.recordFirstView(row, 'basic_opened_at', {
        basic_opened_at: now,
        first_viewed_at: row.first_viewed_at ?? now,
      });
      const openedAt = fresh.basic_opened_at ?? now;
      await audit('result.viewed', 'success', caller, {
        resultId: row.id,
        side: 'applicant',
        basic: true,
        first,
      });
      return {
        ...core.view(fresh, await core.readContent(fresh), applicantStatusOf(fresh), row.reference),
        basicViewing: {
          openedAt: new Date(openedAt).toISOString(),
          expiresAt: basicViewingEndsAt(openedAt).toISOString(),
          remainingMs: basicViewingRemainingMs(openedAt, now),
        },
      };
    },

    /**
     * For the recipient of a shared link (the share-links module checked the link and the recipient): the result
     * as its applicant would read it, with the application's reference. Undefined when it no longer exists.
     */
    async recipientResult(id: string): Promise<Result | undefined> {
      const row = await store.findResult(db, id);
      if (!row) return undefined;
      const reference = await store.applicationReference(db, row.application_id);
      return core.view(row, await core.readContent(row), applicantStatusOf(row), reference);
    },

    /**
     * The caller's own application (a draft token) once the disclosure body has received it, for its tracker: not
     * found when it is not theirs or not yet received.
     */
    async receivedApplication(caller: Caller, token: string) {
      const row = await ownedByApplicant(db, token, caller.userId);
      const declaration = row.part.declaration;
      if (!declaration?.agreed || !RECEIVED_STATUSES.includes(row.status)) {
        throw new ApiError(404, 'NOT_FOUND', 'This application has not been received yet');
      }
      return { id: row.id, reference: row.reference, receivedOn: declaration.date || core.today() };
    },

    /** The tracker of a received application: its stage, and the result once issued. */
    async progress(
      application: { id: string; reference: string; receivedOn: string },
      delayReason: string | null,
    ): Promise<ResponseOf<typeof applicationProgressContract>> {
      const row = await store.findResultByApplication(db, application.id);
      const receivedOn = application.receivedOn;
      return {
        applicationReference: application.reference,
        stage: trackerStage({ receivedOn, today: core.today(), resultIssued: !!row }),
        receivedOn,
        expectedBy: addWorkingDays(receivedOn, PROCESSING_AIM_WORKING_DAYS, core.deps.isHoliday),
        processingAimWorkingDays: PROCESSING_AIM_WORKING_DAYS,
        delayReason: row ? null : delayReason,
        resultId: row?.id ?? null,
        resultType: row ? typeOf(row) : null,
      };
    },
  };
}
