import {
  REMINDER_APPEAL_DAYS_BEFORE,
  REMINDER_COUNTERSIGNATORY_DAYS_BEFORE,
  REMINDER_DRAFT_DAYS_BEFORE,
  REMINDER_HANDOVER_DAYS_BEFORE,
  REMINDER_LATE_DAYS,
  REMINDER_RESULT_UNVIEWED_DAYS_AFTER,
  REMINDER_SHARE_WINDOW_DAYS_BEFORE,
  REMINDER_VIEWING_ENDS_DAYS_BEFORE,
} from '../limits';
import { appealDeadline } from './appeals';
import { DAY_MS, toInstant, utcStartOf } from './dates';
import { resultViewingEndsAt } from './results';
import { shareWindowEndsAt } from './sharing';

/**
 * Reminders before deadlines: each is due from its moment (`from`) until its deadline (`until`), and sent once per
 * deadline (the deadline is part of its key). Pure: the server asks these rules whether a reminder is due now.
 */
export type ReminderKind =
  'handover' | 'draft' | 'result-unviewed' | 'viewing-ends' | 'share-window' | 'appeal' | 'countersignatory';

export interface ReminderWindow {
  from: Date;
  until: Date;
}

const before = (deadline: Date, days: number): ReminderWindow => ({
  from: new Date(deadline.getTime() - days * DAY_MS),
  until: deadline,
});

export function isReminderDue(window: ReminderWindow | null, now: Date): boolean {
  return window !== null && now.getTime() >= window.from.getTime() && now.getTime() < window.until.getTime();
}

/** When a handed-over application expires unless submitted: its status change plus its expiry days. */
export function applicationExpiresAt(statusLastChanged: Date | string, expiredDurationDays: number): Date {
  return new Date(toInstant(statusLastChanged).getTime() + expiredDurationDays * DAY_MS);
}

/**
 * A handed-over application: before it expires, the applicant who has not opened the link is reminded of the
 * link (`handover`), one who opened it but has not submitted is reminded of their draft (`draft`), and the
 * countersignatory gets it in their daily digest (`countersignatory`).
 */
export function applicationReminderWindow(
  kind: 'handover' | 'draft' | 'countersignatory',
  expiresAt: Date,
): ReminderWindow {
  const days = {
    handover: REMINDER_HANDOVER_DAYS_BEFORE,
    draft: REMINDER_DRAFT_DAYS_BEFORE,
    countersignatory: REMINDER_COUNTERSIGNATORY_DAYS_BEFORE,
  }[kind];
  return before(expiresAt, days);
}

/** A result not yet viewed: reminded 3 days after it is ready (and no later than a week after that). */
export function resultUnviewedWindow(readyAt: Date | string): ReminderWindow {
  const from = new Date(toInstant(readyAt).getTime() + REMINDER_RESULT_UNVIEWED_DAYS_AFTER * DAY_MS);
  return { from, until: new Date(from.getTime() + REMINDER_LATE_DAYS * DAY_MS) };
}

/** A viewed result: reminded 2 days before it stops being viewable; null while never viewed. */
export function viewingEndsWindow(firstViewedAt: Date | string | null): ReminderWindow | null {
  const end = resultViewingEndsAt(firstViewedAt);
  return end && before(end, REMINDER_VIEWING_ENDS_DAYS_BEFORE);
}

/** A result that can be shared: reminded 2 days before its share window closes. */
export function shareWindowReminderWindow(shareExpiryDate: string): ReminderWindow {
  return before(shareWindowEndsAt(shareExpiryDate), REMINDER_SHARE_WINDOW_DAYS_BEFORE);
}

/**
 * An intended appeal: reminded 3 days before the appeal deadline (the scheduled pending release date minus one
 * day, open to its end).
 */
export function appealReminderWindow(scheduledPendingReleaseDate: string): ReminderWindow {
  const deadlineDay = utcStartOf(appealDeadline(scheduledPendingReleaseDate));
  return {
    from: new Date(deadlineDay.getTime() - REMINDER_APPEAL_DAYS_BEFORE * DAY_MS),
    until: utcStartOf(scheduledPendingReleaseDate),
  };
}

/** The key that makes a reminder once per deadline: its kind, its subject and the deadline's instant. */
export function reminderKey(kind: ReminderKind, subjectId: string, window: ReminderWindow): string {
  return `reminder:${kind}:${subjectId}:${window.until.toISOString()}`;
}
