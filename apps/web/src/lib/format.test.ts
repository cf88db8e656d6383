import { describe, expect, it } from 'vitest';
import { formatDateAtTime } from './format';

describe('formatDateAtTime', () => {
  it('writes UK time the GOV.UK way, in summer and winter', () => {
    expect(formatDateAtTime(new Date('2026-11-23T14:15:00Z'))).toBe('23 November 2026 at 2:15pm');
    expect(formatDateAtTime(new Date('2026-07-01T08:05:00Z'))).toBe('1 July 2026 at 9:05am');
    expect(formatDateAtTime(new Date('2026-11-23T00:00:00Z'))).toBe('23 November 2026 at midnight');
    expect(formatDateAtTime(new Date('2026-11-23T12:00:00Z'))).toBe('23 November 2026 at midday');
    expect(formatDateAtTime(new Date('2026-11-23T12:30:00Z'))).toBe('23 November 2026 at 12:30pm');
    expect(formatDateAtTime(new Date('2026-11-23T00:30:00Z'))).toBe('23 November 2026 at 12:30am');
  });
});
