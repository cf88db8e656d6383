import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '../codes';
import { applicantStatusView, hasApplicationExpired } from './applicant-status';

const DAY = 24 * 60 * 60 * 1000;
const handedOver = new Date('2026-03-01T10:00:00Z');

describe('applicantStatusView', () => {
  it('shows a handed-over application as ready to start and every other status as it is', () => {
    expect(applicantStatusView('WITH_APPLICANT')).toBe('READY_TO_START');
    for (const status of APPLICATION_STATUSES.filter((s) => s !== 'WITH_APPLICANT'))
      expect(applicantStatusView(status)).toBe(status);
  });
});

describe('hasApplicationExpired', () => {
  const waiting = { status: 'WITH_APPLICANT', statusLastChanged: handedOver, expiredDurationDays: 14 };
  it('expires exactly 14 days after the hand-over, not a moment before', () => {
    expect(hasApplicationExpired(waiting, new Date(handedOver.getTime() + 14 * DAY - 1))).toBe(false);
    expect(hasApplicationExpired(waiting, new Date(handedOver.getTime() + 14 * DAY))).toBe(true);
    expect(
      hasApplicationExpired(
        { ...waiting, status: 'READY_TO_START', statusLastChanged: handedOver.toISOString() },
        new Date(handedOver.getTime() + 15 * DAY),
      ),
    ).toBe(true);
  });
  it('an expired application stays expired; submitted and never-expiring ones do not expire', () => {
    expect(hasApplicationExpired({ ...waiting, status: 'EXPIRED' }, handedOver)).toBe(true);
    const later = new Date(handedOver.getTime() + 100 * DAY);
    expect(hasApplicationExpired({ ...waiting, status: 'SUBMITTED' }, later)).toBe(false);
    expect(hasApplicationExpired({ ...waiting, expiredDurationDays: null }, later)).toBe(false);
  });
});
