import { EARLIEST_DATE, TIME_ZONE } from '../limits';

// Calendar arithmetic on plain year/month/day numbers: every "today" is the date in Europe/London, so a
// browser in another zone and the server agree on the answer.

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

// The calendar date in London, read with the platform's own time-zone data (Intl, as @date-fns/tz reads it): the
// applicant's journey pages work out ages and the five years of addresses with it, and load no time-zone library.
let londonCalendar: Intl.DateTimeFormat | undefined;

export function londonToday(now: Date): CalendarDate {
  londonCalendar ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = Object.fromEntries(londonCalendar.formatToParts(now).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day! };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1000 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** A sortable number for a date: 20240229. */
export function dateKey({ year, month, day }: CalendarDate): number {
  return year * 10_000 + month * 100 + day;
}

/** The same day `years` earlier; 29 February becomes 28 February in a common year. */
export function yearsBefore(date: CalendarDate, years: number): CalendarDate {
  const year = date.year - years;
  return { year, month: date.month, day: Math.min(date.day, daysInMonth(year, date.month)) };
}

export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' to a calendar date, or undefined when it is not a real date in that format. */
export function parseIsoDate(value: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : undefined;
}

// EARLIEST_DATE is a well-formed constant, so the parse cannot fail.
export const EARLIEST_CALENDAR_DATE = parseIsoDate(EARLIEST_DATE) as CalendarDate;
