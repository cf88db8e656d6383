import { describe, expect, it } from 'vitest';
import { deriveApplicationStatus, submittedStatusFor } from './status';

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

describe('submittedStatusFor', () => {
  it('is B2B_SUBMITTED for the B2B channel (a CSV batch row), SUBMITTED for online and paper', () => {
    expect(submittedStatusFor('B')).toBe('B2B_SUBMITTED');
    expect(submittedStatusFor('O')).toBe('SUBMITTED');
    expect(submittedStatusFor('P')).toBe('SUBMITTED');
  });
});
