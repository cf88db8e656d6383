import { z } from 'zod';
import { APPLICATION_TYPE_CODES, type ApplicationTypeCode } from '../codes';
import { MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH } from '../limits';
import { normaliseText } from '../validation/normalise';
import { caseworkApplicantDateOfBirthSchema, caseworkApplicantEmailSchema } from './casework-identity';
import { createEndpoint } from './define';
import { APPLICATION_REFERENCE_PATTERN } from './ids';
import { applicationStatusSchema } from './results';

// Applications received on paper (channel P; spec 01 section 3, spec 02 section 3; decision 0053): casework
// registers one with the reference printed on the form, for the applicant's identity (email address and date of
// birth, kept only as a hash, claimed by their verified account at its first read, as Basic ones are). It is then
// a submitted application like any other: on the applicant's dashboard, its result issued by casework.

/** Every type but the Basic disclosure, which has its own service and registration (decision 0052). */
export const PAPER_TYPE_CODES = APPLICATION_TYPE_CODES.filter((code) => code !== 'BD') as [
  ApplicationTypeCode,
  ...ApplicationTypeCode[],
];

const text = (max: number, missing: string, tooLong: string) =>
  z.preprocess(normaliseText, z.string({ error: missing }).min(1, missing).max(max, tooLong));
const optionalText = (max: number, tooLong: string) =>
  z.preprocess(normaliseText, z.string().max(max, tooLong).optional());

export const registerPaperApplicationBodySchema = z.object({
  reference: z.preprocess(
    normaliseText,
    z
      .string({ error: 'Enter the application reference from the form' })
      .regex(APPLICATION_REFERENCE_PATTERN, 'Enter the application reference like DS-7K3M9-Q2XHD'),
  ),
  typeCode: z.enum(PAPER_TYPE_CODES, { error: 'Select the type of application' }),
  forename: text(
    MAX_NAME_LENGTH,
    'Enter the applicant’s first name',
    'First name must be 100 characters or fewer',
  ),
  middleNames: optionalText(MAX_NAME_LENGTH, 'Middle names must be 100 characters or fewer'),
  surname: text(
    MAX_NAME_LENGTH,
    'Enter the applicant’s last name',
    'Last name must be 100 characters or fewer',
  ),
  email: caseworkApplicantEmailSchema,
  dateOfBirth: caseworkApplicantDateOfBirthSchema,
  address: z.object(
    {
      line1: text(MAX_LONG_TEXT_LENGTH, 'Enter the first line of the address', 'Address line 1 is too long'),
      line2: optionalText(MAX_LONG_TEXT_LENGTH, 'Address line 2 is too long'),
      town: text(MAX_LONG_TEXT_LENGTH, 'Enter the town or city', 'Town or city is too long'),
      county: optionalText(MAX_LONG_TEXT_LENGTH, 'County is too long'),
      postcode: optionalText(10, 'Postcode must be 10 characters or fewer'),
      /** A country code; GB when not given. */
      country: z.preprocess(
        normaliseText,
        z
          .string()
          .regex(/^[A-Z]{2}$/, 'Enter the country as a two-letter code, like GB')
          .optional(),
      ),
    },
    { error: 'Enter the applicant’s address' },
  ),
});
export type RegisterPaperApplicationBody = z.output<typeof registerPaperApplicationBodySchema>;

/** A paper application as casework sees it once registered. */
export const paperApplicationSchema = z.object({
  reference: z.string(),
  typeCode: z.string(),
  channel: z.literal('P'),
  status: applicationStatusSchema,
  /** Whether an applicant's account has it yet (their first read with the email and date of birth). */
  claimed: z.boolean(),
});
export type PaperApplication = z.output<typeof paperApplicationSchema>;

/** Register an application received on paper; 409 CONFLICT for a reference already in use. */
export const registerPaperApplicationContract = createEndpoint(
  '/internal/casework/paper-applications',
  registerPaperApplicationBodySchema,
  paperApplicationSchema,
);
