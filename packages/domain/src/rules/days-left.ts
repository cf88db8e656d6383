import { TZDate } from '@date-fns/tz';
import { differenceInDays } from 'date-fns';
import type { ApplicationStatus } from '../codes';
import { TIME_ZONE } from '../limits';
import { DAY_MS, HOUR_MS, londonWallClock, summerTimeOf, toInstant } from './dates';

/**
 * Whole days from `then` to `now` on the London clock, as date-fns's differenceInDays counts them on London
 * dates: the calendar days between the two London dates, less one when the last day is not complete (the
 * time of day of `now` is earlier than that of `then`). Plain arithmetic on the precomputed offset of each
 * instant; undefined where the shortcut does not apply (outside the covered years, or the one case where
 * date-fns moves a time that does not exist on the spring clock-change day), for the calendar path to answer.
 */
function londonWholeDays(thenMs: number, nowMs: number): number | undefined {
  const thenPeriod = summerTimeOf(thenMs);
  const nowPeriod = summerTimeOf(nowMs);
  if (!thenPeriod || !nowPeriod) return undefined;
  const then = londonWallClock(thenMs, thenPeriod);
  const now = londonWallClock(nowMs, nowPeriod);
  if (now <= then) return 0;
  const thenDay = Math.floor(then / DAY_MS);
  const nowTime = now - Math.floor(now / DAY_MS) * DAY_MS;
  // date-fns steps `now` back to `then`'s date at `now`'s time of day; on the spring change day the hour
  // from 01:00 does not exist and is moved, so that case is left to date-fns itself.
  if (thenDay === Math.floor(thenPeriod[0] / DAY_MS) && nowTime >= HOUR_MS && nowTime < 2 * HOUR_MS) {
    return undefined;
  }
  const thenTime = then - thenDay * DAY_MS;
  return Math.floor(now / DAY_MS) - thenDay - (nowTime < thenTime ? 1 : 0);
}

/** Whole London days by date-fns on time-zone dates: the reference the arithmetic above is proved against. */
export function londonWholeDaysByCalendar(then: Date, now: Date): number {
  return differenceInDays(new TZDate(now.getTime(), TIME_ZONE), new TZDate(then.getTime(), TIME_ZONE));
}

/**
 * Days left = max(1, expiredDurationDays − whole days since the status last changed).
 * Whole days are counted on the London clock so a day across a clock change is still one day.
 * The floor of 1 is the spec's: the last day reads "1 day left", never 0 or negative.
 * Computed with arithmetic on the London offset (lists compute it for every row); the same numbers as
 * date-fns on time-zone dates, which a property test checks across the clock changes.
 */
export function daysLeft(expiredDurationDays: number, statusLastChanged: Date | string, now: Date): number {
  const then = toInstant(statusLastChanged);
  const since = londonWholeDays(then.getTime(), now.getTime()) ?? londonWholeDaysByCalendar(then, now);
  // A change stamped in the future (clock skew between services) counts as no time passed.
  return Math.max(1, expiredDurationDays - Math.max(0, since));
}

const ENDED_STATUSES: readonly ApplicationStatus[] = ['EXPIRED', 'TERMINATED'];

/**
 * The days-left text of a row. On an expired or terminated row nothing is left to do, so the number says
 * when the row goes ("Removed in 14 days"), not a countdown (docs/decisions/0018-days-left-wording.md);
 * the number is the same daysLeft.
 */
export function daysLeftText(days: number, status?: ApplicationStatus): string {
  const unit = days === 1 ? '1 day' : `${days} days`;
  return status && ENDED_STATUSES.includes(status) ? `Removed in ${unit}` : `${unit} left`;
}

const DAYS_LEFT_STATUSES: readonly ApplicationStatus[] = ['RESULT_VIEWED', 'EXPIRED', 'TERMINATED'];

/** Whether a list row shows its days-left text (section 4: viewed, expired and terminated). */
export function showsDaysLeft(status: ApplicationStatus): boolean {
  return DAYS_LEFT_STATUSES.includes(status);
}
