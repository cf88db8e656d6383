import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  applicantResultStatus,
  isWorkingDay,
  organisationResultStatus,
  trackerStage,
} from './results';

describe('result statuses per side', () => {
  it('applicant: review, shared, viewed, ready in that order', () => {
    expect(applicantResultStatus({ isUnderReview: true, shared: true, viewed: true })).toBe(
      'REVIEW_REQUESTED',
    );
    expect(applicantResultStatus({ isUnderReview: false, shared: true, viewed: true })).toBe('RESULT_SHARED');
    expect(applicantResultStatus({ isUnderReview: false, shared: false, viewed: true })).toBe(
      'RESULT_VIEWED',
    );
    expect(applicantResultStatus({ isUnderReview: false, shared: false, viewed: false })).toBe(
      'RESULT_READY',
    );
  });

  it('organisation: issued while held back, then not viewed, then viewed', () => {
    expect(organisationResultStatus({ releasedToOrganisation: false, organisationViewed: false })).toBe(
      'RESULT_ISSUED',
    );
    expect(organisationResultStatus({ releasedToOrganisation: true, organisationViewed: false })).toBe(
      'RESULT_READY',
    );
    expect(organisationResultStatus({ releasedToOrganisation: true, organisationViewed: true })).toBe(
      'RESULT_VIEWED',
    );
  });
});

describe('working days', () => {
  const holidays = new Set(['2026-12-25', '2026-12-28', '2027-01-01', '2027-01-04']);
  const isHoliday = (date: string) => holidays.has(date);

  it('skips weekends and holidays', () => {
    expect(isWorkingDay('2026-11-23', isHoliday)).toBe(true);
    expect(isWorkingDay('2026-11-28', isHoliday)).toBe(false);
    expect(isWorkingDay('2026-11-29', isHoliday)).toBe(false);
    expect(isWorkingDay('2026-12-25', isHoliday)).toBe(false);
  });

  it('counts from the day after the start', () => {
    expect(addWorkingDays('2026-11-23', 0, isHoliday)).toBe('2026-11-23');
    expect(addWorkingDays('2026-11-23', 1, isHoliday)).toBe('2026-11-24');
    // Friday + 1 is Monday.
    expect(addWorkingDays('2026-11-27', 1, isHoliday)).toBe('2026-11-30');
    // 14 working days over Christmas and New Year.
    expect(addWorkingDays('2026-12-21', 14, isHoliday)).toBe('2027-01-14');
  });
});

describe('tracker stage', () => {
  it('is received on the day, checks under way after, result issued at the end', () => {
    expect(trackerStage({ receivedOn: '2026-11-23', today: '2026-11-23', resultIssued: false })).toBe(
      'RECEIVED',
    );
    expect(trackerStage({ receivedOn: '2026-11-23', today: '2026-11-24', resultIssued: false })).toBe(
      'CHECKS_UNDER_WAY',
    );
    expect(trackerStage({ receivedOn: '2026-11-23', today: '2026-11-23', resultIssued: true })).toBe(
      'RESULT_ISSUED',
    );
  });
});
