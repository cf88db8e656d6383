import { z } from 'zod';
import { objectOf } from './structure';
import { GENDERS } from '../codes';
import { MAX_PLACE_OF_BIRTH_LENGTH, MAX_TEXT_LENGTH } from '../limits';
import { normaliseText } from './normalise';
import { requiredText } from './text';

/** Place of birth: letters, digits, space, apostrophe, full stop, ampersand, hyphen, with at least one letter. */
export const PLACE_OF_BIRTH_PATTERN = /^(?=.*\p{L})[\p{L}0-9 '.&-]+$/u;
/** Countries arrive from a picker, as a code or a name. */
export const COUNTRY_PATTERN = /^[\p{L} .,'()&-]+$/u;

const GENDER_CODES = Object.keys(GENDERS) as (keyof typeof GENDERS)[];

export const genderSchema = z.preprocess(normaliseText, z.enum(GENDER_CODES, { error: 'gender.required' }));

export function countryField(prefix: string) {
  return requiredText(prefix, { max: MAX_TEXT_LENGTH, pattern: COUNTRY_PATTERN });
}

export const placeOfBirthSchema = requiredText('placeOfBirth', {
  max: MAX_PLACE_OF_BIRTH_LENGTH,
  pattern: PLACE_OF_BIRTH_PATTERN,
});

export const genderFormSchema = objectOf({ gender: genderSchema });
export const placeOfBirthFormSchema = objectOf({
  placeOfBirth: placeOfBirthSchema,
  countryOfBirth: countryField('countryOfBirth'),
});
export const nationalityFormSchema = objectOf({ nationality: countryField('nationality') });
