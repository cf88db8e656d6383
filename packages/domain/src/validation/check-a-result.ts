import { z } from 'zod';
import { normaliseCheckCode } from '../result-signing/check-code';
import { datePartsSchema } from './date-of-birth';
import { normaliseText } from './normalise';
import { objectOf } from './structure';

// The public "check a result" form (decision 0051): the check code as printed on the copy and the applicant's
// date of birth. A code in the wrong shape is said to be so here; one in the right shape that finds nothing is
// answered "not found" by the server, like every other miss.

export const checkCodeFieldSchema = z.preprocess(
  normaliseText,
  z
    .string({ error: 'checkAResult.checkCode.required' })
    .max(40, 'checkAResult.checkCode.invalid')
    .refine((value) => normaliseCheckCode(value) !== null, 'checkAResult.checkCode.invalid'),
);

export const checkAResultFormSchema = objectOf({
  checkCode: checkCodeFieldSchema,
  dateOfBirth: datePartsSchema('checkAResult.dateOfBirth'),
});
