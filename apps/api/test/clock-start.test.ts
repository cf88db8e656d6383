import { describe, expect, it } from 'vitest';
import { testClockStart } from './support/clock-start';

// The test apps' clock never starts late in a London day (see support/clock-start.ts).
describe('where a test app clock starts', () => {
  it.each([
    ['a winter morning', '2026-11-26T10:00:00Z', '2026-11-26T10:00:00.000Z'],
    ['just before 9 pm in winter', '2026-11-26T20:59:59Z', '2026-11-26T20:59:59.000Z'],
    ['ten minutes before midnight in winter', '2026-11-26T23:50:00Z', '2026-11-27T02:50:00.000Z'],
    [
      'half past nine at night in summer (20:30 UTC is 21:30 BST)',
      '2026-07-01T20:30:00Z',
      '2026-07-01T23:30:00.000Z',
    ],
    ['eight in the evening in summer', '2026-07-01T19:00:00Z', '2026-07-01T19:00:00.000Z'],
  ])('%s', (_when, now, start) => {
    expect(testClockStart(new Date(now)).toISOString()).toBe(start);
  });
});
