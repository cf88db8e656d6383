import { z } from 'zod';
import { MAX_ORGANISATION_NAME_LENGTH, MAX_POSITION_LENGTH } from '../limits';
import { normaliseText } from './normalise';

// "Letters" is read as any Unicode letter so names such as Zoë or Seán are accepted; digits are ASCII only.

/** Person names: letters and . , ' ’ - and spaces, no numbers. */
export const NAME_PATTERN = /^[\p{L} .,'\u2019-]+$/u;
/** Free text such as a position or an organisation name: letters, digits and ( ) . , ' / \ : ; & + - and space. */
export const FREE_TEXT_PATTERN = /^[\p{L}0-9 ().,'/\\:;&+-]+$/u;
/** Address text: letters, digits and . , ' & ! - ( ) / \ and space. */
export const ADDRESS_TEXT_PATTERN = /^[\p{L}0-9 .,'&!()/\\-]+$/u;

export interface TextFieldOptions {
  max: number;
  pattern?: RegExp;
  /** What the input goes through first: trimmed and blank dropped (`normaliseText`) unless named. */
  normalise?: (value: unknown) => unknown;
}

/**
 * A trimmed text field whose issues are `${prefix}.required`, `${prefix}.tooLong` and `${prefix}.invalid`.
 * Blank input counts as missing.
 */
export function requiredText(prefix: string, { max, pattern, normalise = normaliseText }: TextFieldOptions) {
  const base = z.string({ error: `${prefix}.required` }).max(max, `${prefix}.tooLong`);
  return z.preprocess(normalise, pattern ? base.regex(pattern, `${prefix}.invalid`) : base);
}

/** As {@link requiredText}, but blank input is dropped (undefined) instead of refused. */
export function optionalText(prefix: string, { max, pattern, normalise = normaliseText }: TextFieldOptions) {
  const base = z.string({ error: `${prefix}.invalid` }).max(max, `${prefix}.tooLong`);
  return z.preprocess(normalise, (pattern ? base.regex(pattern, `${prefix}.invalid`) : base).optional());
}

/** Position applied for: required, up to 64, free-text characters. */
export function positionField(prefix: string) {
  return requiredText(prefix, { max: MAX_POSITION_LENGTH, pattern: FREE_TEXT_PATTERN });
}

/** Organisation name: required, up to 64, free-text characters. */
export function organisationNameField(prefix: string) {
  return requiredText(prefix, { max: MAX_ORGANISATION_NAME_LENGTH, pattern: FREE_TEXT_PATTERN });
}
