import type { ApplicationTypeCode } from '../codes';
import { MIN_AGE, MIN_AGE_SCHEME } from '../limits';

// The age rule of each application type, free of zod so the journeys can name it without the form rules
// (decision 0077).

/** Which age minimum applies: 12 for disclosures, 16 for the membership-scheme journeys. */
export type DateOfBirthKind = 'standard' | 'scheme';

const SCHEME_AGE_TYPES: readonly ApplicationTypeCode[] = [
  'PA',
  'PB',
  'PC',
  'PD',
  'SR',
  'SS',
  'ER',
  'SM',
  'DM',
];

/** The age rule of an application type: every membership-scheme type needs 16. */
export function dateOfBirthKindFor(applicationTypeCode: ApplicationTypeCode): DateOfBirthKind {
  return SCHEME_AGE_TYPES.includes(applicationTypeCode) ? 'scheme' : 'standard';
}

export function minimumAgeFor(kind: DateOfBirthKind): number {
  return kind === 'scheme' ? MIN_AGE_SCHEME : MIN_AGE;
}
