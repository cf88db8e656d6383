import { getOrganisationJourney, type OrganisationDraft } from '@dis/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, stubFetch } from '../../test/render';
import type { StoredDraft } from './draft';
import { APPLICANT_ANSWERED, renderStep } from './test-support';

const journey = getOrganisationJourney('level-2')!;
const COMPLETE: OrganisationDraft = {
  confirmRoleQualifies: true,
  ...APPLICANT_ANSWERED,
  payment: { whoWillPay: 'Applicant' },
};

function draft(answers: OrganisationDraft): StoredDraft {
  return { token: 'tok', journeyId: 'level-2', applicationReference: 'DS-1', answers };
}

describe('journey form step', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the step schema errors in a summary and saves nothing', async () => {
    const fetchMock = stubFetch();
    renderStep(journey, draft({}), 'confirm-role');
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
    const fetchMock = stubFetch();
    const { router } = renderStep(journey, draft({}), 'confirm-role');
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
    stubFetch();
    const { router } = renderStep(journey, draft(COMPLETE), 'role-details', { edit: true });
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/csg-apply/level-2/check-your-answers?token=tok',
    );
    await userEvent.clear(screen.getByLabelText('Position applied for'));
    await userEvent.type(screen.getByLabelText('Position applied for'), 'Nurse');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/csg-apply/level-2/check-your-answers'));
  });

  it('shows the server field errors against the fields', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          status: 400,
          backendCode: 'VALIDATION_FAILED',
          fieldErrors: { 'roleDetails.position': 'Enter the position applied for' },
        },
        400,
      ),
    );
    renderStep(journey, draft(COMPLETE), 'role-details');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findAllByText('Enter the position applied for')).toHaveLength(2);
  });

  it("leaves autocomplete off the applicant's date of birth, as it is someone else's", () => {
    stubFetch();
    renderStep(journey, draft(COMPLETE), 'applicant-details');
    for (const label of ['Day', 'Month', 'Year'])
      expect(screen.getByLabelText(label).getAttribute('autocomplete')).toBeNull();
  });
});
