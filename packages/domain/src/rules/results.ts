import type { ApplicationStatus } from '../codes';
import { BASIC_VIEWING_MS, RESULT_VIEWING_DAYS } from '../limits';
import { addUtcDays, DAY_MS, toInstant, utcStartOf } from './dates';
import { deriveApplicationStatus } from './status';

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

// ---------- statuses of a result, per side (decision 0011) ----------

export interface ResultFacts {
  /** Casework recorded a review request and no decision yet. */
  isUnderReview: boolean;
  shared: boolean;
  /** The applicant's first view. */
  viewed: boolean;
}

/** The applicant's status of an issued result: REVIEW_REQUESTED, RESULT_SHARED, RESULT_VIEWED or RESULT_READY. */
export function applicantResultStatus(facts: ResultFacts): ApplicationStatus {
  return deriveApplicationStatus({ kind: 'result', ...facts });
}

/**
 * The organisation's status of an issued result: RESULT_ISSUED while held back from it (an appeal may come, or a
 * Basic disclosure, which only the applicant sees), then RESULT_READY ("Not viewed") until a countersignatory of
 * the organisation opens it, then RESULT_VIEWED ("Viewed").
 */
export function organisationResultStatus(facts: {
  releasedToOrganisation: boolean;
  organisationViewed: boolean;
}): ApplicationStatus {
  if (!facts.releasedToOrganisation) return 'RESULT_ISSUED';
  return facts.organisationViewed ? 'RESULT_VIEWED' : 'RESULT_READY';
}

// ---------- working days and the tracker ----------

/** Monday to Friday and not a bank holiday (the caller knows which holidays count). */
export function isWorkingDay(date: string, isHoliday: (date: string) => boolean): boolean {
  const day = utcStartOf(date).getUTCDay();
  return day !== 0 && day !== 6 && !isHoliday(date);
}

/** The date `days` working days after `start` (start itself not counted), YYYY-MM-DD. */
export function addWorkingDays(start: string, days: number, isHoliday: (date: string) => boolean): string {
  let date = start;
  for (let counted = 0; counted < days;) {
    date = addUtcDays(date, 1);
    if (isWorkingDay(date, isHoliday)) counted += 1;
  }
  return date;
}

export type TrackerStage = 'RECEIVED' | 'CHECKS_UNDER_WAY' | 'RESULT_ISSUED';

/**
 * Where a submitted application is: a result issued ends it; until then it is "received" on the day it was
 * submitted and "checks under way" from the next day on (both Europe/London dates).
 */
export function trackerStage(facts: {
  receivedOn: string;
  today: string;
  resultIssued: boolean;
}): TrackerStage {
  if (facts.resultIssued) return 'RESULT_ISSUED';
  return facts.today > facts.receivedOn ? 'CHECKS_UNDER_WAY' : 'RECEIVED';
}
