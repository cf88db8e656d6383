import { BASIC_VIEWING_MS, RESULT_VIEWING_DAYS } from '../limits';
import { DAY_MS, toInstant } from './dates';

/** When a result stops being viewable: 14 days after it was first viewed; null while never viewed. */
export function resultViewingEndsAt(firstViewedOn: Date | string | null | undefined): Date | null {
  if (!firstViewedOn) return null;
  return new Date(toInstant(firstViewedOn).getTime() + RESULT_VIEWING_DAYS * DAY_MS);
}

export function isResultViewable(firstViewedOn: Date | string | null | undefined, now: Date): boolean {
  const end = resultViewingEndsAt(firstViewedOn);
  return end === null || now.getTime() < end.getTime();
}

/** A basic disclosure, once opened, may be read for 15 minutes. */
export function basicViewingEndsAt(openedAt: Date | string): Date {
  return new Date(toInstant(openedAt).getTime() + BASIC_VIEWING_MS);
}

export function isBasicViewingExpired(openedAt: Date | string, now: Date): boolean {
  return now.getTime() >= basicViewingEndsAt(openedAt).getTime();
}

/** Milliseconds until the basic view times out (0 once it has), for the page's timer. */
export function basicViewingRemainingMs(openedAt: Date | string, now: Date): number {
  return Math.max(0, basicViewingEndsAt(openedAt).getTime() - now.getTime());
}
