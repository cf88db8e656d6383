import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '../codes';
import {
  applicantRedirectPath,
  applicantRowPath,
  organisationRowPath,
  statusFromSlug,
  statusSlug,
} from './row-routing';

describe('status slugs', () => {
  it('round-trips every status', () => {
    for (const status of APPLICATION_STATUSES) expect(statusFromSlug(statusSlug(status))).toBe(status);
    expect(statusSlug('WITH_APPLICANT')).toBe('with-applicant');
    expect(statusFromSlug('nonsense')).toBeNull();
  });
});

describe('organisationRowPath', () => {
  const row = { id: 'tok 1', orgCode: 'ORG1' };
  it.each([
    ['RESULT_READY', '/view-result-confirmation?resultId=tok%201'],
    ['RESULT_VIEWED', '/organisation/ORG1/results/tok%201'],
    ['PAYMENT_FAILED', '/applicant-payment-failed?id=tok%201'],
    ['WITH_APPLICANT', '/application/tok%201/with-applicant'],
    ['SUBMITTED', '/application/tok%201/submitted'],
    ['EXPIRED', '/application/tok%201/expired'],
    ['READY_TO_START', '/application/tok%201/ready-to-start'],
  ] as const)('%s links to %s', (status, path) => {
    expect(organisationRowPath({ ...row, status })).toBe(path);
  });

  it.each(['RESULT_ISSUED', 'TERMINATED', 'B2B_SUBMITTED', 'REVIEW_REQUESTED', 'RESULT_SHARED'] as const)(
    '%s is plain text',
    (status) => {
      expect(organisationRowPath({ ...row, status })).toBeNull();
      expect(organisationRowPath({ orgCode: 'ORG1', status })).toBeNull();
    },
  );

  it('sends a linked row without an id to not-found', () => {
    expect(organisationRowPath({ orgCode: 'ORG1', status: 'RESULT_VIEWED' })).toBe('/not-found');
    expect(organisationRowPath({ id: '', orgCode: 'ORG1', status: 'SUBMITTED' })).toBe('/not-found');
  });

  it('prefers the result id for result links', () => {
    expect(organisationRowPath({ ...row, resultId: 'r9', status: 'RESULT_VIEWED' })).toBe(
      '/organisation/ORG1/results/r9',
    );
  });
});

describe('applicantRowPath', () => {
  const base = { id: 'd1', type: 'LB' as const, organisationInitiated: true };
  it.each([
    ['READY_TO_START', '/applicant-apply/level-2-csg/start?token=d1'],
    ['WITH_APPLICANT', '/applicant-apply/level-2-csg/start?token=d1'],
    ['SUBMITTED', '/submitted/d1'],
    ['B2B_SUBMITTED', '/submitted/d1'],
    ['EXPIRED', '/application-expired'],
    ['TERMINATED', '/application-terminated'],
    ['PAYMENT_FAILED', '/applicant-apply/level-2-csg/payment/error?token=d1'],
    ['RESULT_READY', '/results/d1'],
    ['RESULT_VIEWED', '/results/d1'],
    ['RESULT_SHARED', '/results/d1'],
    ['REVIEW_REQUESTED', '/results/d1'],
  ] as const)('%s goes to %s', (status, path) => {
    expect(applicantRowPath({ ...base, status })).toBe(path);
  });

  it('opens a basic result on its basic page and uses the result id', () => {
    expect(applicantRowPath({ ...base, type: 'BD', status: 'RESULT_READY', resultId: 'r1' })).toBe(
      '/results/r1/basic',
    );
  });

  it('leaves an issued result as plain text and sends rows without an id to not-found', () => {
    expect(applicantRowPath({ ...base, status: 'RESULT_ISSUED' })).toBeNull();
    expect(applicantRowPath({ ...base, id: null, status: 'SUBMITTED' })).toBe('/not-found');
  });

  it('sends a draft of a type without an applicant journey to not-found', () => {
    expect(applicantRowPath({ ...base, type: 'SR', status: 'READY_TO_START' })).toBe('/not-found');
    expect(applicantRowPath({ ...base, type: 'SR', status: 'PAYMENT_FAILED' })).toBe('/not-found');
  });

  it('opens the level-2 journey when the applicant pays for a Level 2 by card', () => {
    const row = { ...base, onlinePaymentType: 'CARD' };
    expect(applicantRowPath({ ...row, status: 'READY_TO_START' })).toBe(
      '/applicant-apply/level-2/start?token=d1',
    );
    expect(applicantRowPath({ ...row, status: 'PAYMENT_FAILED' })).toBe(
      '/applicant-apply/level-2/payment/error?token=d1',
    );
  });
});

describe('applicantRedirectPath', () => {
  const link = { status: 'READY_TO_START', disclosureTypeShortCode: 'LA', draftApplicationToken: 't' };

  it('opens the landing page of a ready draft', () => {
    expect(applicantRedirectPath(link)).toBe('/applicant-apply/level-1-csg/start?token=t');
  });

  it('chooses the Level 2 journey by who pays', () => {
    const level2 = { ...link, disclosureTypeShortCode: 'LB' };
    expect(applicantRedirectPath({ ...level2, onlinePaymentType: 'CARD' })).toBe(
      '/applicant-apply/level-2/start?token=t',
    );
    expect(applicantRedirectPath({ ...level2, onlinePaymentType: 'INVOICE' })).toBe(
      '/applicant-apply/level-2-csg/start?token=t',
    );
  });

  it('goes to the dashboard otherwise', () => {
    const dash = '/applicant/dashboard';
    expect(applicantRedirectPath({ ...link, status: 'SUBMITTED' })).toBe(dash);
    expect(applicantRedirectPath({ ...link, draftApplicationToken: null })).toBe(dash);
    expect(applicantRedirectPath({ ...link, disclosureTypeShortCode: 'XX' })).toBe(dash);
  });
});
