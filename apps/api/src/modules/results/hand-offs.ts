import {
  APPLICATION_TYPES,
  DAY_MS,
  REMINDER_LATE_DAYS,
  REMINDER_RESULT_UNVIEWED_DAYS_AFTER,
  RESULT_VIEWING_DAYS,
} from '@dis/domain';
import type { Db } from '../../platform/db/database';
import { LIST_LIMIT, type ResultsCore } from './core';
import { isUnderReview, typeOf } from './rows';
import * as store from './store';
import type { ResultVersionFacts } from './types';

/** What the result-checks module (signed versions, decision 0051) and the reminders module read of results. */
export function createResultHandOffs(core: ResultsCore) {
  const { db } = core;

  return {
    /** What a signed version carries, read with `executor` (a transaction's, when signing inside one). */
    async versionFacts(executor: Db, id: string): Promise<ResultVersionFacts | undefined> {
      const row = await store.findResult(executor, id);
      if (!row) return undefined;
      const type = typeOf(row);
      return {
        resultId: row.id,
        applicantUserId: row.applicant_user_id,
        applicationReference: await store.applicationReference(executor, row.application_id),
        disclosureNumber: row.disclosure_number,
        disclosureTypeShortCode: type,
        disclosureType: APPLICATION_TYPES[type],
        dateOfIssue: row.date_of_issue,
        appealOutcome: row.appeal_outcome,
        reviewDecision: row.review_decision,
        content: await core.readContent(row, executor),
      };
    },

    /** Whether this person is the applicant of this result (anything else, including no such result: false). */
    async isApplicantOf(userId: string, id: string): Promise<boolean> {
      const row = await store.findResult(db, id);
      return row?.applicant_user_id === userId;
    },

    /**
     * Results that may need a reminder now, with what the reminders read (the reminders module decides, with the
     * domain's windows, which are due).
     */
    async reminderCandidates(now: Date) {
      const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
      const rows = await store.reminderCandidates(
        db,
        {
          unviewedSince: daysAgo(REMINDER_RESULT_UNVIEWED_DAYS_AFTER),
          unviewedAfter: daysAgo(REMINDER_RESULT_UNVIEWED_DAYS_AFTER + REMINDER_LATE_DAYS),
          viewedAfter: daysAgo(RESULT_VIEWING_DAYS),
          shareFrom: now.toISOString().slice(0, 10),
        },
        LIST_LIMIT,
      );
      return Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          applicantUserId: row.applicant_user_id,
          applicationReference: await store.applicationReference(db, row.application_id),
          typeCode: typeOf(row),
          createdAt: new Date(row.created_at),
          firstViewedAt: row.first_viewed_at === null ? null : new Date(row.first_viewed_at),
          basicOpened: row.basic_opened_at !== null,
          shareExpiryDate: row.share_expiry_date,
          // Sharing is open to the applicant: shareable, not yet shared, no review or appeal holding it.
          mayShare:
            row.shareable &&
            row.shared_at === null &&
            !isUnderReview(row) &&
            (!row.has_appealable_convictions ||
              row.appeal_decision === 'WONT_APPEAL' ||
              row.appeal_decision === 'APPEAL_RELEASED'),
          appealPending: row.appeal_decision === 'INTENDS_TO_APPEAL' && row.appeal_outcome === null,
          scheduledPendingReleaseDate: row.scheduled_pending_release_date,
        })),
      );
    },
  };
}
