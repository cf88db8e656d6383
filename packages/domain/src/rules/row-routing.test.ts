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

/**
 * Where a row of each status leads: in the organisation lists (row id `tok 1` of ORG1) and on the applicant's
 * dashboard (a Level 2 handed over, id d1); null where the row is plain text.
 */
const csgJourney = '/applicant-apply/level-2-csg';
const ROWS = [
  ['READY_TO_START', '/application/tok%201/ready-to-start', `${csgJourney}/start?token=d1`],
  ['WITH_APPLICANT', '/application/tok%201/with-applicant', `${csgJourney}/start?token=d1`],
  ['SUBMITTED', '/application/tok%201/submitted', '/submitted/d1'],
  ['B2B_SUBMITTED', null, '/submitted/d1'],
  ['EXPIRED', '/application/tok%201/expired', '/application-expired'],
  ['TERMINATED', null, '/application-terminated'],
  ['PAYMENT_FAILED', '/applicant-payment-failed?id=tok%201', `${csgJourney}/payment/error?token=d1`],
  ['RESULT_ISSUED', null, null],
  ['RESULT_READY', '/view-result-confirmation?resultId=tok%201', '/results/d1'],
  ['RESULT_VIEWED', '/organisation/ORG1/results/tok%201', '/results/d1'],
  ['RESULT_SHARED', null, '/results/d1'],
  ['REVIEW_REQUESTED', null, '/results/d1'],
] as const;

it('places a row of every status on both sides', () => {
  expect(ROWS.map(([status]) => status).sort()).toEqual([...APPLICATION_STATUSES].sort());
});

describe('organisationRowPath', () => {
  const row = { id: 'tok 1', orgCode: 'ORG1' };
  it.each(ROWS)('%s links to %s', (status, path) => {
    expect(organisationRowPath({ ...row, status })).toBe(path);
    // A plain-text row needs no id.
    if (path === null) expect(organisationRowPath({ orgCode: 'ORG1', status })).toBeNull();
  });

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
  it.each(ROWS)('%s on the applicant dashboard', (status, _, path) => {
    expect(applicantRowPath({ ...base, status })).toBe(path);
  });

  // The rows besides the plain statuses: what each changes of the base row, and where it then leads.
  it.each([
    // A Basic result opens its basic page, by the result id.
    [{ type: 'BD', status: 'RESULT_READY', resultId: 'r1' }, '/results/r1/basic'],
    // A row without an id goes to not-found.
    [{ id: null, status: 'SUBMITTED' }, '/not-found'],
    // A draft of a type without an applicant journey goes to not-found.
    [{ type: 'SR', status: 'READY_TO_START' }, '/not-found'],
    [{ type: 'SR', status: 'PAYMENT_FAILED' }, '/not-found'],
    // The applicant pays for a Level 2 by card: the level-2 journey.
    [{ onlinePaymentType: 'CARD', status: 'READY_TO_START' }, '/applicant-apply/level-2/start?token=d1'],
    [
      { onlinePaymentType: 'CARD', status: 'PAYMENT_FAILED' },
      '/applicant-apply/level-2/payment/error?token=d1',
    ],
  ] as const)('%o goes to %s', (changes, path) => {
    expect(applicantRowPath({ ...base, ...changes })).toBe(path);
  });
});

describe('applicantRedirectPath', () => {
  const link = { status: 'READY_TO_START', disclosureTypeShortCode: 'LA', draftApplicationToken: 't' };
  const dash = '/applicant/dashboard';

  // What each link changes of a ready Level 1 draft's, and where the applicant then goes.
  it.each([
    // A ready draft opens its journey's landing page.
    [{}, '/applicant-apply/level-1-csg/start?token=t'],
    // A Level 2 opens the journey of who pays.
    [{ disclosureTypeShortCode: 'LB', onlinePaymentType: 'CARD' }, '/applicant-apply/level-2/start?token=t'],
    [
      { disclosureTypeShortCode: 'LB', onlinePaymentType: 'INVOICE' },
      '/applicant-apply/level-2-csg/start?token=t',
    ],
    // Anything else goes to the dashboard.
    [{ status: 'SUBMITTED' }, dash],
    [{ draftApplicationToken: null }, dash],
    [{ disclosureTypeShortCode: 'XX' }, dash],
  ] as const)('%o goes to %s', (changes, path) => {
    expect(applicantRedirectPath({ ...link, ...changes })).toBe(path);
  });
});
