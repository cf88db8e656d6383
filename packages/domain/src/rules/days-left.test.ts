import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { londonDate, londonDateByTimeZone } from './dates';
import { daysLeft, daysLeftText, londonWholeDaysByCalendar, showsDaysLeft } from './days-left';

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
  it.each([
    ['RESULT_VIEWED', true],
    ['EXPIRED', true],
    ['TERMINATED', true],
    ['RESULT_READY', false],
    ['WITH_APPLICANT', false],
  ] as const)('is shown for viewed, expired and terminated only: %s, %s', (status, shown) => {
    expect(showsDaysLeft(status)).toBe(shown);
  });
});

// The London clock's arithmetic (rules/dates.ts) against date-fns' time-zone dates: the instants it is tried at.
const HOUR = 3_600_000;
/** Instants within a few days of a London clock change (last Sundays of March and October, 01:00 UTC). */
const nearClockChange = fc
  .record({
    year: fc.integer({ min: 1996, max: 2099 }),
    october: fc.boolean(),
    offset: fc.integer({ min: -72 * HOUR, max: 72 * HOUR }),
  })
  .map(({ year, october, offset }) => {
    const lastDay = Date.UTC(year, october ? 10 : 3, 0);
    return new Date(lastDay - new Date(lastDay).getUTCDay() * 86_400_000 + HOUR + offset);
  });
const anyInstant = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2110-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('daysLeft arithmetic equals date-fns on London dates', () => {
  // The arithmetic must give exactly what differenceInDays on time-zone dates gives, clock changes included.
  const reference = (duration: number, changedAt: Date, now: Date) =>
    Math.max(1, duration - Math.max(0, londonWholeDaysByCalendar(changedAt, now)));
  const duration = fc.integer({ min: 0, max: 400 });
  const gap = fc.integer({ min: -2 * 86_400_000, max: 60 * 86_400_000 });

  it('around every clock change, with any gap', () => {
    fc.assert(
      fc.property(duration, nearClockChange, gap, (days, changedAt, ms) => {
        const now = new Date(changedAt.getTime() + ms);
        expect(daysLeft(days, changedAt, now)).toBe(reference(days, changedAt, now));
      }),
      { numRuns: 5_000 },
    );
  });

  it('when "now" is near a clock change, with whole hours and minutes between', () => {
    fc.assert(
      fc.property(
        duration,
        nearClockChange,
        fc.integer({ min: -48, max: 30 * 24 }),
        fc.integer({ min: 0, max: 59 }),
        (days, now, hours, minutes) => {
          const changedAt = new Date(now.getTime() - hours * HOUR - minutes * 60_000);
          expect(daysLeft(days, changedAt, now)).toBe(reference(days, changedAt, now));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('at any two instants, inside and outside the years the arithmetic covers', () => {
    fc.assert(
      fc.property(duration, anyInstant, anyInstant, (days, changedAt, now) => {
        expect(daysLeft(days, changedAt, now)).toBe(reference(days, changedAt, now));
      }),
      { numRuns: 5_000 },
    );
  });

  it('at the exact instants of each clock change and the hour around them', () => {
    for (let year = 2025; year <= 2027; year++) {
      for (const month of [3, 10]) {
        const lastDay = Date.UTC(year, month, 0);
        const change = lastDay - new Date(lastDay).getUTCDay() * 86_400_000 + HOUR;
        for (let a = -3 * HOUR; a <= 3 * HOUR; a += 15 * 60_000) {
          for (let b = -26 * HOUR; b <= 50 * HOUR; b += 30 * 60_000) {
            const changedAt = new Date(change + a);
            const now = new Date(change + a + b);
            expect(daysLeft(14, changedAt, now)).toBe(reference(14, changedAt, now));
          }
        }
      }
    }
  });
});

describe('londonDate arithmetic equals date-fns on London dates', () => {
  it('around every clock change', () => {
    fc.assert(
      fc.property(nearClockChange, (instant) => londonDate(instant) === londonDateByTimeZone(instant)),
      { numRuns: 20_000 },
    );
  });

  it('at any instant, the years outside the rule included', () => {
    fc.assert(
      fc.property(anyInstant, (instant) => londonDate(instant) === londonDateByTimeZone(instant)),
      { numRuns: 20_000 },
    );
  });
});
