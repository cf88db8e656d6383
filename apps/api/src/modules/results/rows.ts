import {
  APPLICATION_TYPES,
  appealDeadline,
  applicantResultStatus,
  daysLeft,
  isApplicationTypeCode,
  isShareWindowOpen,
  RESULT_VIEWING_DAYS,
  resultViewingEndsAt,
  shareSectionStateFor,
  shareWindowEndsAt,
  type AppealDecision,
  type AppealState,
  type ApplicationStatus,
  type ApplicationTypeCode,
  type Channel,
} from '@dis/domain';
import type { AppealOutcome, Result, ResultPreset, ReviewDecision } from '@dis/domain/contracts';
import type { ResultContent } from './content';
import type { ResultRow } from './store';
import type { CaseworkResultFacts } from './types';

// What a result row means: the module's own reading of its columns, shared by its parts (never leaves the module).

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export function typeOf(row: { disclosure_type_code: string }): ApplicationTypeCode {
  return isApplicationTypeCode(row.disclosure_type_code) ? row.disclosure_type_code : 'LB';
}

export const isUnderReview = (row: Pick<ResultRow, 'review_requested_at' | 'review_decision'>) =>
  row.review_requested_at !== null && row.review_decision === null;

/** The applicant's status of a result: under review, shared, viewed or ready. */
export const applicantStatusOf = (
  row: Pick<ResultRow, 'review_requested_at' | 'review_decision' | 'shared_at' | 'first_viewed_at'>,
) =>
  applicantResultStatus({
    isUnderReview: isUnderReview(row),
    shared: row.shared_at !== null,
    viewed: row.first_viewed_at !== null,
  });

export function appealStateOf(row: ResultRow): AppealState {
  return {
    hasAppealableConvictions: row.has_appealable_convictions,
    appealDecision: row.appeal_decision as AppealDecision,
    outcomeRecorded: row.appeal_outcome !== null,
    released: row.released_to_organisation_at !== null,
  };
}

/**
 * What the share section's rules read of a result, with the appeal decision it has (or is about to have). The appeal
 * rules follow the facts stored at issue (an appeal outcome may since have removed a conviction).
 */
export function shareSectionOf(row: ResultRow, appealDecision = row.appeal_decision as AppealDecision) {
  return {
    type: typeOf(row),
    shareable: row.shareable,
    shareExpiryDate: row.share_expiry_date,
    isUnderReview: isUnderReview(row),
    isReviewEligible: row.is_review_eligible,
    convictions: row.has_appealable_convictions ? [{ appealable: true }] : [],
    appealDecision,
  };
}

/** Whether a share would be accepted at `now` (the share section is "available"). */
export function shareAllowedAt(row: ResultRow, now: Date, appealDecision?: AppealDecision): boolean {
  const section = shareSectionOf(row, appealDecision);
  return shareSectionStateFor(section, isShareWindowOpen(row.share_expiry_date, now)) === 'available';
}

/** The Result entity of spec 02 section 3 with what the server decided, for one side. */
export function resultView(
  row: ResultRow,
  content: ResultContent,
  status: ApplicationStatus,
  reference: string,
  now: Date,
): Result {
  const type = typeOf(row);
  const decision = row.appeal_decision as AppealDecision;
  const released = row.released_to_organisation_at !== null;
  return {
    resultId: row.id,
    applicationReference: reference,
    disclosureType: APPLICATION_TYPES[type],
    disclosureTypeShortCode: type,
    disclosureNumber: row.disclosure_number,
    ...content,
    dateOfIssue: row.date_of_issue,
    shareable: row.shareable,
    shareExpiryDate: row.share_expiry_date,
    sharedStatus: row.shared_at ? 'SHARED' : 'NOT_SHARED',
    viewedStatus: row.first_viewed_at ? 'VIEWED' : 'NOT_VIEWED',
    isUnderReview: isUnderReview(row),
    isReviewEligible: row.is_review_eligible && row.review_requested_at === null,
    isCountersigned: row.is_countersigned,
    sharedPaperResult: row.shared_paper,
    channel: row.channel as Channel,
    appealDecision: decision,
    scheduledPendingReleaseDate: row.scheduled_pending_release_date,
    daysRemaining: row.first_viewed_at ? daysLeft(RESULT_VIEWING_DAYS, row.first_viewed_at, now) : null,
    resultSharedOn: iso(row.shared_at),
    resultViewedOn: iso(row.first_viewed_at),
    createdOn: iso(row.created_at)!,
    status,
    viewableUntil: iso(resultViewingEndsAt(row.first_viewed_at)),
    shareWindowEndsAt: shareWindowEndsAt(row.share_expiry_date).toISOString(),
    shareWindowOpen: isShareWindowOpen(row.share_expiry_date, now),
    shareAllowedNow: shareAllowedAt(row, now),
    appealDeadline: appealDeadlineOf(row),
    appealQuestion: row.has_appealable_convictions && decision === 'NOT_SET' && !released,
    releasedToOrganisationOn: iso(row.released_to_organisation_at),
    appealOutcome: row.appeal_outcome as AppealOutcome | null,
    reviewExpiryDate: row.review_expiry_date,
    reviewDecision: row.review_decision as ReviewDecision | null,
  };
}

export const appealDeadlineOf = (row: Pick<ResultRow, 'scheduled_pending_release_date'>) =>
  row.scheduled_pending_release_date ? appealDeadline(row.scheduled_pending_release_date) : null;

/** What casework is told of a result. */
export function caseworkFacts(row: ResultRow): CaseworkResultFacts {
  const decision = row.appeal_decision as AppealDecision;
  return {
    resultId: row.id,
    preset: row.preset as ResultPreset,
    disclosureTypeShortCode: typeOf(row),
    dateOfIssue: row.date_of_issue,
    appealDecision: decision,
    appealOutcome: row.appeal_outcome as AppealOutcome | null,
    scheduledPendingReleaseDate: row.scheduled_pending_release_date,
    releasedToOrganisationOn: iso(row.released_to_organisation_at),
    isUnderReview: isUnderReview(row),
    reviewDecision: row.review_decision as ReviewDecision | null,
    appealOutcomeOpen: decision === 'INTENDS_TO_APPEAL' && row.appeal_outcome === null,
    reviewDecisionOpen: isUnderReview(row),
  };
}

/** What both sides' result lists show of a result. */
export function summaryOf(row: {
  id: string;
  applicant_name: string | null;
  reference: string;
  scheme_membership_number: string | null;
  date_of_issue: string;
  disclosure_type_code: string;
}) {
  return {
    name: row.applicant_name ?? '',
    resultId: row.id,
    applicationReference: row.reference,
    schemeMembershipNumber: row.scheme_membership_number,
    dateOfIssue: row.date_of_issue,
    disclosureTypeShortCode: typeOf(row),
  };
}
