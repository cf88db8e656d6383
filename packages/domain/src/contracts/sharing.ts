import { z } from 'zod';
import { BACKEND_CODES, PASSCODE_VALIDITIES, type BackendCode } from '../codes';
import { SHARE_CHANNELS } from '../rules/share-channels';
import { additionalInformationPayloadSchema } from '../validation/additional-information';
import { shareConfirmationFormSchema } from '../validation/choices';
import { oneTimeCodeFormSchema } from '../validation/one-time-code';
import { defineEndpoint } from './define';
import { uuidIdSchema } from './ids';
import { instantSchema, onApplicantResult, resultParamsSchema, resultSchema } from './results';

// Contracts of the one-time-code and sharing endpoints (spec 02 sections 3, 4 and 7). Fields the spec does not
// name (marked "not in the spec") carry what the server decided, so the pages never work a rule out themselves.

// ---------- applicant one-time code (step-up before sharing) ----------

/** Sends a 6-digit code by SMS to the applicant's mobile. 429 past the request limit, 409 without a mobile. */
export const otcRequestContract = defineEndpoint({
  method: 'POST',
  path: '/oauth2/api/otc/request',
  /** No fields: the code goes to the mobile on the identity account, never to a number the browser names. */
  body: z.object({}),
  response: z.object({
    /** The last digits of the mobile the code went to (07*******999 shown as ending 0999). */
    partialPhoneNumber: z.string(),
  }),
});

/** Checks a code: VALID, INVALID, EXPIRED or ATTEMPTS_EXCEEDED (3 wrong attempts lock the code). */
export const otcVerifyContract = defineEndpoint({
  method: 'POST',
  path: '/oauth2/api/otc/verify',
  body: oneTimeCodeFormSchema,
  response: z.object({ validationStatus: z.enum(PASSCODE_VALIDITIES) }),
});

// ---------- sharing ----------

export const SHARE_ROUTES = ['recipient-details', 'consent', 'direct'] as const;
export const backendCodeSchema = z.enum(BACKEND_CODES as unknown as [BackendCode, ...BackendCode[]]);

/**
 * Not in the spec: what the share pages may offer for one of the caller's results, decided by the server (the
 * route by type, countersigned and channel; whether a share would be accepted now and, if not, why; whether a
 * one-time code is needed first).
 */
export const shareOptionsContract = defineEndpoint({
  ...onApplicantResult('GET', '/share-options'),
  response: z.object({
    route: z.enum(SHARE_ROUTES),
    /** A share would be accepted now (apart from the one-time code). */
    allowed: z.boolean(),
    /** Why not, when not: SHARE_LIMIT_EXCEEDED, SHARE_COOLDOWN_TIMER_NOT_MET or SHARE_NOT_ALLOWED. */
    refusal: backendCodeSchema.nullable(),
    /** The applicant must first prove it is them with a one-time code. */
    stepUpRequired: z.boolean(),
    /**
     * A review-eligible scheme record whose review was not asked for: the applicant must first choose to share
     * and confirm why on /share-confirmation (decision 0054).
     */
    purposeConfirmationRequired: z.boolean(),
    sharedPaperResult: z.boolean(),
    /** A paper copy can still be asked for (once, APPLICANT only): the share page asks "digitally?" first. */
    paperOffered: z.boolean(),
    disclosureTypeShortCode: z.string(),
  }),
});

/** The consent route's body: the applicant ticked "share my scheme membership" (pvgConfirmShareFormSchema). */
export const shareBodySchema = z.object({ confirmShare: z.boolean().optional() });

/**
 * Shares a result digitally (the direct and consent routes). Refused with 409 SHARE_LIMIT_EXCEEDED,
 * SHARE_COOLDOWN_TIMER_NOT_MET or SHARE_NOT_ALLOWED (window closed, appeal intended, review under way, wrong
 * route), 403 STEP_UP_REQUIRED without a verified one-time code, 404 for a result that is not the caller's.
 */
export const shareResultContract = defineEndpoint({
  ...onApplicantResult('POST', '/share'),
  body: shareBodySchema,
  response: z.object({
    shareId: z.string(),
    sharedOn: instantSchema,
  }),
});

