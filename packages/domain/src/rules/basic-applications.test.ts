import { describe, expect, it } from 'vitest';
import {
  BASIC_APP_ID_PATTERN,
  BASIC_STATUSES,
  basicStatusMoves,
  basicStatusTag,
  canMoveBasicStatus,
  isBasicStatus,
} from './basic-applications';

describe('Basic disclosure statuses', () => {
  it('shows the four statuses in the spec’s words', () => {
    expect(BASIC_STATUSES.map((s) => basicStatusTag(s).text)).toEqual([
      'Received',
      'In progress',
      'Completed',
      'Terminated',
    ]);
    expect(basicStatusTag('TERMINATED').classes).toBe('govuk-tag govuk-tag--red');
    expect(basicStatusTag('COMPLETED').colour).toBe('green');
  });

  it('moves forward only, and completed and terminated are final', () => {
    expect(canMoveBasicStatus('RECEIVED', 'IN_PROGRESS')).toBe(true);
    expect(canMoveBasicStatus('RECEIVED', 'TERMINATED')).toBe(true);
    expect(canMoveBasicStatus('RECEIVED', 'COMPLETED')).toBe(false);
    expect(canMoveBasicStatus('IN_PROGRESS', 'COMPLETED')).toBe(true);
    expect(canMoveBasicStatus('IN_PROGRESS', 'RECEIVED')).toBe(false);
    expect(canMoveBasicStatus('RECEIVED', 'RECEIVED')).toBe(false);
    expect(basicStatusMoves('COMPLETED')).toEqual([]);
    expect(basicStatusMoves('TERMINATED')).toEqual([]);
  });

  it('knows its statuses and the Basic service’s ids', () => {
    expect(isBasicStatus('IN_PROGRESS')).toBe(true);
    expect(isBasicStatus('SUBMITTED')).toBe(false);
    expect(isBasicStatus(3)).toBe(false);
    expect(BASIC_APP_ID_PATTERN.test('BD-12345')).toBe(true);
    expect(BASIC_APP_ID_PATTERN.test('a b')).toBe(false);
    expect(BASIC_APP_ID_PATTERN.test('x'.repeat(65))).toBe(false);
  });
});
