import { z } from 'zod';
import {
  APPEAL_DECISIONS,
  APPLICATION_STATUSES,
  APPLICATION_TYPE_CODES,
  CHANNELS,
  UUID_PATTERN,
  type ApplicationTypeCode,
  type Channel,
} from '../codes';
import type { TrackerStage } from '../rules/results';
import { resultsSummaryQuerySchema, VIEWED_STATUSES } from '../validation/filters';
import { defineEndpoint, onResource, readEndpoint } from './define';
import { onDraft } from './drafts';
import { organisationCodeSchema, uuidIdSchema } from './ids';

// Contracts of the results endpoints (spec 02 sections 3 and 7, spec 01 sections 3 and 7). Field names are the
// spec's; fields the spec does not name (marked "not in the spec") carry what the server decides, so the page
// shows the server's clock and never works a rule out on its own.

/** YYYY-MM-DD. */
export const apiDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An instant, ISO 8601 in UTC (`2026-11-23T10:15:00.000Z`). */
export const instantSchema = z.string();

/** A result id is a UUID; the server answers anything else "not found", like another person's result. */
export const RESULT_ID_PATTERN = UUID_PATTERN;
export const resultIdSchema = uuidIdSchema;
export const resultParamsSchema = z.object({ id: resultIdSchema });
/** The applicant's contracts on one of their results, by its id. */
export const onApplicantResult = onResource('/api/results/:id', resultParamsSchema);
/** A registered body code (RB1001). */
export const orgCodeSchema = organisationCodeSchema;

export const typeCodeSchema = z.enum(
  APPLICATION_TYPE_CODES as [ApplicationTypeCode, ...ApplicationTypeCode[]],
);
export const channelSchema = z.enum(Object.keys(CHANNELS) as [Channel, ...Channel[]]);
export const appealDecisionSchema = z.enum(APPEAL_DECISIONS);
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export const viewedStatusSchema = z.enum(VIEWED_STATUSES);
export const SHARED_STATUSES = ['SHARED', 'NOT_SHARED'] as const;
export const sharedStatusSchema = z.enum(SHARED_STATUSES);

