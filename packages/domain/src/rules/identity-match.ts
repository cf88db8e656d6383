import { normaliseText } from '../validation/normalise';

/** A calendar date as the journeys hold it. */
interface DateParts {
  year?: number;
  month?: number;
  day?: number;
}

/**
 * A surname as compared with an identity record: trimmed, typographic apostrophes replaced (the form
 * normalisers), then accents, case, and runs of spaces and hyphens ignored ("O’Néill-Smith" = "o'neill smith").
 */
export function surnameForMatch(value: unknown): string {
  const text = normaliseText(value);
  if (typeof text !== 'string') return '';
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en-GB')
    .replace(/[\s-]+/g, ' ');
}

const isoOf = (date: DateParts | undefined): string | null =>
  date?.year && date.month && date.day
    ? `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`
    : null;

/**
 * Linking an emailed application: the signed-in person's identity record must match what the
 * organisation entered — surname and date of birth. Anything missing on either side is not a match.
 */
export function identityMatchesApplicant(
  entered: { surname?: string | undefined; dateOfBirth?: DateParts | undefined },
  identity: { surname: string | null; dateOfBirth: string | null },
): boolean {
  const surname = surnameForMatch(entered.surname);
  const dateOfBirth = isoOf(entered.dateOfBirth);
  return (
    surname !== '' &&
    dateOfBirth !== null &&
    surname === surnameForMatch(identity.surname) &&
    dateOfBirth === identity.dateOfBirth
  );
}
