import { DEFAULT_FEATURE_FLAGS, type OrganisationDraft } from '@dis/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearJourneyData } from '../../lib/journey-store';
import { jsonResponse, stubFetch } from '../../test/render';
import { organisationPageAction, startApplicationAction } from './organisation-actions';
import { APPLICANT_ANSWERED } from './test-support';

const USER = {
  id: 'u1',
  roles: ['/CSG'],
  assuranceLevel: 'DS_VERIFIED',
  countersignatoryDetails: { organisationCode: 'RB1001' },
};

/** A Level 1 draft answered up to check your answers, paid by invoice. */
const ANSWERED: OrganisationDraft = {
  applicationReference: 'DS-1',
  ...APPLICANT_ANSWERED,
  payment: { whoWillPay: 'Organisation', type: 'INVOICE' },
};

type Call = [string, RequestInit | undefined];

/** The API as the actions see it: who is signed in, the settings, the draft, and every change accepted. */
function api(answers: OrganisationDraft = ANSWERED, submission = { cardPaymentRequired: false }) {
  const fetchMock = stubFetch((url, init) => {
    if (url.startsWith('/oauth2/api/userinformation')) return jsonResponse(USER);
    if (url.startsWith('/api/config')) return jsonResponse({ features: DEFAULT_FEATURE_FLAGS });
    if (url === '/api/draftApplications' && init?.method === 'POST')
      return jsonResponse({ draftApplicationToken: 'tok', applicationReference: 'DS-2' });
    if (url.endsWith('/submitted')) return jsonResponse(submission);
    if (url === '/api/draftApplications/tok' && (init?.method ?? 'GET') === 'GET')
      return jsonResponse(answers);
    return jsonResponse({});
  });
  return {
    changes: () => (fetchMock.mock.calls as Call[]).filter(([, init]) => (init?.method ?? 'GET') !== 'GET'),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  // The browser's tab memory (the server has none): each test reads its draft from the API.
  clearJourneyData();
});

const form = (fields: Record<string, string>) => new URLSearchParams({ _csrf: 't', ...fields });
const at = (address: string) => new URL(address, 'http://localhost');

describe('choosing the application type without JavaScript', () => {
  it('refuses no choice with the form’s message and creates nothing', async () => {
    const calls = api();
    const result = await startApplicationAction({
      form: form({}),
      url: at('/csg-apply/select-application-type'),
      secureCookies: false,
    });
    expect(result).toEqual({
      posted: { values: {}, errors: { applicationType: 'applicationType.required' } },
    });
    expect(calls.changes()).toEqual([]);
  });

  it('creates the draft and opens the journey’s first page with its token', async () => {
    const calls = api();
    const result = await startApplicationAction({
      form: form({ applicationType: 'LA' }),
      url: at('/csg-apply/select-application-type'),
      secureCookies: false,
    });
    expect(result).toEqual({ redirect: '/csg-apply/level-1/role-details?token=tok' });
    expect(calls.changes().map(([url, init]) => [url, JSON.parse(String(init?.body))])).toEqual([
      ['/api/draftApplications', { applicationType: 'LA' }],
    ]);
  });
});

describe('the journey’s declaration without JavaScript', () => {
  const declaration = at('/csg-apply/level-1/declaration?token=tok');
  const declare = () =>
    organisationPageAction({ form: form({ agreed: 'true' }), url: declaration, secureCookies: false });

  it('refuses it unticked and submits nothing', async () => {
    const calls = api();
    const result = await organisationPageAction({ form: form({}), url: declaration, secureCookies: false });
    expect(result).toEqual({
      posted: { values: {}, errors: { agreed: 'applicationDeclaration.agreed.required' } },
    });
    expect(calls.changes()).toEqual([]);
  });

  it('submits the application, then the confirmation (by invoice) or the card payment', async () => {
    const calls = api();
    expect(await declare()).toEqual({
      redirect: '/csg-apply/level-1/confirmation?token=tok',
    });
    expect(calls.changes().map(([url]) => url)).toEqual(['/api/draftApplications/tok/submitted']);
    clearJourneyData();
    api(ANSWERED, { cardPaymentRequired: true });
    expect(await declare()).toEqual({
      redirect: '/csg-apply/level-1/payment?token=tok',
    });
  });

  it('sends a draft not answered yet to the page it needs first, submitting nothing', async () => {
    const calls = api({ applicationReference: 'DS-1' });
    const result = await declare();
    expect(result).toEqual({ redirect: '/csg-apply/level-1/declaration?token=tok' });
    expect(calls.changes()).toEqual([]);
  });
});

describe('the applicant’s address typed in without JavaScript', () => {
  const manual = at('/csg-apply/level-1/applicant-address/manual?token=tok');
  const { address: _address, ...applicant } = ANSWERED.applicant!;
  const beforeAddress: OrganisationDraft = { applicationReference: 'DS-1', verified: true, applicant };

  it('refuses an address without its first line and saves nothing', async () => {
    const calls = api(beforeAddress);
    const result = await organisationPageAction({
      form: form({ town: 'Edinburgh', postcode: 'EH6 6AA', country: 'United Kingdom' }),
      url: manual,
      secureCookies: false,
    });
    expect(result).toMatchObject({ posted: { errors: { line1: expect.any(String) as string } } });
    expect(calls.changes()).toEqual([]);
  });

  it('saves it and goes on to the next question', async () => {
    const calls = api(beforeAddress);
    const result = await organisationPageAction({
      form: form({
        line1: '1 Harbour Wynd',
        town: 'Edinburgh',
        postcode: 'EH6 6AA',
        country: 'United Kingdom',
      }),
      url: manual,
      secureCookies: false,
    });
    expect(result).toEqual({ redirect: '/csg-apply/level-1/choose-applying-on-behalf?token=tok' });
    expect(calls.changes().map(([url]) => url)).toEqual(['/api/draftApplications/tok/countersignatory']);
  });
});

describe('the confirmation’s feedback without JavaScript', () => {
  const confirmation = at('/csg-apply/level-1/confirmation?token=tok');

  it('needs a rating and sends nothing without one', async () => {
    const calls = api();
    const result = await organisationPageAction({ form: form({}), url: confirmation, secureCookies: false });
    expect(result).toMatchObject({ posted: { errors: { rating: expect.any(String) as string } } });
    expect(calls.changes()).toEqual([]);
  });

  it('sends the rating and shows the page again with its thanks', async () => {
    const calls = api();
    const result = await organisationPageAction({
      form: form({ rating: 'SATISFIED' }),
      url: confirmation,
      secureCookies: false,
    });
    expect(result).toEqual({ redirect: '/csg-apply/level-1/confirmation?token=tok&feedback=sent' });
    expect(calls.changes()).toHaveLength(1);
  });
});
