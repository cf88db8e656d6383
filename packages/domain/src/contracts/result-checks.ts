import { z } from 'zod';
import { defineEndpoint } from './define';
import { uuidIdSchema } from './ids';
import {
  apiDateSchema,
  instantSchema,
  resultAddressSchema,
  onApplicantResult,
  higherLevelResultInformationSchema,
  typeCodeSchema,
  vettingInformationSchema,
  type VettingInformation,
} from './results';

// Signed results and the public check of a copy (issue 32, decision 0051). Not in the spec: the signed form of a
// result, its check codes, the public check page's call and the service's published keys.

// ---------- the signed form of a result ----------

/** The format a signed result's payload declares, so a verifier knows which fields to expect. */
export const SIGNED_RESULT_FORMAT = 'dis-result/1';

/** Why a version of a result was signed: its issue, or an appeal outcome or review decision that replaced it. */
export const RESULT_VERSION_REASONS = ['ISSUED', 'APPEAL_OUTCOME', 'REVIEW_DECISION'] as const;
export type ResultVersionReason = (typeof RESULT_VERSION_REASONS)[number];

/**
 * What is signed (as RFC 8785 canonical JSON after NFC normalisation): the result's whole content as issued, and
 * the facts that place it (which result, which version, why, when).
 */
export const signedResultPayloadSchema = z.object({
  format: z.literal(SIGNED_RESULT_FORMAT),
  issuer: z.string(),
  resultId: uuidIdSchema,
  version: z.number().int().positive(),
  reason: z.enum(RESULT_VERSION_REASONS),
  signedAt: instantSchema,
  applicationReference: z.string(),
  disclosureNumber: z.string(),
  disclosureTypeShortCode: typeCodeSchema,
  disclosureType: z.string(),
  dateOfIssue: apiDateSchema,
  containsInformation: z.boolean(),
  appealOutcome: z.string().nullable(),
  reviewDecision: z.string().nullable(),
  content: z.object({
    name: z.string(),
    address: resultAddressSchema.nullable(),
    dateOfBirth: z.string().nullable(),
    aboutResultText: z.string(),
    reportInaccurateInfo: z.string(),
    higherLevelResultInformation: higherLevelResultInformationSchema.nullable(),
    vettingInformation: vettingInformationSchema,
  }),
});
export type SignedResultPayload = z.output<typeof signedResultPayloadSchema>;

/** Whether a result contains information: a conviction, a caution, or anything in the higher-level sections. */
export function resultContainsInformation(vetting: VettingInformation): boolean {
  const higher = vetting.higherLevelVettingInformation;
  return (
    vetting.convictions.length > 0 ||
    vetting.cautions.length > 0 ||
    (higher !== null &&
      (higher.prescribedCourtOrders.length > 0 ||
        higher.sexualOffenceNotificationRequirements.length > 0 ||
        higher.oriList.length > 0 ||
        higher.otherRelevantInformation !== null))
  );
}

/** The applicant's download: the signed content and its compact JWS (RFC 7515), verifiable offline. */
export const signedResultContract = defineEndpoint({
  ...onApplicantResult('GET', '/signed'),
  summary: 'Download the signed form of one of your results (JSON with its JWS)',
  response: z.object({
    payload: signedResultPayloadSchema,
    /** Compact JWS over the canonical JSON of `payload`, `alg` EdDSA (Ed25519), `kid` one of the published keys. */
    jws: z.string(),
    kid: z.string(),
    /** SHA-256 of the canonical JSON, hex. */
    digest: z.string(),
    jwksUrl: z.string(),
  }),
});

const publicJwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});

/** The public keys results are signed with: the current one and every earlier one still published. */
export const jwksContract = defineEndpoint({
  method: 'GET',
  path: '/.well-known/jwks.json',
  summary: 'The public keys that verify signed results (JWK Set)',
  response: z.object({ keys: z.array(publicJwkSchema) }),
});

// ---------- check codes ----------

/** The copy a check code was made for: the applicant's own print, or what a recipient of a share sees. */
export const CHECK_COPIES = ['APPLICANT', 'RECIPIENT'] as const;
export type CheckCopy = (typeof CHECK_COPIES)[number];

