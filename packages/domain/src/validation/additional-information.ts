import { z } from 'zod';
import { objectOf } from './structure';
import { MAX_SHORT_TEXT_LENGTH } from '../limits';
import { datePartsSchema } from './date-of-birth';
import { parseIsoDate } from './dates';
import { normaliseText } from './normalise';
import { linkTokenPayloadSchema } from './one-time-code';
import { requiredText } from './text';

/** Application references are letters, digits and hyphens; the spec shows no format, so the short-text cap applies. */
export const APPLICATION_REFERENCE_PATTERN = /^[A-Za-z0-9-]+$/;

export const applicationReferenceSchema = requiredText('additionalInformation.applicationReference', {
  max: MAX_SHORT_TEXT_LENGTH,
  pattern: APPLICATION_REFERENCE_PATTERN,
});

/** additional-information (recipient): the applicant's date of birth (all parts, a real date) and the reference. */
export const additionalInformationFormSchema = objectOf({
  dateOfBirth: datePartsSchema('additionalInformation.dateOfBirth'),
  applicationReference: applicationReferenceSchema,
});

/** The additional-information call: applicantDateOfBirth as YYYY-MM-DD, the reference and the link token. */
export const additionalInformationPayloadSchema = linkTokenPayloadSchema.extend({
  applicantDateOfBirth: z.preprocess(
    normaliseText,
    z
      .string({ error: 'additionalInformation.dateOfBirth.required' })
      .refine((value) => parseIsoDate(value) !== undefined, 'additionalInformation.dateOfBirth.invalid'),
  ),
  applicationReference: applicationReferenceSchema,
});
