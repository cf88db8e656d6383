import { getApplicantJourney, MAX_PREVIOUS_NAMES, nextPath, type ApplicantDraft } from '@dis/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp, stubFetch } from '../../test/render';
import { ApplicationRedirectPage } from './application-redirect-page';
import type { StoredDraft } from './draft';
import { PreviousNamesStep } from './list-steps';
import { renderStep } from './test-support';

const journey = getApplicantJourney('level-1')!;
const NOW = new Date();
const year = NOW.getFullYear();

afterEach(() => vi.unstubAllGlobals());

function draft(answers: ApplicantDraft): StoredDraft {
  return { token: 'tok', side: 'applicant', journeyId: 'level-1', applicationReference: 'DS-1', answers };
}

const BEFORE_ADDRESSES: ApplicantDraft = {
  applicationReference: 'DS-1',
  personalInfoAgreed: true,
  currentName: { title: 'Mr', forename: 'Robin', surname: 'Tester' },
  hasPreviousNames: false,
  previousNames: [],
  mothersMaidenName: 'Smith',
  dateOfBirth: { day: 12, month: 4, year: 1990 },
  gender: 'M',
  placeOfBirth: 'Glasgow',
  countryOfBirth: 'United Kingdom',
  nationality: 'British',
};

/** The answers up to the addresses, with the current address lived at for two years. */
const WITH_CURRENT_ADDRESS: ApplicantDraft = {
  ...BEFORE_ADDRESSES,
  currentAddress: {
    line1: '1 New Street',
    town: 'Leith',
    postcode: 'EH6 6AA',
    country: 'United Kingdom',
    residentFrom: { month: 1, year: year - 2 },
  },
};

function savedBodies(fetchMock: ReturnType<typeof stubFetch>): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/draftApplications/tok/applicant')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
}

