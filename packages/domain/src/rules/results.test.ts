import { describe, expect, it } from 'vitest';
import {
  basicViewingEndsAt,
  basicViewingRemainingMs,
  isBasicViewingExpired,
  isResultViewable,
  resultViewingEndsAt,
} from './results';

describe('result viewing window', () => {
  const firstViewed = '2026-05-01T09:00:00Z';
  it('is open while never viewed', () => {
    expect(resultViewingEndsAt(null)).toBeNull();
    expect(isResultViewable(undefined, new Date('2030-01-01T00:00:00Z'))).toBe(true);
  });
  it('ends 14 days after the first view', () => {
    expect(resultViewingEndsAt(firstViewed)?.toISOString()).toBe('2026-05-15T09:00:00.000Z');
    expect(isResultViewable(firstViewed, new Date('2026-05-15T08:59:59.999Z'))).toBe(true);
    expect(isResultViewable(new Date(firstViewed), new Date('2026-05-15T09:00:00Z'))).toBe(false);
  });
});

describe('basic viewing time-out', () => {
  const opened = '2026-05-01T09:00:00Z';
  it('lasts 15 minutes', () => {
    expect(basicViewingEndsAt(opened).toISOString()).toBe('2026-05-01T09:15:00.000Z');
    expect(isBasicViewingExpired(opened, new Date('2026-05-01T09:14:59Z'))).toBe(false);
    expect(isBasicViewingExpired(opened, new Date('2026-05-01T09:15:00Z'))).toBe(true);
    expect(basicViewingRemainingMs(opened, new Date('2026-05-01T09:14:00Z'))).toBe(60_000);
    expect(basicViewingRemainingMs(opened, new Date('2026-05-01T10:00:00Z'))).toBe(0);
  });
});
