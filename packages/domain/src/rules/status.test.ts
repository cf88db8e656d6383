import { describe, expect, it } from 'vitest';
import { deriveApplicationStatus } from './status';

describe('deriveApplicationStatus', () => {
  it('keeps the summary status of a draft', () => {
    expect(deriveApplicationStatus({ kind: 'draft', summaryStatus: 'WITH_APPLICANT' })).toBe(
      'WITH_APPLICANT',
    );
  });

  it.each([
    [{ isUnderReview: true, shared: true, viewed: true }, 'REVIEW_REQUESTED'],
    [{ isUnderReview: false, shared: true, viewed: true }, 'RESULT_SHARED'],
    [{ isUnderReview: false, shared: false, viewed: true }, 'RESULT_VIEWED'],
    [{ isUnderReview: false, shared: false, viewed: false }, 'RESULT_READY'],
  ] as const)('derives a result status in precedence order %#', (flags, expected) => {
    expect(deriveApplicationStatus({ kind: 'result', ...flags })).toBe(expected);
  });
});
