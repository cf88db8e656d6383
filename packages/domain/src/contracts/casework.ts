import { z } from 'zod';
import { parseIsoDate } from '../validation/dates';
import { normaliseText } from '../validation/normalise';
import { defineEndpoint, onResource, readEndpoint } from './define';
import { listEndpoint } from './list-endpoint';
import { applicationReferenceSchema, uuidIdSchema } from './ids';
import {
  APPEAL_OUTCOMES,
  REVIEW_DECISIONS,
  apiDateSchema,
  applicationStatusSchema,
  typeCodeSchema,
  appealDecisionSchema,
  instantSchema,
  resultIdSchema,
} from './results';

// Contracts of the casework API (/internal/casework/*): service to service, `Authorization: Bearer <token>`
// (config CASEWORK_API_TOKEN). Without the right token every call is 401 UNAUTHENTICATED (and audited).

/** The results casework can issue (decision 0011 says what each holds). */
export const RESULT_PRESETS = {
  'clear-basic': 'Clear Basic disclosure',
  'level-2-convictions': 'Level 2 with convictions, one appealable by a sheriff',
  'level-2-cautions': 'Level 2 with cautions, other relevant information and a prescribed court order',
  'pvg-review-eligible': 'PVG scheme record, review-eligible',
  'pvg-under-consideration': 'PVG scheme record, under consideration',
  barred: 'Barred from regulated work',
} as const;
export type ResultPreset = keyof typeof RESULT_PRESETS;
export const RESULT_PRESET_NAMES = Object.keys(RESULT_PRESETS) as [ResultPreset, ...ResultPreset[]];

export const MAX_DELAY_REASON_LENGTH = 500;

/** The contracts on one application, by its reference, and on one result, by its id. */
const onApplication = onResource(
  '/internal/casework/applications/:reference',
  z.object({ reference: applicationReferenceSchema }),
);
const onResult = onResource('/internal/casework/results/:id', z.object({ id: resultIdSchema }));

export const issueResultBodySchema = z.object({
  preset: z.enum(RESULT_PRESET_NAMES, { error: 'Select the result to issue' }),
  /** Only for a result with an appealable conviction; a date after today. Defaults to 28 working days on. */
  scheduledPendingReleaseDate: z.preprocess(
    normaliseText,
    z
      .string({ error: 'Enter a real scheduled pending release date' })
      .refine((v) => parseIsoDate(v) !== undefined, 'Enter a real scheduled pending release date')
      .optional(),
  ),
});

export const caseworkResultFactsSchema = z.object({
  resultId: z.string(),
  preset: z.enum(RESULT_PRESET_NAMES),
  disclosureTypeShortCode: typeCodeSchema,
  dateOfIssue: apiDateSchema,
  appealDecision: appealDecisionSchema,
  appealOutcome: z.enum(APPEAL_OUTCOMES).nullable(),
  scheduledPendingReleaseDate: apiDateSchema.nullable(),
  releasedToOrganisationOn: instantSchema.nullable(),
  isUnderReview: z.boolean(),
  reviewDecision: z.enum(REVIEW_DECISIONS).nullable(),
  /** Whether casework may record an appeal outcome now (the applicant intends to appeal, no outcome yet). */
  appealOutcomeOpen: z.boolean(),
  /** Whether casework may record a review decision now (a review was requested, no decision yet). */
  reviewDecisionOpen: z.boolean(),
});

export const caseworkApplicationSchema = z.object({
  reference: z.string(),
  typeCode: z.string(),
  status: applicationStatusSchema,
  organisationName: z.string().nullable(),
  applicantName: z.string().nullable(),
  createdAt: instantSchema,
  terminable: z.boolean(),
  /** SUBMITTED or B2B_SUBMITTED and no result yet. */
  issuable: z.boolean(),
  delayReason: z.string().nullable(),
  result: caseworkResultFactsSchema.nullable(),
});
export type CaseworkApplication = z.output<typeof caseworkApplicationSchema>;

export const caseworkApplicationsContract = listEndpoint(
  '/internal/casework/applications',
  'applications',
  caseworkApplicationSchema,
);

export const caseworkApplicationContract = defineEndpoint({
  ...onApplication('GET'),
  response: caseworkApplicationSchema,
});

/** Issue a result: only for SUBMITTED or B2B_SUBMITTED (else 409 CONFLICT); emails the applicant. */
export const issueResultContract = defineEndpoint({
  ...onApplication('POST', '/result'),
  body: issueResultBodySchema,
  response: caseworkResultFactsSchema.extend({ applicationReference: z.string() }),
});

