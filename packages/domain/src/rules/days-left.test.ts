import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysLeft, daysLeftText, showsDaysLeft } from './days-left';

const changed = '2026-03-01T10:00:00Z';
const at = (iso: string) => new Date(iso);

describe('daysLeft', () => {
  it.each([
    ['same instant (0 days)', '2026-03-01T10:00:00Z', 14],
    ['just under one day', '2026-03-02T09:59:59Z', 14],
    ['exactly one day', '2026-03-02T10:00:00Z', 13],
    ['13 days', '2026-03-14T10:00:00Z', 1],
    ['14 days', '2026-03-15T10:00:00Z', 1],
    ['15 days', '2026-03-16T10:00:00Z', 1],
    ['100 days', '2026-06-09T10:00:00Z', 1],
  ])('%s since the change', (_label, now, expected) => {
    expect(daysLeft(14, changed, at(now))).toBe(expected);
  });

  it('counts a London day across the spring clock change as one whole day', () => {
    // 29 March 2026 is 23 hours long in London.
    expect(daysLeft(14, '2026-03-28T12:00:00Z', at('2026-03-29T11:00:00Z'))).toBe(13);
  });

  it('treats a change in the future as no time passed', () => {
    expect(daysLeft(14, at('2026-03-05T00:00:00Z'), at('2026-03-01T00:00:00Z'))).toBe(14);
  });

  it('never goes below 1 even for a zero duration', () => {
    expect(daysLeft(0, changed, at(changed))).toBe(1);
  });

  it('rejects an unreadable date', () => {
    expect(() => daysLeft(14, 'yesterday', at(changed))).toThrow(RangeError);
  });
});

describe('daysLeft properties', () => {
  const instant = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  });

  it('stays between 1 and the duration', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), instant, instant, (duration, changedAt, now) => {
        const left = daysLeft(duration, changedAt, now);
        return left >= 1 && left <= duration;
      }),
    );
  });

  it('never goes up as time passes', () => {
    fc.assert(
      fc.property(instant, fc.nat(40 * 86_400_000), fc.nat(40 * 86_400_000), (changedAt, a, b) => {
        const earlier = new Date(changedAt.getTime() + Math.min(a, b));
        const later = new Date(changedAt.getTime() + Math.max(a, b));
        return daysLeft(14, changedAt, later) <= daysLeft(14, changedAt, earlier);
      }),
    );
  });
});

describe('daysLeftText', () => {
  it('uses the one-day wording for 1', () => {
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(2)).toBe('2 days left');
    expect(daysLeftText(14)).toBe('14 days left');
    expect(daysLeftText(1, 'RESULT_VIEWED')).toBe('1 day left');
  });

  it('says when an expired or terminated row is removed, with the same number', () => {
    expect(daysLeftText(14, 'EXPIRED')).toBe('Removed in 14 days');
    expect(daysLeftText(1, 'TERMINATED')).toBe('Removed in 1 day');
    expect(daysLeftText(3, 'RESULT_VIEWED')).toBe('3 days left');
  });
});

describe('showsDaysLeft', () => {
  it('is shown for viewed, expired and terminated only', () => {
    expect(showsDaysLeft('RESULT_VIEWED')).toBe(true);
    expect(showsDaysLeft('EXPIRED')).toBe(true);
    expect(showsDaysLeft('TERMINATED')).toBe(true);
    expect(showsDaysLeft('RESULT_READY')).toBe(false);
    expect(showsDaysLeft('WITH_APPLICANT')).toBe(false);
  });
});
