import type { BackendCode } from '@dis/domain';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { ApiError } from '../../lib/api-client';
import { jsonResponse, renderWithApp, stubFetch } from '../../test/render';
import { ApplicationRedirectPage, linkFailurePath } from './application-redirect-page';

describe('linkFailurePath', () => {
  it.each<[number, BackendCode, string]>([
    [400, 'matching_error', '/error?code=matching_error'],
    [429, 'user_already_linked_or_do_not_exist', '/error?code=user_already_linked_or_do_not_exist'],
    [409, 'application_already_linked', '/error?code=application_already_linked'],
    [410, 'APPLICATION_EXPIRED', '/application-expired'],
    [404, 'ApplicationDetails.NotFound', '/error'],
  ])('%i %s → %s', (status, backendCode, path) => {
    expect(linkFailurePath(new ApiError(status, { status, backendCode }))).toBe(path);
  });
  it('anything else is the generic error page', () => {
    expect(linkFailurePath(new Error('network'))).toBe('/error');
  });
});

const UUID = '3f1d2a7c-6a1b-4c44-9b3e-0b5d3f0e9e11';

/** The API as the page sees it: the hand-over of the link answers `handover`, the link a ready application. */
function stub(handover: { status: number; body: unknown }) {
  const calls: string[] = [];
  stubFetch((url, init) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url.startsWith('/api/config'))
      return jsonResponse({ serviceName: 'x', localServices: true, features: {} });
    if (url.endsWith('/handover')) return jsonResponse(handover.body, handover.status);
    return jsonResponse({
      status: 'READY_TO_START',
      disclosureTypeShortCode: 'LB',
      draftApplicationToken: 'D1234567',
      onlinePaymentType: 'INVOICE',
    });
  });
  return calls;
}

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/application-redirect" element={<ApplicationRedirectPage />} />
      <Route path="/error" element={<p>Error page</p>} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { path: `/application-redirect?uuid=${UUID}` },
  );
}

describe('the hand-over link page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the hand-over of the link and shows application not found when it is missing', async () => {
    const calls = stub({
      status: 404,
      body: { status: 404, backendCode: 'ApplicationDetails.NotFound', message: 'Application not found' },
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Application not found' })).toBeTruthy();
    expect(screen.getByText('We could not find the application this link is for.')).toBeTruthy();
    expect(calls).toContain(`GET /api/draftApplications/${UUID}/handover`);
    expect(calls.some((call) => call.includes('/link/applicant'))).toBe(false);
  });

  it('links a found application and opens its journey', async () => {
    const calls = stub({ status: 200, body: { draftApplicationToken: 'D1234567' } });
    renderPage();
    await screen.findByText('Elsewhere');
    expect(calls).toContain(`GET /api/draftApplications/${UUID}/handover`);
    expect(calls.indexOf(`GET /api/draftApplications/${UUID}/handover`)).toBeLessThan(
      calls.indexOf('POST /api/draftApplications/link/applicant'),
    );
  });

  it('an application linked to someone else is the already-linked error', async () => {
    const calls = stub({ status: 409, body: { status: 409, backendCode: 'application_already_linked' } });
    const { router } = renderPage();
    await screen.findByText('Error page');
    await waitFor(() => expect(router.state.location.search).toBe('?code=application_already_linked'));
    expect(calls.some((call) => call.includes('/link/applicant'))).toBe(false);
  });
});
