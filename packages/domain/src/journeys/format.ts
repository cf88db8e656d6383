import type { Workforce } from '../codes';
import { GENDERS } from '../codes';
import type { AddressAnswer, DatePartsAnswer, PersonNameAnswer, YearMonthAnswer } from './answers';

// Display text of check-your-answers rows. Drafts are untrusted JSON, so every helper copes with a
// value of the wrong shape by showing nothing rather than throwing.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const WORKFORCE_TEXT: Record<Workforce, string> = { CHILD: 'Children', ADULT: 'Protected adults' };

export function lines(...values: readonly unknown[]): string[] {
  return values
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .map(String)
    .filter((text) => text.trim() !== '');
}

export function yesNoText(value: unknown): string[] {
  return typeof value === 'boolean' ? [value ? 'Yes' : 'No'] : [];
}

/** DD MMMM YYYY, the spec's long display format. */
export function dateText(date: DatePartsAnswer | undefined): string[] {
  const month = MONTHS[(date?.month ?? 0) - 1];
  if (!month || typeof date?.day !== 'number' || typeof date.year !== 'number') return [];
  return [`${String(date.day).padStart(2, '0')} ${month} ${date.year}`];
}

/** MMMM YYYY, for the months an address was lived in. */
export function monthText(value: YearMonthAnswer | undefined): string[] {
  const month = MONTHS[(value?.month ?? 0) - 1];
  return month && typeof value?.year === 'number' ? [`${month} ${value.year}`] : [];
}

/**
 * A person's name as the lists and emails show it: forename, middle names and surname, without the title; empty
 * when none is given.
 */
export function applicantDisplayName(
  name: Pick<PersonNameAnswer, 'forename' | 'middleNames' | 'surname'> | undefined | null,
): string {
  return [name?.forename, name?.middleNames, name?.surname].filter(Boolean).join(' ');
}

export function nameText(name: PersonNameAnswer | undefined): string[] {
  const title = name?.title === 'Other' ? name.otherTitle : name?.title;
  const full = lines(title, name?.forename, name?.middleNames, name?.surname).join(' ');
  return full === '' ? [] : [full];
}

export function addressText(address: AddressAnswer | undefined): string[] {
  return lines(
    address?.line1,
    address?.line2,
    address?.town,
    address?.county,
    address?.postcode,
    address?.country,
  );
}

export function workforcesText(workforces: unknown): string[] {
  if (!Array.isArray(workforces)) return [];
  return workforces.flatMap((workforce) =>
    typeof workforce === 'string' && Object.hasOwn(WORKFORCE_TEXT, workforce)
      ? [WORKFORCE_TEXT[workforce as Workforce]]
      : [],
  );
}

export function genderText(gender: unknown): string[] {
  return typeof gender === 'string' && Object.hasOwn(GENDERS, gender)
    ? [GENDERS[gender as keyof typeof GENDERS]]
    : [];
}
