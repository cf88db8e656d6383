import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '../codes';
import { statusTag, viewedTag } from './tags';

describe('statusTag', () => {
  it.each([
    ['WITH_APPLICANT', 'grey', 'With applicant'],
    ['REVIEW_REQUESTED', 'grey', 'Review requested'],
    ['RESULT_READY', 'yellow', 'Result ready'],
    ['RESULT_VIEWED', 'green', 'Result viewed'],
    ['SUBMITTED', 'blue', 'Submitted'],
    ['EXPIRED', 'red', 'Expired'],
    ['TERMINATED', 'red', 'Terminated'],
    ['PAYMENT_FAILED', 'red', 'Payment failed'],
    ['READY_TO_START', 'orange', 'Ready to start'],
    ['RESULT_SHARED', 'purple', 'Result shared'],
    ['RESULT_ISSUED', 'purple', 'Result issued'],
  ] as const)('%s is %s "%s" for applicants', (status, colour, text) => {
    expect(statusTag(status, 'applicant')).toEqual({
      text,
      colour,
      classes: `govuk-tag govuk-tag--${colour}`,
    });
  });

  it('says Not viewed and Viewed to organisations', () => {
    expect(statusTag('RESULT_READY', 'organisation').text).toBe('Not viewed');
    expect(statusTag('RESULT_VIEWED', 'organisation').text).toBe('Viewed');
    expect(viewedTag(true).text).toBe('Viewed');
    expect(viewedTag(false)).toMatchObject({ text: 'Not viewed', colour: 'yellow' });
  });

  it('has a tag for every status, with the same wording on both sides apart from the result states', () => {
    for (const status of APPLICATION_STATUSES) {
      const applicant = statusTag(status, 'applicant');
      const organisation = statusTag(status, 'organisation');
      expect(applicant.colour).toBe(organisation.colour);
      if (status !== 'RESULT_READY' && status !== 'RESULT_VIEWED')
        expect(applicant.text).toBe(organisation.text);
    }
    expect(statusTag('B2B_SUBMITTED', 'organisation')).toMatchObject({ text: 'Submitted', colour: 'blue' });
  });
});