/** A copy's check code with what its printed copy carries. */
const printedCheckSchema = z.object({
  /** Grouped for display: `7KQ2-M9XD-4TWE`. */
  checkCode: z.string(),
  /** The check page's address with the code. */
  checkUrl: z.string(),
  /** A QR code of `checkUrl`, an SVG drawn on the server. */
  qrSvg: z.string(),
  /** SHA-256 of the signed version's canonical JSON, hex. */
  digest: z.string(),
  version: z.number().int(),
  applicationReference: z.string(),
  disclosureNumber: z.string(),
  dateOfIssue: apiDateSchema,
});
export type PrintedCheck = z.output<typeof printedCheckSchema>;

/** The check code of the applicant's print of their current result (made at the first ask, kept until withdrawn). */
export const resultCheckCodeContract = defineEndpoint({
  ...onApplicantResult('GET', '/check-code'),
  summary: 'The check code and QR code for printing one of your results',
  response: printedCheckSchema,
});

/** The check code of a recipient's copy of a shared result (for the identity-checked recipient). */
export const sharedResultCheckCodeContract = defineEndpoint({
  method: 'GET',
  path: '/api/shared-results/:id/check-code',
  summary: 'The check code and QR code for printing a result shared with you',
  params: z.object({ id: uuidIdSchema }),
  response: printedCheckSchema,
});

export const CHECK_OUTCOMES = ['CURRENT', 'WITHDRAWN', 'REPLACED', 'NOT_FOUND'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/** One copy's check code as the applicant sees it (the code itself is never shown again: only a hash is kept). */
const checkCopySchema = z.object({
  copyId: uuidIdSchema,
  copy: z.enum(CHECK_COPIES),
  /** The share a recipient's copy belongs to. */
  shareId: z.string().nullable(),
  version: z.number().int(),
  createdAt: instantSchema,
  /** What a check of this copy's code answers now. */
  status: z.enum(['CURRENT', 'WITHDRAWN', 'REPLACED']),
  withdrawnAt: instantSchema.nullable(),
  /** Whether the applicant may still withdraw the code (checks of it do not say withdrawn already). */
  withdrawable: z.boolean(),
});

/** Every check code of one of the applicant's results and every successful check made with one. */
export const resultChecksContract = defineEndpoint({
  ...onApplicantResult('GET', '/checks'),
  summary: 'The check codes of one of your results and every check made with them',
  response: z.object({
    resultId: z.string(),
    copies: z.array(checkCopySchema),
    checks: z.array(
      z.object({
        copyId: uuidIdSchema,
        checkedAt: instantSchema,
        /** What the person checking was shown. */
        outcome: z.enum(['CURRENT', 'WITHDRAWN', 'REPLACED']),
      }),
    ),
  }),
});

/** Withdraws one copy's check code: checks of it say "withdrawn" from now on. */
export const withdrawCheckCodeContract = defineEndpoint({
  method: 'POST',
  path: '/api/results/:id/check-codes/:copyId/withdraw',
  summary: 'Withdraw the check code of a copy of one of your results',
  params: z.object({ id: uuidIdSchema, copyId: uuidIdSchema }),
  body: z.object({}),
  response: checkCopySchema,
});

// ---------- the public check ----------

/** What the check page's form sends: the code as typed (read leniently) and the date of birth. */
export const checkAResultBodySchema = z.object({
  checkCode: z.string().max(40),
  dateOfBirth: z.string().max(10),
});

/**
 * Anyone, without signing in: a code and the applicant's date of birth. A wrong code, a wrong date of birth, a
 * made-up or malformed code all answer NOT_FOUND, the same way. What is shown is no more than the printed copy.
 */
export const checkAResultContract = defineEndpoint({
  method: 'POST',
  path: '/api/check-a-result',
  summary: 'Check a copy of a result with its check code and the date of birth',
  body: checkAResultBodySchema,
  response: z.discriminatedUnion('outcome', [
    z.object({
      outcome: z.literal('CURRENT'),
      name: z.string(),
      disclosureType: z.string(),
      disclosureTypeShortCode: typeCodeSchema,
      dateOfIssue: apiDateSchema,
      containsInformation: z.boolean(),
      digest: z.string(),
      checkedAt: instantSchema,
    }),
    z.object({ outcome: z.literal('WITHDRAWN'), dateOfIssue: apiDateSchema, checkedAt: instantSchema }),
    z.object({ outcome: z.literal('REPLACED'), dateOfIssue: apiDateSchema, checkedAt: instantSchema }),
    z.object({ outcome: z.literal('NOT_FOUND'), checkedAt: instantSchema }),
  ]),
});
export type CheckAnswer = z.output<typeof checkAResultContract.response>;
