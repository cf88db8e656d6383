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

export function daysLeftText(days: number): string {
  return days === 1 ? '1 day left' : `${days} days left`;
}

const DAYS_LEFT_STATUSES: readonly ApplicationStatus[] = ['RESULT_VIEWED', 'EXPIRED', 'TERMINATED'];

/** Whether a list row shows its days-left text (section 4: viewed, expired and terminated). */
export function showsDaysLeft(status: ApplicationStatus): boolean {
  return DAYS_LEFT_STATUSES.includes(status);
}
