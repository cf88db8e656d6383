import { getOrganisationJourney, type OrganisationDraft } from '@dis/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { StoredDraft } from './draft';
import { FormStep } from './form-step';

const journey = getOrganisationJourney('level-2')!;
const COMPLETE: OrganisationDraft = {
  confirmRoleQualifies: true,
  verified: true,
  applicant: {
    roleDetails: { position: 'Care assistant' },
    currentName: { forename: 'Ann', surname: 'Example' },
    dateOfBirth: { day: 1, month: 2, year: 1990 },
    email: 'ann@example.com',
    address: { line1: '1 Street', town: 'Edinburgh', postcode: 'EH6 6AA', country: 'United Kingdom' },
  },
  anotherOrganisation: { isCsgForAnotherOrganisation: false },
  payment: { whoWillPay: 'Applicant' },
};

function draft(answers: OrganisationDraft): StoredDraft {
  return { token: 'tok', journeyId: 'level-2', applicationReference: 'DS-1', answers };
}

function renderStep(stepId: string, answers: OrganisationDraft, edit = false) {
  const step = journey.step(stepId)!;
  return renderWithApp(
    <FormStep journey={journey} draft={draft(answers)} stepPath={step.path} edit={edit} step={step} />,
    {
      path: `/csg-apply/level-2/${step.path}?token=tok`,
    },
  );
}

describe('journey form step', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the step schema errors in a summary and saves nothing', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    renderStep('confirm-role', {});
    expect(screen.getByRole('link', { name: 'Back to applications' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(
      await screen.findAllByText('Confirm that the role qualifies for a level 2 disclosure'),
    ).toHaveLength(2);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/draftApplications'))).toEqual(
      [],
    );
  });

  it('saves the merged draft and goes to the next step of the journey, carrying the token', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderStep('confirm-role', {});
    await userEvent.click(screen.getByLabelText('I confirm the role qualifies for a level 2 disclosure'));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/csg-apply/level-2/role-details'));
    expect(router.state.location.search).toBe('?token=tok');
    const [url, init] = fetchMock.mock.calls.find(([called]) => called.startsWith('/api/draftApplications'))!;
    expect(url).toBe('/api/draftApplications/tok/countersignatory');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      applicationTypeCode: 'LB',
      confirmRoleQualifies: true,
    });
  });

  it('returns to check-your-answers in edit mode', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({})),
    );
    const { router } = renderStep('role-details', COMPLETE, true);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/csg-apply/level-2/check-your-answers?token=tok',
    );
    await userEvent.clear(screen.getByLabelText('Position applied for'));
    await userEvent.type(screen.getByLabelText('Position applied for'), 'Nurse');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/csg-apply/level-2/check-your-answers'));
  });

  it('shows the server field errors against the fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            status: 400,
            backendCode: 'VALIDATION_FAILED',
            fieldErrors: { 'roleDetails.position': 'Enter the position applied for' },
          },
          400,
        ),
      ),
    );
    renderStep('role-details', COMPLETE);
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findAllByText('Enter the position applied for')).toHaveLength(2);
  });

  it("leaves autocomplete off the applicant's date of birth, as it is someone else's", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({})),
    );
    renderStep('applicant-details', COMPLETE);
    for (const label of ['Day', 'Month', 'Year'])
      expect(screen.getByLabelText(label).getAttribute('autocomplete')).toBeNull();
  });
});
