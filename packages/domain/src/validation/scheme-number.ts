import { z } from 'zod';
import { objectOf } from './structure';
import { isRealDate } from './dates';
import { normaliseIdentifier } from './normalise';

/** Scheme membership numbers date from 2011, so the two-digit year is read as 20YY. */
export function isValidSchemeMembershipNumber(value: string): boolean {
  if (!/^\d{16}$/.test(value)) return false;
  const [year, month, day] = [value.slice(0, 2), value.slice(2, 4), value.slice(4, 6)].map(Number) as [
    number,
    number,
    number,
  ];
  // Position 14 (counting from 1) carries the kind of record: 3, 4 or 5.
  return isRealDate(2000 + year, month, day) && '345'.includes(value.charAt(13));
}

/** A scheme membership (PVG) number: 16 digits (spaces removed), YYMMDD first, digit 14 is 3, 4 or 5. */
export function schemeMembershipNumberField(prefix: string) {
  return z.preprocess(
    normaliseIdentifier,
    z
      .string({ error: `${prefix}.invalid` })
      .refine(isValidSchemeMembershipNumber, `${prefix}.invalid`)
      .optional(),
  );
}

/** pvg-number: optional. */
export const pvgNumberFormSchema = objectOf({ pvgNumber: schemeMembershipNumberField('pvgNumber') });
