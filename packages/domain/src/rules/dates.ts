import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '../limits';

// Date helpers of the rules. The barrel re-exports the generally useful ones (see rules/index.ts):
// londonDate for "today in Europe/London" (the declaration date), and the UTC day arithmetic.

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

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

/** Years whose London clock changes follow the rule below (the European one, which the UK has used since 1996). */
const FIRST_RULE_YEAR = 1996;
const LAST_RULE_YEAR = 2099;
/** Per year: when British Summer Time starts and ends, as UTC milliseconds; filled on first use. */
const summerTime: Array<readonly [number, number]> = [];

/** 01:00 UTC on the last Sunday of a month (0-based), when the London clock changes. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS + HOUR_MS;
}

/** The summer-time period of the UTC year of `ms`, or undefined outside the years the rule covers. */
export function summerTimeOf(ms: number): readonly [number, number] | undefined {
  const year = new Date(ms).getUTCFullYear();
  if (year < FIRST_RULE_YEAR || year > LAST_RULE_YEAR) return undefined;
  return (summerTime[year - FIRST_RULE_YEAR] ??= [lastSundayAtOneUtc(year, 2), lastSundayAtOneUtc(year, 9)]);
}

/** The London wall clock of an instant, as milliseconds since the epoch read as if UTC. */
export function londonWallClock(ms: number, period: readonly [number, number]): number {
  return ms >= period[0] && ms < period[1] ? ms + HOUR_MS : ms;
}

/**
 * The calendar date (YYYY-MM-DD) of an instant in Europe/London. Worked out with the summer-time rule where it
 * applies (every authenticated call asks it, for today's declaration); date-fns' time-zone date otherwise. A
 * property test checks both give the same dates across the clock changes.
 */
export function londonDate(instant: Date): string {
  const ms = instant.getTime();
  const period = summerTimeOf(ms);
  if (period) return new Date(londonWallClock(ms, period)).toISOString().slice(0, 10);
  return londonDateByTimeZone(instant);
}

/** The same date from date-fns' time-zone date (the years outside the rule; the property test's reference). */
export function londonDateByTimeZone(instant: Date): string {
  const local = new TZDate(instant.getTime(), TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}
