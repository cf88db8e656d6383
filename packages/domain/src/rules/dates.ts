import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '../limits';

// Date helpers of the rules. The barrel re-exports the generally useful ones (see rules/index.ts):
// londonDate for "today in Europe/London" (the declaration date), and the UTC day arithmetic.

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Start (00:00 UTC) of a YYYY-MM-DD date; throws on anything else, since a bad date here is a server bug. */
export function utcStartOf(date: string): Date {
  const match = API_DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const value = new Date(Date.UTC(y, m - 1, d));
  if (value.getUTCFullYear() !== y || value.getUTCMonth() !== m - 1 || value.getUTCDate() !== d) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return value;
}

export function toInstant(value: Date | string): Date {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return instant;
}

export function addUtcDays(date: string, days: number): string {
  return new Date(utcStartOf(date).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date (YYYY-MM-DD) of an instant in Europe/London. */
export function londonDate(instant: Date): string {
  const local = new TZDate(instant.getTime(), TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}
