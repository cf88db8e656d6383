import { z } from 'zod';
import { defineEndpoint, onResource } from './define';
import { draftTokenOrLinkIdSchema, draftTokenSchema } from './ids';

// The draft API of both sides (spec 01 and 02 section 7 share the paths; the caller's role picks the side), its
// payments and the hand-over. A draft's answers are passed through as the journey stored them: the contracts name
// the fields every draft has and keep the rest (loose objects), so nothing the pages read is dropped. Request bodies
// of the saves are read by the server against the journey's own schemas, which depend on the draft.

const tokenParams = z.object({ token: draftTokenSchema });
/** The contracts on one draft, by its token. */
export const onDraft = onResource('/api/draftApplications/:token', tokenParams);

/** A draft as the page reads it: the journey's answers, and the application's own fields. */
const draftSchema = z.looseObject({
  id: z.string(),
  applicationReference: z.string(),
  applicationTypeCode: z.string(),
  status: z.string(),
  /**
   * The ids of the steps on the draft's walk whose answers are complete (decision 0077): the page walks the journey
   * by them (where it may go, its back link, check your answers) before it has loaded the step schemas.
   */
  completeSteps: z.array(z.string()),
});

/** Starts a draft of a type the caller's role may start: 201 with its token. Organisation and applicant roles. */
export const createDraftContract = defineEndpoint({
  method: 'POST',
  path: '/api/draftApplications',
  /**
   * Spec 01 section 7: "applicationType, no body in the applicant-only case". The organisation names the type; an
   * applicant who sends no body (the server reads an empty body here as `{}`) or names no type starts the
   * applicant-only Level 1 application (LA); an applicant may still name a type they may start (LA, or PB and PD
   * when on). Decision 0008.
   */
  body: z.object({ applicationType: z.string().max(4).optional() }),
  status: 201,
  response: z.object({ draftApplicationToken: z.string(), applicationReference: z.string() }),
});

/** The caller's own draft (anyone else's is 404 DRAFT_NOT_FOUND). */
export const draftContract = defineEndpoint({ ...onDraft('GET'), response: draftSchema });

/** A save of one side's answers: the server reads the body against the journey's own schemas. */
const saveDraftContract = <const Side extends string>(side: Side) =>
  defineEndpoint({ ...onDraft('PUT', `/${side}` as `/${Side}`), ownBody: true, response: draftSchema });

/** Saves the countersignatory's answers (validated against the steps they reach). Organisation roles. */
export const saveOrganisationDraftContract = saveDraftContract('countersignatory');

/** Saves the applicant's answers (the date of birth checked against the identity record). Applicant roles. */
export const saveApplicantDraftContract = saveDraftContract('applicant');

/** The declaration: fixes who pays, how much, and the payment status. Idempotent once declared. */
export const submitDraftContract = defineEndpoint({
  ...onDraft('POST', '/submitted'),
  body: z.object({ agreed: z.unknown().optional() }),
  response: z.object({
    applicationReference: z.string(),
    /** The applicant's side: the application's status as the applicant sees it. */
    status: z.string().optional(),
    onlinePaymentType: z.string(),
    paymentStatus: z.string(),
    /** Pence; 0 when nothing is due. */
    amount: z.number(),
    cardPaymentRequired: z.boolean(),
  }),
});

/** The applicant's submitted application, for its confirmation page (409 before the declaration). */
export const submittedApplicationContract = defineEndpoint({
  ...onDraft('GET', '/submitted'),
  response: z.looseObject({
    applicationReference: z.string(),
    applicationTypeCode: z.string(),
    status: z.string(),
    submittedOn: z.string(),
    /** An unverified Level 1: when its identity documents are due (decision 0055); null when none are awaited. */
    identityDocumentsDueBy: z.iso.datetime().nullable(),
  }),
});

const paymentViewSchema = z.object({
  status: z.string(),
  /** The card page, while the payment runs. */
  nextUrl: z.string().nullable(),
  idVerified: z.boolean(),
});

/** Starts (or returns the running) card payment; the amount is the fee fixed at the declaration. */
export const startPaymentContract = defineEndpoint({
  ...onDraft('POST', '/payment'),
  body: z.object({
    description: z.string().max(250).optional(),
    onlinePaymentType: z.string().max(20).optional(),
    returnUrl: z.string({ error: 'Enter a valid value' }).max(500),
  }),
  response: paymentViewSchema.pick({ status: true, nextUrl: true }),
});

/** The payment's status, asked of the provider (the return from the card page is never trusted). */
export const paymentStatusContract = defineEndpoint({
  ...onDraft('GET', '/payment'),
  response: paymentViewSchema,
});

/** Hands a declared and paid application to the applicant (once; the email goes once). Organisation roles. */
export const completeApplicationContract = defineEndpoint({
  ...onDraft('PUT', '/complete'),
  response: z.object({ applicationReference: z.string(), applicantName: z.string().nullable() }),
});

/** What the organisation handed over: by draft token (organisation) or by the email's link id (applicant). */
export const handoverContract = defineEndpoint({
  method: 'GET',
  path: '/api/draftApplications/:token/handover',
  params: z.object({ token: draftTokenOrLinkIdSchema }),
  response: z.object({
    draftApplicationToken: z.string(),
    applicationReference: z.string(),
    applicationTypeCode: z.string(),
    onlinePaymentType: z.string().nullable(),
    roleDetails: z
      .object({
        volunteerForQualifyingOrganisation: z.boolean().optional(),
        position: z.string().optional(),
        organisationName: z.string().optional(),
      })
      .nullable(),
    workforces: z.array(z.string()).nullable(),
    otherOrganisationName: z.string().nullable(),
  }),
});

/** Links the handed-over application of the emailed link to the signed-in applicant, who must be the one named. */
export const linkApplicationContract = defineEndpoint({
  method: 'POST',
  path: '/api/draftApplications/link/applicant',
  body: z.object({ uuid: z.string().max(100) }),
  response: z.object({
    status: z.string(),
    disclosureTypeShortCode: z.string(),
    draftApplicationToken: z.string(),
    onlinePaymentType: z.string().nullable(),
  }),
});

/** Application details (spec 01 and 02 section 3) for /application/{token}/{status}: the organisation's own, or the applicant's own (decision 0052). */
export const applicationDetailsContract = defineEndpoint({
  method: 'GET',
  path: '/api/application/:token',
  params: tokenParams,
  response: z.object({
    id: z.string(),
    applicationReference: z.string(),
    status: z.string(),
    handoverComplete: z.boolean(),
    applicationTypeCode: z.string(),
    created: z.string(),
    statusLastChanged: z.string(),
    expiredDurationDays: z.number().nullable(),
    countersignatory: z.looseObject({ applicantName: z.string().nullable() }),
    /** The applicant's hand-over email: on its way, sent, delivered or not delivered; null before the hand-over. */
    handoverEmail: z.enum(['PENDING', 'SENT', 'DELIVERED', 'NOT_DELIVERED']).nullable(),
  }),
});
