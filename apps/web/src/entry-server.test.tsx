// @vitest-environment node
import { DEFAULT_FEATURE_FLAGS, DEFAULT_SERVICE_NAME } from '@dis/domain';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './app/routes';
import { renderPage, runAction, type ApiFetch } from './entry-server';

// Each kind of page rendered on the server, without a browser (decision 0038): the API answers from fixtures.

const config = { serviceName: DEFAULT_SERVICE_NAME, features: DEFAULT_FEATURE_FLAGS, localServices: true };
/** Someone signed in, verified, as /oauth2/api/userinformation describes them. */
const signedIn = (id: string, role: string, forename: string, surname: string) => ({
  id,
  expiryTime: null,
  roles: [role],
  assuranceLevel: 'DS_VERIFIED',
  name: { forename, surname },
});
const countersignatory = {
  ...signedIn('user-1', '/CSG', 'Robin', 'Reid'),
  countersignatoryDetails: {
    organisationCode: 'RB1001',
    code: 'RB1001',
    name: 'Robin Reid',
    organisationName: 'Organisation A',
    countersignatoryCode: 'CS1001',
    emailAddress: 'robin@example.test',
    isLead: false,
  },
};

function api(answers: Record<string, unknown>): ApiFetch & { asked: string[] } {
  const asked: string[] = [];
  const fetch = async (input: string) => {
    asked.push(input);
    const path = input.split('?')[0] ?? input;
    if (path in answers)
      return new Response(JSON.stringify(answers[path]), { headers: { 'content-type': 'application/json' } });
    const status = path === '/oauth2/api/userinformation' ? 401 : 404;
    return new Response(JSON.stringify({ status, message: 'Not found', backendCode: 'NOT_FOUND' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return Object.assign(fetch, { asked });
}

const render = (url: string, answers: Record<string, unknown>) =>
  renderPage({ url, fetch: api({ '/api/config': config, ...answers }), csrfToken: 't'.repeat(43) });

describe('pages rendered on the server', () => {
  it('renders the launch page whole, with its title and no script', async () => {
    const page = await render('/', {});
    expect(page.status).toBe(200);
    expect(page.title).toMatch(/^Apply for a disclosure or PVG scheme membership – /);
    expect(page.html).toMatch(
      /<h1 class="govuk-heading-xl">Apply for a disclosure or PVG scheme membership<\/h1>/,
    );
    expect(page.html).toContain('href="/oauth2/authorization/dis"');
    expect(page.script).toBe('none');
  });

  it('answers an unknown page with 404 and the not-found page', async () => {
    const page = await render('/no-such-page', {});
    expect(page.status).toBe(404);
    expect(page.html).toContain('Page not found');
  });

  it('shows a protected page to someone signed out as the launch page', async () => {
    const page = await render('/csg/dashboard', {});
    expect(page.status).toBe(200);
    expect(page.html).toContain('Apply for a disclosure or PVG scheme membership');
  });

  it("redirects a countersignatory without today's declaration to it", async () => {
    const page = await render('/csg/dashboard', {
      '/oauth2/api/userinformation': countersignatory,
      '/api/declaration': { signedOn: null, signedToday: false },
    });
    expect(page.redirect).toMatch(/^\/declaration/);
  });

  it('renders the declaration page with its form, posting to itself with the form token', async () => {
    const page = await render('/declaration', { '/oauth2/api/userinformation': countersignatory });
    expect(page.status).toBe(200);
    expect(page.title).toMatch(/^Countersignatory declaration – /);
    expect(page.html).toMatch(/<h1 class="govuk-heading-l">Countersignatory declaration<\/h1>/);
    expect(page.script).toBe('app');
    expect(JSON.parse(page.state)).toMatchObject({ csrfToken: 't'.repeat(43) });
  });

  it("gives the page's forms the render's one-time key, and the browser the same key to take them over with", async () => {
    const page = await renderPage({
      url: '/declaration',
      fetch: api({ '/api/config': config, '/oauth2/api/userinformation': countersignatory }),
      csrfToken: 't'.repeat(43),
      formKey: 'k'.repeat(22),
    });
    expect(page.html).toContain(`<input type="hidden" name="_formKey" value="${'k'.repeat(22)}"/>`);
    expect(JSON.parse(page.state)).toMatchObject({ csrfToken: 't'.repeat(43), formKey: 'k'.repeat(22) });
  });

  it('renders a journey question with the saved answer in its field and a form that posts', async () => {
    const page = await render('/csg-apply/level-1/role-details?token=draft-1', {
      '/oauth2/api/userinformation': countersignatory,
      '/api/declaration': { signedOn: '2026-11-26', signedToday: true },
      '/api/draftApplications/draft-1': { applicant: { roleDetails: { position: 'Teacher' } } },
    });
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<form[^>]*method="post"/);
    expect(page.html).toContain('name="_csrf" value="tttt');
    expect(page.html).toMatch(/name="position"[^>]*value="Teacher"|value="Teacher"[^>]*name="position"/);
  });

  it('renders a refused post again with the error summary and the values entered', async () => {
    const page = await renderPage({
      url: '/csg-apply/level-1/role-details?token=draft-1',
      fetch: api({
        '/api/config': config,
        '/oauth2/api/userinformation': countersignatory,
        '/api/declaration': { signedOn: '2026-11-26', signedToday: true },
        '/api/draftApplications/draft-1': {},
      }),
      csrfToken: 't'.repeat(43),
      posted: { values: { position: '' }, errors: { position: 'roleDetails.position.required' } },
    });
    expect(page.status).toBe(400);
    expect(page.title).toMatch(/^Error: /);
    expect(page.html).toContain('govuk-error-summary');
    expect(page.html).toContain('href="#position"');
  });
});

describe('forms posted without JavaScript', () => {
  const applicant = { ...countersignatory, roles: ['/APPLICANT'], countersignatoryDetails: null };
  const post = (url: string, user: unknown, form: Record<string, string>) => {
    const fetch = api({ '/api/config': config, ...(user ? { '/oauth2/api/userinformation': user } : {}) });
    const calls: string[] = [];
    const recording: ApiFetch = (input, init) => {
      if ((init.method ?? 'GET') !== 'GET') calls.push(input);
      return fetch(input, init);
    };
    return runAction({
      url,
      fetch: recording,
      csrfToken: 't'.repeat(43),
      form: new URLSearchParams(form),
    }).then((result) => ({ result, calls }));
  };

  it('runs no action for someone the page is not for: sent to the page, which says why', async () => {
    // An applicant on the organisation's type page: the call it would make means another thing for them.
    const asApplicant = await post('/csg-apply/select-application-type', applicant, {
      applicationType: 'LA',
    });
    expect(asApplicant).toEqual({ result: { redirect: '/csg-apply/select-application-type' }, calls: [] });
    const signedOut = await post('/declaration', null, { agreed: 'true' });
    expect(signedOut).toEqual({ result: { redirect: '/declaration' }, calls: [] });
  });

  it("runs the page's action for someone it is for", async () => {
    const { calls } = await post('/csg-apply/select-application-type', countersignatory, {
      applicationType: 'LA',
    });
    expect(calls).toEqual(['/api/draftApplications']);
  });
});

describe('every page of the route table rendered on the server', () => {
  const applicant = signedIn('user-2', '/APPLICANT', 'Ann', 'Example');
  const signedToday = { '/api/declaration': { signedOn: '2026-11-26', signedToday: true } };
  // Every address of the table with its parameters filled in, and the query parameters pages read.
  const pages = ROUTES.filter((route) => route.path !== '*').map((route) => ({
    route,
    url: `${route.path.replace(/:[A-Za-z]+/g, 'x1')}?token=draft-1&resultId=r1&id=b1`,
  }));

  it.each(pages)(
    '$url renders for someone it is for, with the API answering nothing',
    async ({ route, url }) => {
      const organisation = route.roles.some((role) => role.includes('CSG'));
      const who =
        route.roles.length === 0
          ? {}
          : { '/oauth2/api/userinformation': organisation ? countersignatory : applicant };
      const page = await render(url, {
        ...who,
        ...signedToday,
      });
      // A page with nothing to show says so (not found, the error page, or a redirect), never a failure of its own.
      if (page.redirect !== undefined) {
        expect(page.redirect).toMatch(/^\//);
        return;
      }
      // The error page itself answers with the status of the problem it reports (500 when it is not told one).
      if (route.path !== '/error') expect(page.status, page.html.slice(0, 300)).not.toBe(500);
      expect(page.html).toMatch(/<h1[^>]*>[^<]+/);
      expect(page.title).not.toBe('');
    },
  );
});
