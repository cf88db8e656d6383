import { z } from 'zod';
import { BASIC_APP_ID_PATTERN, BASIC_STATUSES } from '../rules/basic-applications';
import { normaliseText } from '../validation/normalise';
import { caseworkApplicantDateOfBirthSchema, caseworkApplicantEmailSchema } from './casework-identity';
import { createEndpoint, defineEndpoint } from './define';
import { listEndpoint } from './list-endpoint';
import { apiDateSchema, instantSchema } from './results';

// Basic disclosures (document 2 sections 2, 3 and 9; decision 0052). Applied for through a separate service;
// casework registers each one here for the applicant (by the email address and date of birth of their identity
// account), moves its status, and the applicant sees it on their dashboard with its Basic status and fee.

export const basicAppIdSchema = z.string().regex(BASIC_APP_ID_PATTERN);
export const basicStatusSchema = z.enum(BASIC_STATUSES);
const appIdParams = z.object({ appId: basicAppIdSchema });

/** A Basic application as the applicant sees it. */
export const basicApplicationSchema = z.object({
  appId: z.string(),
  status: basicStatusSchema,
  /** The Basic fee in pence, as it was when the application was made (section 9: £25). */
  feePence: z.number().int(),
  receivedOn: apiDateSchema,
  statusLastChanged: instantSchema,
});
export type BasicApplication = z.output<typeof basicApplicationSchema>;

/** The signed-in applicant's own Basic applications, newest first. APPLICANT and APPLICANT_BASIC. */
export const applicantBasicApplicationsContract = listEndpoint(
  '/api/basic-applications',
  'applications',
  basicApplicationSchema,
);

/** One Basic application of the signed-in applicant's own; anyone else's (or none) is 404. */
export const applicantBasicApplicationContract = defineEndpoint({
  method: 'GET',
  path: '/api/basic-applications/:appId',
  params: appIdParams,
  response: basicApplicationSchema,
});

// ---------- casework (service to service, bearer token) ----------

export const registerBasicApplicationBodySchema = z.object({
  appId: z.preprocess(
    normaliseText,
    z
      .string({ error: 'Enter the Basic application’s id' })
      .regex(BASIC_APP_ID_PATTERN, 'Enter the Basic application’s id: letters, digits, - and _, up to 64'),
  ),
  email: caseworkApplicantEmailSchema,
  dateOfBirth: caseworkApplicantDateOfBirthSchema,
});

/** A Basic application as casework sees it (without the applicant's identity, which it already holds). */
export const caseworkBasicApplicationSchema = basicApplicationSchema.extend({
  /** Whether an applicant's account has it yet (their first sign-in with the email and date of birth). */
  claimed: z.boolean(),
  /** The statuses casework may move it to now. */
  moves: z.array(basicStatusSchema),
});
export type CaseworkBasicApplication = z.output<typeof caseworkBasicApplicationSchema>;

/** Register a Basic application made through the Basic service. 409 BASIC_APPLICATION_EXISTS for a known id. */
export const registerBasicApplicationContract = createEndpoint(
  '/internal/casework/basic-applications',
  registerBasicApplicationBodySchema,
  caseworkBasicApplicationSchema,
);

export const caseworkBasicApplicationsContract = listEndpoint(
  '/internal/casework/basic-applications',
  'applications',
  caseworkBasicApplicationSchema,
);

/** Move a Basic application's status (received, in progress, completed, terminated); 409 for a move not allowed. */
export const moveBasicApplicationContract = defineEndpoint({
  method: 'POST',
  path: '/internal/casework/basic-applications/:appId/status',
  params: appIdParams,
  body: z.object({ status: z.enum(BASIC_STATUSES, { error: 'Select the new status' }) }),
  response: caseworkBasicApplicationSchema,
});
