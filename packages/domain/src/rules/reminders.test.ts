import { describe, expect, it } from 'vitest';
import { DAY_MS } from './dates';
import {
  appealReminderWindow,
  applicationExpiresAt,
  applicationReminderWindow,
  isReminderDue,
  reminderKey,
  resultUnviewedWindow,
  shareWindowReminderWindow,
  viewingEndsWindow,
} from './reminders';

const at = (iso: string) => new Date(iso);
const justBefore = (d: Date) => new Date(d.getTime() - 1);

describe('reminders before deadlines', () => {
  it('reminds of a hand-over, a draft and the countersignatory 3 days before the application expires', () => {
    const expires = applicationExpiresAt('2026-11-01T10:00:00.000Z', 14);
    expect(expires).toEqual(at('2026-11-15T10:00:00.000Z'));
    for (const kind of ['handover', 'draft', 'countersignatory'] as const) {
      const window = applicationReminderWindow(kind, expires);
      expect(window.from).toEqual(at('2026-11-12T10:00:00.000Z'));
      expect(isReminderDue(window, justBefore(window.from))).toBe(false);
      expect(isReminderDue(window, window.from)).toBe(true);
      expect(isReminderDue(window, justBefore(expires))).toBe(true);
      expect(isReminderDue(window, expires)).toBe(false);
    }
  });

  it('reminds of a result not yet viewed 3 days after it is ready, for a week at most', () => {
    const window = resultUnviewedWindow('2026-11-01T09:00:00.000Z');
    expect(window.from).toEqual(at('2026-11-04T09:00:00.000Z'));
    expect(window.until.getTime() - window.from.getTime()).toBe(7 * DAY_MS);
    expect(isReminderDue(window, at('2026-11-04T08:59:59.999Z'))).toBe(false);
    expect(isReminderDue(window, at('2026-11-04T09:00:00.000Z'))).toBe(true);
  });

  it('reminds 2 days before a viewed result stops being viewable; nothing while never viewed', () => {
    expect(viewingEndsWindow(null)).toBeNull();
    expect(isReminderDue(viewingEndsWindow(null), at('2026-11-01T00:00:00.000Z'))).toBe(false);
    const window = viewingEndsWindow('2026-11-01T12:00:00.000Z')!;
    expect(window).toEqual({ from: at('2026-11-13T12:00:00.000Z'), until: at('2026-11-15T12:00:00.000Z') });
  });

  it('reminds 2 days before the share window closes (the whole expiry day is open)', () => {
    expect(shareWindowReminderWindow('2026-11-11')).toEqual({
      from: at('2026-11-10T00:00:00.000Z'),
      until: at('2026-11-12T00:00:00.000Z'),
    });
  });

  it('reminds 3 days before the appeal deadline, the day before the scheduled release, until it ends', () => {
    expect(appealReminderWindow('2026-12-10')).toEqual({
      from: at('2026-12-06T00:00:00.000Z'),
      until: at('2026-12-10T00:00:00.000Z'),
    });
  });

  it('keys a reminder by its kind, subject and deadline, so a new deadline is a new reminder', () => {
    const a = applicationReminderWindow('handover', at('2026-11-15T10:00:00.000Z'));
    const b = applicationReminderWindow('handover', at('2026-11-16T10:00:00.000Z'));
    expect(reminderKey('handover', 'app-1', a)).toBe('reminder:handover:app-1:2026-11-15T10:00:00.000Z');
    expect(reminderKey('handover', 'app-1', a)).not.toBe(reminderKey('handover', 'app-1', b));
  });
});
