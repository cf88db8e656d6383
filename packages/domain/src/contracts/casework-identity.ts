import { z } from 'zod';
import { MAX_LONG_TEXT_LENGTH } from '../limits';
import { parseIsoDate } from '../validation/dates';
import { EMAIL_PATTERN } from '../validation/email';
import { normaliseText } from '../validation/normalise';

// The applicant's identity as casework registers an application made outside this service (a Basic disclosure,
// decision 0052; a paper application, decision 0053): the email address and date of birth of the applicant's
// identity account, which their verified account claims it by. One schema for both registrations.

export const caseworkApplicantEmailSchema = z.preprocess(
  normaliseText,
  z
    .string({ error: 'Enter the applicant’s email address' })
    .max(MAX_LONG_TEXT_LENGTH, `Enter an email address of ${MAX_LONG_TEXT_LENGTH} characters or fewer`)
    .regex(EMAIL_PATTERN, 'Enter an email address in the correct format, like name@example.com'),
);

export const caseworkApplicantDateOfBirthSchema = z.preprocess(
  normaliseText,
  z
    .string({ error: 'Enter the applicant’s date of birth' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth as YYYY-MM-DD')
    .refine((v) => parseIsoDate(v) !== undefined, 'Enter a real date of birth'),
);
