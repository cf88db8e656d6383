import { TZDate } from '@date-fns/tz';
import { differenceInDays } from 'date-fns';
import type { ApplicationStatus } from '../codes';
import { TIME_ZONE } from '../limits';
import { toInstant } from './dates';

/**
 * Days left = max(1, expiredDurationDays − whole days since the status last changed).
 * Whole days are counted on the London clock so a day across a clock change is still one day.
 * The floor of 1 is the spec's: the last day reads "1 day left", never 0 or negative.
 */
export function daysLeft(expiredDurationDays: number, statusLastChanged: Date | string, now: Date): number {
  const since = differenceInDays(
    new TZDate(now.getTime(), TIME_ZONE),
    new TZDate(toInstant(statusLastChanged).getTime(), TIME_ZONE),
  );
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
