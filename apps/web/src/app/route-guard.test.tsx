import { DEFAULT_FEATURE_FLAGS, ERROR_PAGE_CODES } from '@dis/domain';
import { QueryClientProvider } from '../lib/query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from '../lib/router';
import '../i18n';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse } from '../test/render';
import { routeObjects } from './router';
import { ROUTES } from './routes';

interface Backend {
  roles?: string[] | null;
  assuranceLevel?: string;
  declaration?: { signedOn: string | null; signedToday: boolean };
}

function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

let lastClient: ReturnType<typeof createQueryClient> | undefined;

function start(path: string, backend: Backend) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = String(url);
      if (u.startsWith('/api/config'))
        return jsonResponse({
          serviceName: 'Test service',
          features: DEFAULT_FEATURE_FLAGS,
          localServices: true,
        });
      if (u.startsWith('/oauth2/api/userinformation')) {
        return backend.roles
          ? jsonResponse({
              id: 'u1',
              expiryTime: new Date(Date.now() + 3_600_000).toISOString(),
              roles: backend.roles,
              assuranceLevel: backend.assuranceLevel ?? 'DS_VERIFIED',
              countersignatoryDetails: {
                organisationCode: 'ORGA',
                code: 'c1',
                name: 'A',
                organisationName: 'Org A',
                countersignatoryCode: 'CS1',
                emailAddress: 'a@example.com',
              },
            })
          : jsonResponse({ status: 401, message: 'Not signed in' }, 401);
      }
      if (u.startsWith('/api/declaration'))
        return jsonResponse(backend.declaration ?? { signedOn: null, signedToday: false });
      if (
        u.startsWith('/ags/disclosure-summaries') ||
        u.startsWith('/api/draftApplications/applicant-applications-summary')
      ) {
        return jsonResponse({ summaries: [], totalElements: 0 });
      }
      return jsonResponse({ status: 404, message: 'Not found' }, 404);
    }),
  );
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  lastClient = client;
  const router = createMemoryRouter(routeObjects(ROUTES), { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('route guard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the launch page to someone not signed in on a protected page', async () => {
    start('/personal-details', { roles: null });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Apply for a disclosure or PVG scheme membership',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Continue to your identity account' }).getAttribute('href'),
    ).toBe('/oauth2/authorization/dis');
  });

  it('puts Account in every signed-in person’s menu, before Sign out (decision 0055)', async () => {
    start('/dashboard', { roles: ['/APPLICANT'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your applications' })).toBeTruthy();
    const links = [...screen.getByRole('navigation', { name: 'Account menu' }).querySelectorAll('a')].map(
      (a) => [a.textContent, a.getAttribute('href')],
    );
    expect(links.slice(-2)).toEqual([
      ['Account', '/account'],
      ['Sign out', '/sign-out'],
    ]);
  });

  it('tells a tab that was signed in, and finds the session gone, that the person is no longer signed in', async () => {
    const backend: Backend = { roles: ['/APPLICANT'] };
    const router = start('/dashboard', backend);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your applications' })).toBeTruthy();
    backend.roles = null;
    await lastClient!.invalidateQueries({ queryKey: ['user'] });
    await router.navigate('/account');
    expect(await screen.findByText('You are no longer signed in')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/?reason=session-ended');
  });

  it('passes the sign-in identifiers through the start button', async () => {
    start('/?uuid=abc&appId=42&other=x', { roles: null });
    const button = await screen.findByRole('button', { name: 'Continue to your identity account' });
    expect(button.getAttribute('href')).toBe('/oauth2/authorization/dis?uuid=abc&appId=42');
  });

  it('gives a wrong role the not-found page', async () => {
    start('/countersignatory-details', { roles: ['/APPLICANT'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('sends /dashboard to the applicant dashboard for applicants', async () => {
    const router = start('/dashboard', { roles: ['/APPLICANT'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your applications' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/applicant/dashboard');
    expect(await screen.findByText('You have no applications yet')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Account menu' }).textContent).toContain(
      'PVG scheme membership',
    );
  });

  it('sends an organisation user without today’s declaration to /declaration', async () => {
    const router = start('/dashboard', { roles: ['/CSG'] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Countersignatory declaration' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/declaration');
  });

  it('lets an organisation user who signed today through to the organisation dashboard', async () => {
    const router = start('/dashboard', {
      roles: ['/CSG'],
      declaration: { signedOn: today(), signedToday: true },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/csg/dashboard');
    expect(screen.getByRole('button', { name: 'Start new application' }).getAttribute('href')).toBe(
      '/csg-apply/select-application-type',
    );
  });

  it('shows a page for every error code of section 8', async () => {
    start('/error?code=incorrect_role_csg', { roles: ['/CSG'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Before you continue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' }).getAttribute('href')).toBe('/dashboard');
  });

  it.each(ERROR_PAGE_CODES.filter((code) => code !== 'dob_mismatch_attempts_exceeded'))(
    'has its own page for %s',
    async (code) => {
      start(`/error?code=${code}`, { roles: ['/APPLICANT'] });
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading.textContent).not.toBe('');
      if (code !== 'application_reference_missing') {
        expect(heading.textContent).not.toBe('Sorry, there is a problem with the service');
      }
    },
  );

  it('sends dob_mismatch_attempts_exceeded to the too-many-mismatches page', async () => {
    const router = start('/error?code=dob_mismatch_attempts_exceeded', { roles: ['/APPLICANT'] });
    expect(await screen.findByRole('heading', { level: 1, name: /too many times/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/date-of-birth-mismatch');
  });

  it('shows the generic problem page with the code for an unknown code', async () => {
    start('/error?code=SOMETHING_ODD&status=500', { roles: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sorry, there is a problem with the service' }),
    ).toBeTruthy();
    expect(screen.getByText('SOMETHING_ODD')).toBeTruthy();
  });
});
