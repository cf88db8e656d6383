import { z } from 'zod';
import { objectOf } from './structure';
import { OTHER_PASSPORT_INPUT_LENGTH, UK_PASSPORT_DIGITS, UK_PASSPORT_INPUT_LENGTH } from '../limits';
import { isUnitedKingdom } from './address';
import { yesNoSchema } from './choices';
import { gatedDetailsSchema } from './gated-details';
import { normaliseText } from './normalise';
import { countryField } from './personal-details';

// eslint-disable-next-line security/detect-non-literal-regexp -- built from a numeric constant
export const UK_PASSPORT_PATTERN = new RegExp(`^\\d{${UK_PASSPORT_DIGITS}}$`);
export const OTHER_PASSPORT_PATTERN = /^\w{1,32}$/;

export const passportCheckFormSchema = objectOf({
  hasPassport: yesNoSchema('passport.hasPassport.required'),
});

/** passport: country of issue and number; a UK number is 9 digits, any other 1 to 32 letters, digits or _. */
export const passportFormSchema = objectOf({
  countryOfIssue: countryField('passport.countryOfIssue'),
  passportNumber: z.preprocess(normaliseText, z.string({ error: 'passport.passportNumber.required' })),
}).transform(({ countryOfIssue, passportNumber }, ctx) => {
  const uk = isUnitedKingdom(countryOfIssue);
  const number = passportNumber.replace(/\s+/g, '').toUpperCase();
  const inputLimit = uk ? UK_PASSPORT_INPUT_LENGTH : OTHER_PASSPORT_INPUT_LENGTH;
  const pattern = uk ? UK_PASSPORT_PATTERN : OTHER_PASSPORT_PATTERN;
  if (passportNumber.length > inputLimit) {
    ctx.addIssue({ code: 'custom', path: ['passportNumber'], message: 'passport.passportNumber.tooLong' });
    return z.NEVER;
  }
  if (!pattern.test(number)) {
    const key = uk ? 'passport.passportNumber.invalidUk' : 'passport.passportNumber.invalid';
    ctx.addIssue({ code: 'custom', path: ['passportNumber'], message: key });
    return z.NEVER;
  }
  return { countryOfIssue, passportNumber: number };
});

/** The passport object of the applicant draft: details only when the applicant has one (see gatedDetailsSchema). */
export const passportSchema = gatedDetailsSchema(
  'hasPassport',
  'passport.hasPassport.required',
  ['passportNumber', 'countryOfIssue'],
  passportFormSchema,
);