/**
 * Asks for one paper copy of the result (APPLICANT only). It becomes a print request; afterwards only digital
 * sharing is offered. Refused with 409 PAPER_SHARE_ALREADY_USED the second time, 409 SHARE_NOT_ALLOWED when
 * the result cannot be shared now, 403 STEP_UP_REQUIRED without a verified one-time code.
 */
export const sharePaperContract = defineEndpoint({
  ...onApplicantResult('POST', '/share/paper'),
  response: z.object({
    shareId: z.string(),
    sharedOn: instantSchema,
  }),
});

/**
 * Not in the spec: the applicant chose to share a review-eligible scheme record rather than request a review
 * (share purpose SHARE) and ticked /share-confirmation's box. Recorded in the session for this result; the share
 * calls refuse such a record without it (409 SHARE_PURPOSE_NOT_CONFIRMED). 404 for a result that is not the
 * caller's; 409 SHARE_NOT_ALLOWED for a result that cannot be shared now.
 */
export const sharePurposeContract = defineEndpoint({
  ...onApplicantResult('POST', '/share-purpose'),
  /** /share-confirmation's box (the domain's form rule) and the purpose chosen on the share-or-review page. */
  body: shareConfirmationFormSchema.extend({
    purpose: z.literal('SHARE', { error: 'shareOrReview.purpose.required' }),
  }),
  response: z.object({ purpose: z.literal('SHARE') }),
});

// ---------- who can see my result ----------

/**
 * Not in the spec: what a share is now. Paper copies are print requests: requested, then sent by post. A link
 * locked by too many wrong answers or codes (decisions 0022, 0039) is LOCKED until the applicant shares again.
 */
export const SHARE_STATUSES = [
  'ACTIVE',
  'STOPPED',
  'LOCKED',
  'EXPIRED',
  'PAPER_REQUESTED',
  'PAPER_SENT',
] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];
/** Who a share went to: the organisation on the application, a named person, or the applicant by post. */
export const SHARE_RECIPIENT_KINDS = ['ORGANISATION', 'PERSON', 'APPLICANT_BY_POST'] as const;

const shareParamsSchema = resultParamsSchema.extend({ shareId: uuidIdSchema });

export const shareEntrySchema = z.object({
  shareId: z.string(),
  channel: z.enum(SHARE_CHANNELS),
  recipientKind: z.enum(SHARE_RECIPIENT_KINDS),
  /** The organisation's or person's name as the service knows it; null when it does not (or by post). */
  recipientName: z.string().nullable(),
  sharedOn: instantSchema,
  /** When the recipient's link stops working (a named recipient's link only: the organisation gets no link). */
  expiresOn: instantSchema.nullable(),
  status: z.enum(SHARE_STATUSES),
  /** When the applicant stopped the link. */
  stoppedOn: instantSchema.nullable(),
  /** When the recipient's link locked after too many wrong identity answers or text-message codes. */
  lockedOn: instantSchema.nullable(),
  /** When the paper copy was posted. */
  sentOn: instantSchema.nullable(),
  /** Each time the recipient opened the shared result, oldest first. */
  openings: z.array(instantSchema),
  /** The applicant can stop this share now (an active digital link). */
  canStop: z.boolean(),
  /**
   * The email that carried the recipient's link: on its way, sent, delivered, or not delivered (then the next
   * share need not wait for the cooldown). Null when no email was sent (the organisation, a paper copy).
   */
  emailDelivery: z.enum(['PENDING', 'SENT', 'DELIVERED', 'NOT_DELIVERED']).nullable(),
});
export type ShareEntry = z.output<typeof shareEntrySchema>;

/**
 * Not in the spec: every share of one of the caller's results ("who can see my result"), newest first, with
 * each time it was opened. 404 for a result that is not the caller's.
 */
export const resultSharesContract = defineEndpoint({
  ...onApplicantResult('GET', '/shares'),
  response: z.object({
    resultId: z.string(),
    disclosureTypeShortCode: z.string(),
    shares: z.array(shareEntrySchema),
  }),
});

