import { z } from 'zod';
import { objectOf, memoiseSchemaFactory } from './structure';
import { minimumAgeFor, type DateOfBirthKind } from './age-rules';
import type { CalendarDate } from './dates';
import { EARLIEST_CALENDAR_DATE, dateKey, isRealDate, londonToday, yearsBefore } from './dates';
import { normaliseText } from './normalise';

export { dateOfBirthKindFor, minimumAgeFor, type DateOfBirthKind } from './age-rules';

/** Rules that depend on today take `now`; without it the clock is read when the value is parsed. */
export interface ClockOptions {
  now?: Date;
}

// A part is a number, missing (undefined) or not a number at all (null).
function toDatePart(value: unknown): number | null | undefined {
  const text = normaliseText(value);
  if (text === undefined || text === null) return undefined;
  if (typeof text === 'number') return Number.isInteger(text) ? text : null;
  return typeof text === 'string' && /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/** One part of a date input (day, month or year), and of a month-and-year input. */
export const datePart = z.preprocess(toDatePart, z.number().nullable().optional());

export interface DatePartsRules extends ClockOptions {
  /** Must be before today. */
  past?: boolean;
  /** Not before 1900-01-01. */
  notBeforeEarliest?: boolean;
  /** At least this many years old today. */
  minimumAge?: number;
  /** Key of the too-young issue. */
  tooYoungKey?: string;
}

/**
 * A date entered as day, month and year boxes. Issues: `${prefix}.required` (all blank),
 * `${prefix}.dayRequired` / `.monthRequired` / `.yearRequired` (on that box), `${prefix}.invalid` (not a real
 * date), then per rule `.future`, `.tooEarly` and the too-young key. Parses to numbers.
 */
export function datePartsSchema(prefix: string, rules: DatePartsRules = {}) {
  return z
    .preprocess(
      // A form that never showed the date boxes sends nothing: that is a missing date, not a wrong type.
      (value) => value ?? {},
      objectOf({ day: datePart, month: datePart, year: datePart }, `${prefix}.invalid`),
    )
    .superRefine((parts, ctx) => {
      const { day, month, year } = parts;
      if (day === undefined && month === undefined && year === undefined) {
        ctx.addIssue({ code: 'custom', path: [], message: `${prefix}.required` });
        return;
      }
      const missing = (['day', 'month', 'year'] as const).filter((part) => parts[part] === undefined);
      for (const part of missing) {
        ctx.addIssue({ code: 'custom', path: [part], message: `${prefix}.${part}Required` });
      }
      if (missing.length > 0) return;
      if (
        typeof day !== 'number' ||
        typeof month !== 'number' ||
        typeof year !== 'number' ||
        !isRealDate(year, month, day)
      ) {
        ctx.addIssue({ code: 'custom', path: [], message: `${prefix}.invalid` });
        return;
      }
      const date: CalendarDate = { year, month, day };
      const today = londonToday(rules.now ?? new Date());
      if (rules.past && dateKey(date) >= dateKey(today)) {
        ctx.addIssue({ code: 'custom', path: [], message: `${prefix}.future` });
      } else if (rules.notBeforeEarliest && dateKey(date) < dateKey(EARLIEST_CALENDAR_DATE)) {
        ctx.addIssue({ code: 'custom', path: [], message: `${prefix}.tooEarly` });
      } else if (
        rules.minimumAge !== undefined &&
        dateKey(date) > dateKey(yearsBefore(today, rules.minimumAge))
      ) {
        ctx.addIssue({ code: 'custom', path: [], message: rules.tooYoungKey ?? `${prefix}.tooYoung` });
      }
    })
    .transform((parts) => parts as CalendarDate);
}

/** A date of birth: in the past, not before 1900-01-01, at least 12 (16 for scheme journeys) years old. */
export function dateOfBirthSchema(kind: DateOfBirthKind, prefix = 'dateOfBirth', options: ClockOptions = {}) {
  return datePartsSchema(prefix, {
    ...options,
    past: true,
    notBeforeEarliest: true,
    minimumAge: minimumAgeFor(kind),
    tooYoungKey: kind === 'scheme' ? `${prefix}.tooYoungScheme` : `${prefix}.tooYoung`,
  });
}

/** The date-of-birth step of the applicant journeys. Issues sit under `dateOfBirth`. */
function buildDateOfBirthFormSchema(kind: DateOfBirthKind, options: ClockOptions = {}) {
  return objectOf({ dateOfBirth: dateOfBirthSchema(kind, 'dateOfBirth', options) });
}
export const dateOfBirthFormSchema = memoiseSchemaFactory(buildDateOfBirthFormSchema);
