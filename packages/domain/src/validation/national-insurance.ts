import { z } from 'zod';
import { objectOf } from './structure';
import { MAX_NI_NUMBER_LENGTH } from '../limits';
import { yesNoSchema } from './choices';
import { isRevealed, NI_NUMBER_REVEAL, parseInto } from './conditional';
import { normaliseText } from './normalise';

/** Two letters, six digits, a final letter A to D: checked after upper-casing and removing spaces. */
export const NI_NUMBER_PATTERN = /^[A-Z]{2}\d{6}[A-D]$/;
export const BANNED_NI_PREFIXES = ['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ'] as const;

export function isValidNiNumber(normalised: string): boolean {
  return (
    NI_NUMBER_PATTERN.test(normalised) &&
    !(BANNED_NI_PREFIXES as readonly string[]).includes(normalised.slice(0, 2))
  );
}

/** The number as typed (at most 13 characters, e.g. "QQ 12 34 56 C"), stored as "QQ123456C". */
export const niNumberSchema = z.preprocess(
  normaliseText,
  z
    .string({ error: 'nationalInsurance.niNumber.required' })
    .max(MAX_NI_NUMBER_LENGTH, 'nationalInsurance.niNumber.tooLong')
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(isValidNiNumber, 'nationalInsurance.niNumber.invalid'),
);

/** national-insurance-number: yes/no, then the number when yes. */
export const nationalInsuranceFormSchema = objectOf({
  hasNINumber: yesNoSchema('nationalInsurance.hasNINumber.required'),
  niNumber: z.unknown().optional(),
}).transform((value, ctx) => {
  if (!isRevealed(NI_NUMBER_REVEAL, value)) return { hasNINumber: false as const };
  const niNumber = parseInto(niNumberSchema, value.niNumber, ctx, ['niNumber']);
  return niNumber.ok ? { hasNINumber: true as const, niNumber: niNumber.value } : z.NEVER;
});
export type NationalInsurance = z.output<typeof nationalInsuranceFormSchema>;
