import { describe, expect, it } from 'vitest';
import * as domain from '../index';

// The barrel gives the apps the date helpers, so "today" means the same day everywhere.
describe('date helpers of the barrel', () => {
  it('gives the calendar date in Europe/London, across midnight and the clock changes', () => {
    expect(domain.londonDate(new Date('2025-06-15T22:59:59Z'))).toBe('2025-06-15');
    expect(domain.londonDate(new Date('2025-06-15T23:00:00Z'))).toBe('2025-06-16');
    expect(domain.londonDate(new Date('2025-01-15T23:59:59Z'))).toBe('2025-01-15');
    expect(domain.londonDate(new Date('2025-03-30T00:59:59Z'))).toBe('2025-03-30');
    expect(domain.londonDate(new Date('2025-10-25T23:30:00Z'))).toBe('2025-10-26');
    expect(domain.londonToday(new Date('2025-06-15T23:00:00Z'))).toEqual({ year: 2025, month: 6, day: 16 });
    expect(domain.londonToday(new Date('2025-06-15T22:59:59Z'))).toEqual({ year: 2025, month: 6, day: 15 });
    expect(domain.londonToday(new Date('2025-12-31T23:59:59Z'))).toEqual({ year: 2025, month: 12, day: 31 });
    expect(domain.londonToday(new Date('2025-03-30T00:59:59Z'))).toEqual({ year: 2025, month: 3, day: 30 });
    expect(domain.londonToday(new Date('2025-10-25T23:30:00Z'))).toEqual({ year: 2025, month: 10, day: 26 });
  });

  it('does whole-day UTC arithmetic and refuses what is not a date', () => {
    expect(domain.addUtcDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(domain.addUtcDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(domain.utcStartOf('2024-02-29').toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(() => domain.utcStartOf('2023-02-29')).toThrow(RangeError);
    expect(() => domain.utcStartOf('29/02/2024')).toThrow(RangeError);
    expect(domain.toInstant('2024-02-29T12:00:00Z').getTime()).toBe(Date.UTC(2024, 1, 29, 12));
    expect(() => domain.toInstant('soon')).toThrow(RangeError);
    expect(domain.DAY_MS).toBe(86_400_000);
  });

  it('parses and prints calendar dates', () => {
    expect(domain.parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(domain.parseIsoDate('2023-02-29')).toBeUndefined();
    expect(domain.toIsoDate({ year: 2024, month: 2, day: 9 })).toBe('2024-02-09');
    expect(domain.isRealDate(2024, 13, 1)).toBe(false);
  });
});