describe('date of birth', () => {
  it('offers the browser the applicant’s own birthday (WCAG 1.3.5)', () => {
    stubFetch();
    renderStep(journey, draft(BEFORE_ADDRESSES), 'date-of-birth');
    expect(screen.getByLabelText('Day').getAttribute('autocomplete')).toBe('bday-day');
    expect(screen.getByLabelText('Month').getAttribute('autocomplete')).toBe('bday-month');
    expect(screen.getByLabelText('Year').getAttribute('autocomplete')).toBe('bday-year');
  });

  it('names the purpose of the applicant’s own email and phone numbers', () => {
    stubFetch();
    renderStep(journey, draft(BEFORE_ADDRESSES), 'contact-details');
    expect(screen.getByLabelText('Email address').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Mobile phone number').getAttribute('autocomplete')).toBe('tel');
    expect(screen.getByLabelText('Landline phone number (optional)').getAttribute('autocomplete')).toBe(
      'tel',
    );
  });
});

describe('previous names list', () => {
  function renderList(answers: ApplicantDraft) {
    return renderStep(journey, draft(answers), 'previous-name', { View: PreviousNamesStep });
  }

  it('adds and removes names and saves the list that is left', async () => {
    const fetchMock = stubFetch();
    const { router } = renderList({ ...BEFORE_ADDRESSES, hasPreviousNames: true, previousNames: undefined });
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    await userEvent.type(screen.getAllByLabelText('First name')[0]!, 'Rob');
    await userEvent.type(screen.getAllByLabelText('Last name')[0]!, 'Old');
    await userEvent.click(screen.getByRole('button', { name: 'Add another name' }));
    await userEvent.type(screen.getAllByLabelText('First name')[1]!, 'Bobby');
    await userEvent.type(screen.getAllByLabelText('Last name')[1]!, 'Older');
    await userEvent.click(screen.getByRole('button', { name: 'Add another name' }));
    expect(screen.getAllByLabelText('First name')).toHaveLength(3);
    // The empty third entry goes again, and so does the first.
    await userEvent.click(screen.getAllByRole('button', { name: /^Remove/ })[2]!);
    await userEvent.click(screen.getAllByRole('button', { name: /^Remove/ })[0]!);
    expect(screen.getAllByLabelText('First name')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/applicant-apply/level-1/mothers-maiden-name'),
    );
    expect(savedBodies(fetchMock)[0]).toMatchObject({
      hasPreviousNames: true,
      previousNames: [{ forename: 'Bobby', surname: 'Older' }],
    });
  });

  it('stops offering another name at the cap of 20', async () => {
    stubFetch();
    const names = Array.from({ length: MAX_PREVIOUS_NAMES - 1 }, (_, i) => ({
      forename: `Name${'abcdefghijklmnopqrstu'[i]}`,
      surname: 'Old',
    }));
    renderList({ ...BEFORE_ADDRESSES, hasPreviousNames: true, previousNames: names });
    expect(screen.getAllByLabelText('First name')).toHaveLength(MAX_PREVIOUS_NAMES - 1);
    await userEvent.click(screen.getByRole('button', { name: 'Add another name' }));
    expect(screen.getAllByLabelText('First name')).toHaveLength(MAX_PREVIOUS_NAMES);
    expect(screen.queryByRole('button', { name: 'Add another name' })).toBeNull();
    expect(screen.getByText(/You have added the most names you can \(20\)/)).toBeTruthy();
  });

  it('asks for the names of an empty entry and saves nothing', async () => {
    const fetchMock = stubFetch();
    renderList({ ...BEFORE_ADDRESSES, hasPreviousNames: true, previousNames: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(
      (await screen.findAllByRole('link')).some(
        (link) => link.getAttribute('href') === '#previousNames-0-forename',
      ),
    ).toBe(true);
    expect(savedBodies(fetchMock)).toEqual([]);
  });
});

describe('address history loop', () => {
  function renderManual(index: 'current' | number, answers: ApplicantDraft) {
    const stepId = index === 'current' ? 'address/current' : `address/${index}`;
    return renderStep(journey, draft(answers), stepId, { stepPath: `address/manual/${index}` });
  }

  async function fillAddress(line1: string, month: number, yearFrom: number) {
    await userEvent.type(screen.getByLabelText('Address line 1'), line1);
    await userEvent.type(screen.getByLabelText('Town or city'), 'Leith');
    await userEvent.type(screen.getByLabelText('Postcode'), 'EH6 6AA');
    const country = screen.getByLabelText('Country') as HTMLInputElement;
    if (!country.value) await userEvent.type(country, 'United Kingdom');
    await userEvent.type(screen.getByLabelText('Month'), String(month));
    await userEvent.type(screen.getByLabelText('Year'), String(yearFrom));
  }

  it('asks for a previous address while five years are not covered', async () => {
    stubFetch();
    const { router } = renderManual('current', BEFORE_ADDRESSES);
    await fillAddress('1 New Street', 1, year - 2);
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/applicant-apply/level-1/address/postcode/1'),
    );
  });

  it('goes on to the history check once an address reaches five years back', async () => {
    const fetchMock = stubFetch();
    const { router } = renderManual(1, WITH_CURRENT_ADDRESS);
    await fillAddress('2 Old Road', 1, year - 6);
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/applicant-apply/level-1/address-history-check'),
    );
    const body = savedBodies(fetchMock)[0]!;
    expect(body.previousAddresses).toEqual([
      expect.objectContaining({ line1: '2 Old Road', residentFrom: { month: 1, year: year - 6 } }),
    ]);
    // The server derives residentTo; the browser never sends it.
    expect(JSON.stringify(body)).not.toContain('residentTo');
  });

  it('refuses a previous address that starts after the one that followed it', async () => {
    const fetchMock = stubFetch();
    renderManual(1, WITH_CURRENT_ADDRESS);
    await fillAddress('2 Old Road', 1, year - 1);
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Fields are missing or contain errors')).toBeTruthy();
    expect(savedBodies(fetchMock)).toEqual([]);
  });

  it('matches the domain rule for the next address step', () => {
    expect(nextPath(journey, 'address/current', WITH_CURRENT_ADDRESS, { now: NOW })).toBe(
      '/applicant-apply/level-1/address/postcode/1',
    );
  });
});

describe('application redirect', () => {
  async function outcome(response: Response): Promise<string> {
    stubFetch(() => response.clone());
    const { router } = renderWithApp(<ApplicationRedirectPage />, {
      path: '/application-redirect?uuid=7d1f4c2e-1111-4222-8333-444455556666',
    });
    // The test router shows this page at every address, so the first place it leads to is the answer.
    const seen: string[] = [];
    router.subscribe((state) => seen.push(state.location.pathname + state.location.search));
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    return seen[0]!;
  }

  // Level 2: the organisation paying gives level-2-csg, the applicant paying by card level-2 (decision 0009).
  it.each([
    ['INVOICE', '/applicant-apply/level-2-csg/start?token=abc'],
    ['CARD', '/applicant-apply/level-2/start?token=abc'],
  ])('opens the landing page of the journey for a ready application paid by %s', async (paidBy, path) => {
    const link = { status: 'READY_TO_START', disclosureTypeShortCode: 'LB', draftApplicationToken: 'abc' };
    expect(await outcome(jsonResponse({ ...link, onlinePaymentType: paidBy }))).toBe(path);
  });

  it('goes to the dashboard for any other status', async () => {
    expect(
      await outcome(
        jsonResponse({ status: 'SUBMITTED', disclosureTypeShortCode: 'LB', draftApplicationToken: 'abc' }),
      ),
    ).toBe('/applicant/dashboard');
  });

  it('shows the already-linked error for a 409', async () => {
    expect(
      await outcome(
        jsonResponse({ status: 409, backendCode: 'application_already_linked', message: 'x' }, 409),
      ),
    ).toBe('/error?code=application_already_linked');
  });

  it('shows the expired page for a 410', async () => {
    expect(await outcome(jsonResponse({ status: 410, backendCode: 'APPLICATION_EXPIRED' }, 410))).toBe(
      '/application-expired',
    );
  });
});