/**
 * Shares a result with a named recipient by email link: the recipient-details route (Level 1 not countersigned,
 * B2B) with the full form of spec 02 section 5 (recipientName, recipientAddress, recipientEmail,
 * recipientPhoneNumber, recipientPositionAppliedFor, applicantEmail). The body is checked on the server against
 * the form the result's route needs (400 VALIDATION_FAILED with field errors); the same refusals as the digital
 * share. The recipient is emailed a link after the share commits.
 */
export const shareThirdPartyContract = defineEndpoint({
  ...onApplicantResult('POST', '/share/thirdparty'),
  body: z.record(z.string(), z.unknown()),
  response: z.object({
    shareId: z.string(),
    sharedOn: instantSchema,
    /** Not in the spec: when the recipient's link stops working. */
    linkExpiresAt: instantSchema,
  }),
});

// ---------- the recipient of a shared result (public: a link, no account) ----------

/**
 * The link's token as the spec's calls carry it (spec 02 section 7), optional: the pages never send it (the server
 * exchanged it for an HttpOnly cookie on the first page, decision 0022), a client built to the spec does. A call
 * with a token exchanges it for the recipient's cookie first (set on the answer), then answers as for the cookie.
 */
export const linkTokenField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This is not a link token')
  .optional();

/** A link's token as the spec's calls carry it: 43 URL-safe characters (256 bits, decision 0022). */
export const linkTokenSchema = linkTokenField.unwrap();

/** A query or body that carries only the link's token. */
const linkTokenOnlySchema = z.object({ token: linkTokenField });

/**
 * Checks the recipient's link: `?token=` (spec) or the cookie. A made-up, malformed or stopped link, or no link
 * at all, is 404 SHARED_RESULT_LINK_INVALID (broken or replaced); an expired link is 410
 * SHARED_RESULT_LINK_EXPIRED; a link whose use is spent (bound to the browser that first answered its challenge,
 * decision 0039) is 410 SHARED_RESULT_LINK_ALREADY_USED (both: the expired page). Decision 0053.
 */
export const sharedLinkValidateContract = defineEndpoint({
  method: 'GET',
  path: '/api/access/shared-results/link/validate',
  query: linkTokenOnlySchema,
  response: z.object({ valid: z.literal(true) }),
});

/**
 * The recipient's identity check: the applicant's date of birth (YYYY-MM-DD), the application reference and (spec)
 * the link's token, or the cookie. A wrong answer is 400 VALIDATE_VIEW_SHARED_RESULT_INVALID (a message in the
 * form); the last allowed wrong answer locks the link with 401 VIEW_SHARED_RESULT_ATTEMPTS_EXCEEDED (the
 * incorrect-details page, spec 02 section 8); a link that does not work answers as the validate call does.
 */
export const sharedAdditionalInformationContract = defineEndpoint({
  method: 'POST',
  path: '/api/access/shared-results/additional-information',
  body: additionalInformationPayloadSchema.omit({ token: true }).extend({ token: linkTokenField }),
  response: z.object({ sharedResultId: z.string() }),
});

/** What a recipient reads: the content of the result (no applicant-side status, appeal or review facts). */
export const sharedResultSchema = resultSchema
  .pick({
    disclosureType: true,
    disclosureTypeShortCode: true,
    disclosureNumber: true,
    name: true,
    address: true,
    dateOfBirth: true,
    dateOfIssue: true,
    aboutResultText: true,
    reportInaccurateInfo: true,
    channel: true,
    higherLevelResultInformation: true,
    vettingInformation: true,
  })
  .extend({
    sharedResultId: z.string(),
    /** When the link stops working: the page then goes to the expired-link page. */
    linkExpiresAt: instantSchema,
  });
export type SharedResult = z.output<typeof sharedResultSchema>;

/**
 * The shared result, for the recipient's session that passed the identity check for this share. 401
 * SHARED_RESULT_LINK_EXPIRED once the link expired, was stopped or the recipient's session ended.
 */
export const sharedResultContract = defineEndpoint({
  method: 'GET',
  path: '/api/shared-results/:id',
  params: z.object({ id: z.uuid() }),
  /** The page's own polling says refresh=true: only a page load counts (and is audited) as an opening. */
  query: z.object({ refresh: z.enum(['true']).optional() }),
  response: sharedResultSchema,
});

