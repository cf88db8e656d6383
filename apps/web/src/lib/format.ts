import { TIME_ZONE } from '@dis/domain';

// Display formats of spec section 9, always in UK time whatever the computer's own time zone.

/** A day and time on the UK's clock: "23 November 2026" and the hour and minute. */
const UK_DAY_AND_TIME = {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const;

export function formatDateTime(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    ...UK_DAY_AND_TIME,
    second: '2-digit',
    hour12: false,
  }).format(date);
}

/** "DD MMMM YYYY" for an API date (YYYY-MM-DD), without time-zone shifts. */
export function formatLongDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: '2-digit',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/** "DD MMMM YYYY" of an instant, on the UK calendar. */
export function formatInstantDate(instant: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: 'long',
    year: 'numeric',
  }).format(new Date(instant));
}

/**
 * "23 November 2026 at 2:15pm" in UK time, the GOV.UK style for a time ("midnight" and "midday" by name);
 * `at` is the word between the date and the time (from the translations).
 */
export function formatDateAtTime(date: Date, at = 'at'): string {
  const parts = new Intl.DateTimeFormat('en-GB', { ...UK_DAY_AND_TIME, hourCycle: 'h23' }).formatToParts(
    date,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = Number(part('hour'));
  const minute = part('minute');
  let time: string;
  if (minute === '00' && hour === 0) time = 'midnight';
  else if (minute === '00' && hour === 12) time = 'midday';
  else time = `${hour % 12 === 0 ? 12 : hour % 12}:${minute}${hour < 12 ? 'am' : 'pm'}`;
  return `${part('day')} ${part('month')} ${part('year')} ${at} ${time}`;
}

/** Three-letter and common codes for the United Kingdom that are not its ISO 3166 two-letter code (GB). */
const UK_CODES = new Set(['UK', 'GBR']);

/**
 * A country as people read it: an address's country arrives as a code (the spec's default country is GB),
 * so a two-letter region code is shown by its English name from the platform's own list (Intl, like the dates
 * here); anything else (a name typed into a journey) is shown as given.
 */
export function formatCountry(country: string): string {
  const code = country.trim().toUpperCase();
  const region = UK_CODES.has(code) ? 'GB' : code;
  if (!/^[A-Z]{2}$/.test(region)) return country;
  return new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'none' }).of(region) ?? country;
}