/** Outcome of an appeal to a sheriff, recorded by casework (not in the spec: decision 0011). */
export const APPEAL_OUTCOMES = ['CONVICTIONS_REMOVED', 'CONVICTIONS_UNCHANGED'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
/** Decision on a review of a scheme record, recorded by casework (not in the spec: decision 0011). */
export const REVIEW_DECISIONS = ['SUCCESSFUL', 'UNSUCCESSFUL'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

// ---------- the Result entity (spec 02 section 3) ----------

export const convictionSchema = z.object({
  date: apiDateSchema,
  court: z.string(),
  offences: z.array(z.string()),
  disposals: z.array(z.string()),
  appealable: z.boolean(),
});
export type Conviction = z.output<typeof convictionSchema>;

export const cautionSchema = z.object({
  date: apiDateSchema,
  policeForce: z.string(),
  offences: z.array(z.string()),
  disposals: z.array(z.string()),
});
export type Caution = z.output<typeof cautionSchema>;

export const oriEntrySchema = z.object({ description: z.string(), isUkOri: z.boolean() });

export const higherLevelVettingInformationSchema = z.object({
  prescribedCourtOrders: z.array(z.string()),
  sexualOffenceNotificationRequirements: z.array(z.string()),
  oriList: z.array(oriEntrySchema),
  /** Free text the chief constable adds; null when there is none. */
  otherRelevantInformation: z.string().nullable(),
  hasUkOri: z.boolean(),
});

export const vettingInformationSchema = z.object({
  convictions: z.array(convictionSchema),
  cautions: z.array(cautionSchema),
  noConvictionsCautions: z.boolean(),
  noVettingInformationExplanation: z.string().nullable(),
  /** Null on a Basic disclosure. */
  higherLevelVettingInformation: higherLevelVettingInformationSchema.nullable(),
});
export type VettingInformation = z.output<typeof vettingInformationSchema>;

export const higherLevelResultInformationSchema = z.object({
  barredStatus: z.string().nullable(),
  considerationStatus: z.string().nullable(),
  positionAppliedFor: z.string().nullable(),
  membershipStatus: z.string().nullable(),
  membershipNumber: z.string().nullable(),
  organisationAppliedFor: z.string().nullable(),
  underConsideration: z.boolean(),
  underConsiderationText: z.string().nullable(),
  csgOrganisationName: z.string().nullable(),
  anotherOrganisationName: z.string().nullable(),
});
export type HigherLevelResultInformation = z.output<typeof higherLevelResultInformationSchema>;

export const resultAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  town: z.string(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string(),
});

export const resultSchema = z.object({
  resultId: z.string(),
  /** Not in the spec's Result: the application the result answers. */
  applicationReference: z.string(),
  disclosureType: z.string(),
  disclosureTypeShortCode: typeCodeSchema,
  disclosureNumber: z.string(),
  name: z.string(),
  address: resultAddressSchema.nullable(),
  dateOfBirth: apiDateSchema.nullable(),
  dateOfIssue: apiDateSchema,
  aboutResultText: z.string(),
  reportInaccurateInfo: z.string(),
  shareable: z.boolean(),
  shareExpiryDate: apiDateSchema,
  sharedStatus: sharedStatusSchema,
  viewedStatus: viewedStatusSchema,
  isUnderReview: z.boolean(),
  isReviewEligible: z.boolean(),
  isCountersigned: z.boolean(),
  sharedPaperResult: z.boolean(),
  channel: channelSchema,
  appealDecision: appealDecisionSchema,
  scheduledPendingReleaseDate: apiDateSchema.nullable(),
  /** Whole days the result can still be viewed (14 days from the first view). */
  daysRemaining: z.number().int().nullable(),
  resultSharedOn: instantSchema.nullable(),
  /** The first view: set once, never moved. */
  resultViewedOn: instantSchema.nullable(),
  createdOn: instantSchema,
  higherLevelResultInformation: higherLevelResultInformationSchema.nullable(),
  vettingInformation: vettingInformationSchema,

  // ---- not in the spec: what the server decided, for the page ----
  /** The status the caller's side sees (applicant: RESULT_READY, RESULT_VIEWED, RESULT_SHARED, REVIEW_REQUESTED). */
  status: applicationStatusSchema,
  /** When viewing ends (first view + 14 days); null before the first view. */
  viewableUntil: instantSchema.nullable(),
  /** The share window closes at this instant (share expiry date + 1 day, 00:00 UTC). */
  shareWindowEndsAt: instantSchema,
  /**
   * Whether the share window is still open on the server's clock (before shareWindowEndsAt). Not `shareable`
   * (the result's own fact, which never changes) nor `shareAllowedNow` (which adds the appeal and review rules):
   * the page takes the expired note from this answer, never from the browser's clock.
   */
  shareWindowOpen: z.boolean(),
  /** Whether the server would accept a share now (window open, appeal and review rules). */
  shareAllowedNow: z.boolean(),
  /** The appeal deadline shown: scheduled pending release date minus one day; null without one. */
  appealDeadline: apiDateSchema.nullable(),
  /** Whether the applicant is asked about appealing now (appealable convictions, no decision, not released). */
  appealQuestion: z.boolean(),
  /** When the result was released to the organisation; null while held back (or never for a Basic). */
  releasedToOrganisationOn: instantSchema.nullable(),
  /** Recorded by casework after an appeal; null before. */
  appealOutcome: z.enum(APPEAL_OUTCOMES).nullable(),
  /** The date by which a requested review must be applied for; null without a review request. */
  reviewExpiryDate: apiDateSchema.nullable(),
  /** Recorded by casework after a review; null before. */
  reviewDecision: z.enum(REVIEW_DECISIONS).nullable(),
});
export type Result = z.output<typeof resultSchema>;

/** The 15-minute reading window of a basic result, counted by the server from the first opening. */
export const basicViewingSchema = z.object({
  openedAt: instantSchema,
  expiresAt: instantSchema,
  /** Milliseconds left when the server answered. */
  remainingMs: z.number().int().nonnegative(),
});
export const basicResultSchema = resultSchema.extend({ basicViewing: basicViewingSchema });
export type BasicResult = z.output<typeof basicResultSchema>;

// ---------- summaries ----------

/** What a results summary row of either side begins with (spec 01 and 02 section 3). */
const resultSummaryRowStart = {
  name: z.string(),
  resultId: z.string(),
  applicationReference: z.string(),
  schemeMembershipNumber: z.string().nullable(),
  dateOfIssue: apiDateSchema,
};

/** Summary row for results (spec 02 section 3), plus what the dashboard needs to route the row. */
export const applicantResultSummaryRowSchema = z.object({
  ...resultSummaryRowStart,
  viewedStatus: viewedStatusSchema,
  /** Not in the spec: the applicant's status of the result and its type (BD opens the basic page). */
  status: applicationStatusSchema,
  disclosureTypeShortCode: typeCodeSchema,
});
export type ApplicantResultSummaryRow = z.output<typeof applicantResultSummaryRowSchema>;

/** Result summary row of the organisation (spec 01 section 3). */
export const organisationResultSummaryRowSchema = z.object({
  ...resultSummaryRowStart,
  csgCode: z.string().nullable(),
  viewedStatus: viewedStatusSchema,
  /** Not in the spec: RESULT_READY (not viewed) or RESULT_VIEWED, for organisationRowPath. */
  status: applicationStatusSchema,
  disclosureTypeShortCode: typeCodeSchema,
});
export type OrganisationResultSummaryRow = z.output<typeof organisationResultSummaryRowSchema>;

/**
 * A row of either dashboard's applications list (GET /api/draftApplications/applicant-applications-summary and
 * GET /ags/disclosure-summaries). Rows with a result carry its `resultId` and `resultType`; `status` is the
 * caller's side's status (the organisation sees RESULT_ISSUED while a result is held back from it).
 */
export const applicationSummaryRowSchema = z.object({
  id: z.string(),
  reference: z.string(),
  applicantName: z.string().nullable(),
  status: applicationStatusSchema,
  daysRemaining: z.number().int().nullable(),
  type: z.string(),
  organisationName: z.string().nullable(),
  /** Applicants only: the organisation's payment type (decides between the two Level 2 journeys). */
  onlinePaymentType: z.string().nullable().optional(),
  resultId: z.string().nullable(),
  /** The result's disclosure type (a Basic result opens /results/{id}/basic); null without a result. */
  resultType: typeCodeSchema.nullable(),
});
export type ApplicationSummaryRow = z.output<typeof applicationSummaryRowSchema>;
export const applicationSummariesSchema = z.object({
  summaries: z.array(applicationSummaryRowSchema),
  totalElements: z.number().int(),
});

// ---------- applicant endpoints (spec 02 section 7) ----------

export const applicantResultsSummaryContract = readEndpoint(
  '/api/applicant-results-summary',
  z.object({
    summaries: z.array(applicantResultSummaryRowSchema),
    totalElements: z.number().int(),
  }),
);

/**
 * A result of the caller's own. First call records the first view. After the 14 days: 410 RESULT_VIEWING_EXPIRED.
 * A basic result is refused here (404): it is read only through the basic endpoint.
 */
export const resultContract = defineEndpoint({ ...onApplicantResult('GET'), response: resultSchema });

/** A basic result: readable 15 minutes from the first opening, then 410 BASIC_RESULT_TIMED_OUT. */
export const basicResultContract = defineEndpoint({
  method: 'GET',
  path: '/api/results/basic/:id',
  params: resultParamsSchema,
  response: basicResultSchema,
});

/** The applicant intends to appeal to a sheriff: refused (409 APPEAL_NOT_ALLOWED) unless the question applies. */
export const intendToAppealContract = defineEndpoint({
  ...onApplicantResult('POST', '/intend-to-appeal'),
  response: z.object({
    appealDecision: z.literal('INTENDS_TO_APPEAL'),
    scheduledPendingReleaseDate: apiDateSchema.nullable(),
    appealDeadline: apiDateSchema.nullable(),
  }),
});

/**
 * The applicant releases the result to the organisation (will not appeal, or after the appeal's outcome).
 * Refused (409 APPEAL_NOT_ALLOWED) when there is nothing to release, once released, or while an appeal is
 * intended without an outcome.
 */
export const releaseResultContract = defineEndpoint({
  ...onApplicantResult('POST', '/release'),
  response: z.object({
    appealDecision: z.enum(['WONT_APPEAL', 'APPEAL_RELEASED']),
    releasedToOrganisationOn: instantSchema,
    /**
     * Whether the page goes on to share (afterReleasePath): the result is shareable and, now that it is released,
     * the server would accept a share (its share window still open on the server's clock).
     */
    shareable: z.boolean(),
  }),
});

/** Request a review of a review-eligible scheme record (409 REVIEW_NOT_ALLOWED otherwise, or once requested). */
export const requestReviewContract = defineEndpoint({
  ...onApplicantResult('POST', '/request-review'),
  response: z.object({
    status: z.literal('REVIEW_REQUESTED'),
    reviewExpiryDate: apiDateSchema,
  }),
});

// ---------- organisation endpoints (spec 01 section 7) ----------

export const orgParamsSchema = z.object({ orgCode: orgCodeSchema });
export const orgResultParamsSchema = z.object({ orgCode: orgCodeSchema, id: resultIdSchema });

/**
 * Results released to the caller's organisation. Filters of spec 01 section 7, empty ones dropped; `userId`
 * present means "my results" (the server uses the caller's own countersignatory, whatever the value). A date of
 * issue in the future is refused with fieldErrors.dateOfIssue. 403 COUNTERSIGNATORY_EMPTY when the caller's
 * countersignatory record is empty; 403 DECLARATION_REQUIRED without today's declaration; another
 * organisation's code is 404.
 */
export const organisationResultsSummaryContract = defineEndpoint({
  method: 'GET',
  path: '/api/organisation/:orgCode/results-summary',
  params: orgParamsSchema,
  query: resultsSummaryQuerySchema,
  response: z.object({
    summaries: z.array(organisationResultSummaryRowSchema),
    totalElements: z.number().int(),
    /** Present when the count stopped at its bound: there are more than totalElements. */
    totalIsLowerBound: z.literal(true).optional(),
  }),
});

/** A result released to the caller's organisation; the first call records the organisation's view (row "Viewed"). */
export const organisationResultContract = defineEndpoint({
  method: 'GET',
  path: '/api/organisation/:orgCode/results/:id',
  params: orgResultParamsSchema,
  response: resultSchema,
});

// ---------- the tracker of /submitted/{applicationToken} ----------

export const TRACKER_STAGES = [
  'RECEIVED',
  'CHECKS_UNDER_WAY',
  'RESULT_ISSUED',
] as const satisfies readonly TrackerStage[];

/** Where a submitted application is: 404 for a token that is not the caller's or not submitted. */
export const applicationProgressContract = defineEndpoint({
  ...onDraft('GET', '/progress'),
  response: z.object({
    applicationReference: z.string(),
    stage: z.enum(TRACKER_STAGES),
    /** The day the application was submitted (Europe/London). */
    receivedOn: apiDateSchema,
    /** The processing aim (14 working days, Scottish bank holidays excluded) counted from receivedOn. */
    expectedBy: apiDateSchema,
    processingAimWorkingDays: z.number().int(),
    /** A reason for a delay added by casework, shown to the applicant; null without one. */
    delayReason: z.string().nullable(),
    /** The result, once issued: where the page links (null before). */
    resultId: z.string().nullable(),
    resultType: typeCodeSchema.nullable(),
  }),
});

export const resultsContracts = [
  applicantResultsSummaryContract,
  resultContract,
  basicResultContract,
  intendToAppealContract,
  releaseResultContract,
  requestReviewContract,
  organisationResultsSummaryContract,
  organisationResultContract,
  applicationProgressContract,
] as const;