export const terminateApplicationContract = defineEndpoint({
  ...onApplication('POST', '/terminate'),
  response: z.object({
    reference: z.string(),
    previousStatus: applicationStatusSchema,
    status: z.literal('TERMINATED'),
  }),
});

/**
 * The identity and address documents of an unverified Level 1 application have arrived by post (spec 02 section
 * 9, decision 0055): the application is no longer cancelled at its 14 days. Only for a submitted application that
 * awaits them (409 otherwise, 404 for no sent application).
 */
export const identityDocumentsReceivedContract = defineEndpoint({
  ...onApplication('POST', '/identity-documents-received'),
  response: z.object({
    reference: z.string(),
    status: applicationStatusSchema,
    awaitingIdentityDocuments: z.literal(false),
  }),
});

/** Add (or replace) the reason for a delay shown on the applicant's tracker; only before a result is issued. */
export const delayReasonContract = defineEndpoint({
  ...onApplication('POST', '/delay-reason'),
  body: z.object({
    reason: z.preprocess(
      normaliseText,
      z
        .string({ error: 'Enter the reason for the delay' })
        .max(MAX_DELAY_REASON_LENGTH, `The reason must be ${MAX_DELAY_REASON_LENGTH} characters or fewer`),
    ),
  }),
  response: z.object({ reference: z.string(), delayReason: z.string() }),
});

/** Record the decision on a requested review; ends REVIEW_REQUESTED and emails the applicant. */
export const reviewDecisionContract = defineEndpoint({
  ...onResult('POST', '/review-decision'),
  body: z.object({ decision: z.enum(REVIEW_DECISIONS, { error: 'Select the review decision' }) }),
  response: z.object({ resultId: z.string(), reviewDecision: z.enum(REVIEW_DECISIONS) }),
});

/** Record the outcome of an intended appeal; the applicant may then release the result. */
export const appealOutcomeContract = defineEndpoint({
  ...onResult('POST', '/appeal-outcome'),
  body: z.object({ outcome: z.enum(APPEAL_OUTCOMES, { error: 'Select the appeal outcome' }) }),
  response: z.object({ resultId: z.string(), appealOutcome: z.enum(APPEAL_OUTCOMES) }),
});

// ---------- print requests (paper copies the applicant asked for) ----------

export const PRINT_REQUEST_STATUSES = ['REQUESTED', 'SENT'] as const;
export type PrintRequestStatus = (typeof PRINT_REQUEST_STATUSES)[number];

export const printRequestSchema = z.object({
  /** The print request's id (the paper share's id). */
  id: z.string(),
  resultId: z.string(),
  applicationReference: z.string(),
  disclosureNumber: z.string(),
  requestedAt: instantSchema,
  status: z.enum(PRINT_REQUEST_STATUSES),
  sentAt: instantSchema.nullable(),
});
export type PrintRequest = z.output<typeof printRequestSchema>;

/** Paper copies asked for by applicants, waiting ones first, then newest first. */
export const printRequestsContract = listEndpoint(
  '/internal/casework/print-requests',
  'printRequests',
  printRequestSchema,
);

/** The paper copy has been printed and posted. Marking a sent request again changes nothing. 404 if unknown. */
export const printRequestSentContract = defineEndpoint({
  method: 'POST',
  path: '/internal/casework/print-requests/:id/sent',
  params: z.object({ id: uuidIdSchema }),
  response: printRequestSchema,
});

/** One email or text message in the outbox, as casework sees it (never its personalisation). */
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  template: z.string(),
  recipient: z.string(),
  /** What it is about: `share <id>`, `application <id>`, … */
  about: z.string().nullable(),
  status: z.enum(['pending', 'sent', 'failed', 'expired']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  deliveryStatus: z.string().nullable(),
  createdAt: instantSchema,
  nextAttemptAt: instantSchema.nullable(),
});
export type OutboxMessageView = z.output<typeof outboxMessageSchema>;

/**
 * What is stuck in the outbox: messages still unsent some minutes after they were written (Notify down, or being
 * retried), oldest first, and messages not delivered (given up, expired, or failed at Notify), newest first.
 */
export const caseworkOutboxContract = readEndpoint(
  '/internal/casework/outbox',
  z.object({ unsent: z.array(outboxMessageSchema), undelivered: z.array(outboxMessageSchema) }),
);

export const caseworkContracts = [
  caseworkApplicationsContract,
  caseworkApplicationContract,
  issueResultContract,
  terminateApplicationContract,
  delayReasonContract,
  reviewDecisionContract,
  appealOutcomeContract,
  printRequestsContract,
  printRequestSentContract,
  caseworkOutboxContract,
  identityDocumentsReceivedContract,
] as const;