// ---------- the recipient of a basic result's link (a text-message code instead of identity questions) ----------

/** Where a basic link's text-message code goes, as the recipient's pages show it. */
const codePhoneSchema = z.object({
  /** Spec: the phone the code goes to, masked as the page shows it (`*******0456`), never the whole number. */
  phoneNumber: z.string().nullable(),
  /** Only the last 4 digits of the phone the applicant gave (null when it has 4 digits or fewer). */
  phoneNumberEnding: z.string().nullable(),
});

/**
 * A call on a basic link that answers where its code goes. The body is the spec's: the link's token; the pages send
 * none (the cookie).
 */
const codePhoneContract = <const P extends string>(path: P) =>
  defineEndpoint({ method: 'POST', path, body: linkTokenOnlySchema, response: codePhoneSchema });

/**
 * Checks a basic link (body `token`, spec; or its cookie): where the code will go. Failures as for the validate
 * call.
 */
export const sharedBasicCheckContract = codePhoneContract('/api/access/shared-results/basic/check');

/**
 * Not in the spec: stops a digital share at once (its link no longer opens). Stopping a stopped share changes
 * nothing and answers the same; a paper copy cannot be stopped (409 SHARE_NOT_REVOCABLE); a share or result
 * that is not the caller's is 404.
 */
export const revokeShareContract = defineEndpoint({
  method: 'POST',
  path: '/api/results/:id/shares/:shareId/revoke',
  params: shareParamsSchema,
  response: shareEntrySchema,
});

/**
 * Sends a 6-digit code by SMS to the phone the applicant gave for the recipient (2 per 15 minutes, then 429
 * NUMBER_OF_ATTEMPTS_FOR_OTC_GENERATION_EXCEEDED).
 */
export const basicOnlineResultCodeContract = codePhoneContract('/api/otc/basic-online-result');

/**
 * Checks the recipient's code: 400 CODE_INVALID (wrong or expired), 403 CODE_ATTEMPTS_EXCEEDED (3 wrong: the
 * code is locked). A valid code opens the result for BASIC_SHARE_TIMEOUT_MS at
 * /api/shared-results/basic/{sharedResultId}/{viewId}.
 */
export const basicOnlineResultVerifyContract = defineEndpoint({
  method: 'POST',
  path: '/api/otc/basic-online-result/verify',
  body: oneTimeCodeFormSchema,
  response: z.object({ sharedResultId: z.string(), viewId: z.string() }),
});

/**
 * A basic shared result. The pages: a = the share, b = the view the verified code opened (both ids, neither a
 * secret nor the code: the cookie is what lets the recipient in). The spec's call "by token and one-time code": a =
 * the link's token, b = the code from the text message, checked as the verify call checks it (its failures too),
 * and the recipient's cookies set on the answer (decision 0053). 401 SHARED_RESULT_LINK_EXPIRED after the time-out.
 */
export const sharedBasicResultContract = defineEndpoint({
  method: 'GET',
  path: '/api/shared-results/basic/:a/:b',
  params: z.object({
    /** The share's id (a UUID), or the link's token. */
    a: z
      .string()
      .regex(
        /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[A-Za-z0-9_-]{43})$/,
        'Not a shared result or a link token',
      ),
    /** The view's id (a UUID), or the 6-digit code. */
    b: z
      .string()
      .regex(
        /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|\d{6})$/,
        'Not a view or a code',
      ),
  }),
  response: sharedResultSchema.extend({
    /** When the recipient's viewing ends; the page then goes to the expired basic link page. */
    viewingEndsAt: instantSchema,
  }),
});

export const sharingContracts = [
  otcRequestContract,
  otcVerifyContract,
  shareOptionsContract,
  shareResultContract,
  sharePaperContract,
  sharePurposeContract,
  resultSharesContract,
  revokeShareContract,
  shareThirdPartyContract,
  sharedLinkValidateContract,
  sharedAdditionalInformationContract,
  sharedResultContract,
  sharedBasicCheckContract,
  basicOnlineResultCodeContract,
  basicOnlineResultVerifyContract,
  sharedBasicResultContract,
] as const;
