import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { objectOf } from './structure';
import { MAX_PHONE_LENGTH } from '../limits';
import { emailField } from './email';
import { normalisePhoneNumber } from './normalise';
import { requiredText } from './text';

/** After spaces are removed: an optional plus and 7 to 15 digits (the 15-character cap includes the plus). */
export const PHONE_PATTERN = /^\+?\d{7,15}$/;
/** Landline characters: digits and + ( ) / \ - (spaces are removed first). */
export const LANDLINE_PATTERN = /^[0-9+()/\\-]+$/;

// 03 numbers (UAN) are charged as geographic numbers, so they count as landlines.
const LANDLINE_TYPES = new Set(['FIXED_LINE', 'FIXED_LINE_OR_MOBILE', 'UAN']);

/** A number that the UK numbering plan knows as a landline. */
export function isUkLandline(value: string): boolean {
  const phone = parsePhoneNumberFromString(value, 'GB');
  return (
    phone !== undefined &&
    phone.isValid() &&
    phone.country === 'GB' &&
    LANDLINE_TYPES.has(phone.getType() ?? '')
  );
}

/** A phone number: required, spaces removed, optional plus and 7 to 15 digits, at most 15 characters. */
export function phoneField(prefix: string) {
  return requiredText(prefix, {
    max: MAX_PHONE_LENGTH,
    pattern: PHONE_PATTERN,
    normalise: normalisePhoneNumber,
  });
}

export function landlineField(prefix: string) {
  return z.preprocess(
    normalisePhoneNumber,
    z
      .string({ error: `${prefix}.invalid` })
      .max(MAX_PHONE_LENGTH, `${prefix}.tooLong`)
      .regex(LANDLINE_PATTERN, `${prefix}.invalid`)
      .refine(isUkLandline, `${prefix}.notUkLandline`)
      .optional(),
  );
}

/** contact-details: email, mobile (telephone) and an optional UK landline (alternateTelephone). */
export const contactDetailsFormSchema = objectOf({
  email: emailField('contactDetails.email'),
  telephone: phoneField('contactDetails.telephone'),
  alternateTelephone: landlineField('contactDetails.alternateTelephone'),
});
export type ContactDetails = z.output<typeof contactDetailsFormSchema>;

/**
 * A number a text message can go to (a mobile), in international form; null for a landline or nonsense. UK
 * numbers in the 07 range count, including Ofcom's 07700 900xxx range kept for drama and tests, which the
 * numbering metadata calls invalid.
 */
export function mobileNumberForSms(value: string): string | null {
  const phone = parsePhoneNumberFromString(value.replace(/\s+/g, ''), 'GB');
  if (!phone) return null;
  if (phone.isValid()) {
    const type = phone.getType();
    return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? phone.number : null;
  }
  const ukMobileRange = phone.countryCallingCode === '44' && /^7\d{9}$/.test(phone.nationalNumber);
  return ukMobileRange ? phone.number : null;
}
