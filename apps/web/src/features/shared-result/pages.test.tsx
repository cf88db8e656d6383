import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp, stubFetch } from '../../test/render';
import { AdditionalInformationPage, BeforeYouContinuePage, SharedResultPage } from './pages';

/** The applicant's date of birth (7 March 1990) and reference (DS-123) typed in and sent. */
async function sendDetails() {
  await userEvent.type(screen.getByLabelText('Day'), '7');
  await userEvent.type(screen.getByLabelText('Month'), '3');
  await userEvent.type(screen.getByLabelText('Year'), '1990');
  await userEvent.type(screen.getByLabelText('Application reference'), 'DS-123');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('the recipient pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a blank token is an invalid link before any call', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    const { router } = renderWithApp(<AdditionalInformationPage />, {
      path: '/additional-information?token=',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?code=invalid_link_broken_or_replaced'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('shared-results'))).toEqual([]);
  });

  it('a link that does not work goes to the broken-link page', async () => {
    stubFetch(() =>
      jsonResponse({ status: 404, message: 'x', backendCode: 'SHARED_RESULT_LINK_INVALID' }, 404),
    );
    const { router } = renderWithApp(<BeforeYouContinuePage />, { path: '/before-you-continue' });
    await waitFor(() => expect(router.state.location.search).toBe('?code=invalid_link_broken_or_replaced'));
  });

  it('sends the date of birth as YYYY-MM-DD with the reference; wrong details are a message in the form', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({ status: 400, message: 'x', backendCode: 'VALIDATE_VIEW_SHARED_RESULT_INVALID' }, 400),
    );
    const { router } = renderWithApp(<AdditionalInformationPage />, { path: '/additional-information' });
    await sendDetails();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Check the date of birth and application reference number',
      ),
    );
    expect(router.state.location.pathname).toBe('/additional-information');
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('additional-information'))!;
    expect(JSON.parse(String(init?.body))).toEqual({
      applicantDateOfBirth: '1990-03-07',
      applicationReference: 'DS-123',
    });
  });

  it('the attempts-exceeded 401 of the identity check goes to incorrect-details, not the sign-in', async () => {
    stubFetch(() =>
      jsonResponse({ status: 401, message: 'x', backendCode: 'VIEW_SHARED_RESULT_ATTEMPTS_EXCEEDED' }, 401),
    );
    const { router } = renderWithApp(<AdditionalInformationPage />, { path: '/additional-information' });
    await sendDetails();
    await waitFor(() => expect(router.state.location.pathname).toBe('/incorrect-details'));
  });

  it('a 401 on the shared result goes to the expired link page', async () => {
    stubFetch(() =>
      jsonResponse({ status: 401, message: 'x', backendCode: 'SHARED_RESULT_LINK_EXPIRED' }, 401),
    );
    const { router } = renderWithApp(<SharedResultPage />, {
      path: '/shared-result?sharedResultId=6f1c1a52-3b4e-4a57-9d1f-8c1e2a3b4c5d',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?code=expired_link'));
  });
});
