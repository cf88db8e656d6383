import { describe, expect, it } from 'vitest';
import * as h from './harness';

// Basic disclosures (document 2 sections 2, 3 and 9; decision 0052): casework registers one made through the
// Basic service for an identity (email and date of birth), the applicant whose verified account has that identity
// sees it with its Basic status and fee, casework moves its status; nobody else sees it.

describe.each(h.ENGINES)('Basic disclosures on $name', (engine) => {
  let t: h.TestApp;
  h.withTestApp(engine, (app) => (t = app));

  const register = (body: unknown) =>
    h.caseworkCall(t, 'POST', '/internal/casework/basic-applications', body);
  const move = (appId: string, status: string) =>
    h.caseworkCall(t, 'POST', `/internal/casework/basic-applications/${appId}/status`, { status });

  it('casework registers one, the applicant with that identity sees it with its status and fee', async () => {
    const persona = h.customApplicant({ role: 'APPLICANT_BASIC', birthdate: '1981-02-03' });
    // Registered before the applicant has ever signed in here, with the email in another case.
    const created = await register({
      appId: 'BD-1001',
      email: h.emailOfPersona(persona).toUpperCase(),
      dateOfBirth: '1981-02-03',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      appId: 'BD-1001',
      status: 'RECEIVED',
      feePence: 2500,
      claimed: false,
      moves: ['IN_PROGRESS', 'TERMINATED'],
    });

    const applicant = await h.signedInApplicant(t, persona);
    const list = await applicant.get('/api/basic-applications');
    expect(list.statusCode).toBe(200);
    expect(list.json().applications).toEqual([
      expect.objectContaining({ appId: 'BD-1001', status: 'RECEIVED', feePence: 2500 }),
    ]);
    expect((await applicant.get('/api/basic-applications/BD-1001')).json().status).toBe('RECEIVED');

    // Casework moves it on; the applicant sees each status.
    expect((await move('BD-1001', 'IN_PROGRESS')).json()).toMatchObject({
      status: 'IN_PROGRESS',
      claimed: true,
    });
    expect((await applicant.get('/api/basic-applications/BD-1001')).json().status).toBe('IN_PROGRESS');
    expect((await move('BD-1001', 'COMPLETED')).json().status).toBe('COMPLETED');
    expect((await applicant.get('/api/basic-applications')).json().applications[0].status).toBe('COMPLETED');

    const audit = await h.auditOutcomes(t, 'basic_application.%');
    expect(audit).toEqual(
      expect.arrayContaining([
        { event: 'basic_application.registered', outcome: 'success' },
        { event: 'basic_application.claimed', outcome: 'success' },
        { event: 'basic_application.viewed', outcome: 'success' },
        { event: 'basic_application.listed', outcome: 'success' },
        { event: 'basic_application.status', outcome: 'success' },
      ]),
    );
  });

  it('refuses a move the statuses do not allow, a known id, bad input and an unknown id', async () => {
    await register({ appId: 'BD-2001', email: 'someone@example.com', dateOfBirth: '1970-01-01' });
    const skipped = await move('BD-2001', 'COMPLETED');
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json()).toMatchObject({ backendCode: 'CASEWORK_NOT_ALLOWED' });
    expect((await move('BD-2001', 'TERMINATED')).json().status).toBe('TERMINATED');
    // Terminated is final.
    expect((await move('BD-2001', 'IN_PROGRESS')).statusCode).toBe(409);
    expect((await move('BD-2001', 'NONSENSE')).statusCode).toBe(400);
    expect((await move('BD-9999', 'IN_PROGRESS')).statusCode).toBe(404);
    expect((await move('has space', 'IN_PROGRESS')).statusCode).toBe(404);

    const again = await register({ appId: 'BD-2001', email: 'other@example.com', dateOfBirth: '1970-01-01' });
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors).toHaveProperty('appId');

    const bad = await register({ appId: 'no spaces allowed', email: 'nope', dateOfBirth: '1970-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['appId', 'dateOfBirth', 'email']);
    expect(
      (await register({ appId: 'BD-2002', email: 'a@b.com', dateOfBirth: '1970-01-01', extra: 1 }))
        .statusCode,
    ).toBe(400);

    // The casework calls need the bearer token.
    expect(
      (await h.caseworkCall(t, 'GET', '/internal/casework/basic-applications', undefined, null)).statusCode,
    ).toBe(401);
    const listed = (await h.caseworkCall(t, 'GET', '/internal/casework/basic-applications')).json()
      .applications;
    expect(listed.map((a: { appId: string }) => a.appId)).toEqual(expect.arrayContaining(['BD-2001']));
  });

  it('only the owning applicant sees it: other applicants, organisations and the unverified get nothing', async () => {
    const persona = h.customApplicant({ role: 'APPLICANT', birthdate: '1985-06-07' });
    await register({ appId: 'BD-3001', email: h.emailOfPersona(persona), dateOfBirth: '1985-06-07' });

    // The same email with another date of birth is someone else; an unverified account claims nothing.
    const unverified = await h.signedInApplicant(t, { ...persona, assuranceLevel: 'GPG45_LOW' });
    const unverifiedList = await unverified.get('/api/basic-applications');
    expect(unverifiedList.statusCode === 403 || unverifiedList.json().applications.length === 0).toBe(true);
    const otherDob = await h.signedInApplicant(t, { ...persona, birthdate: '1985-06-08' });
    expect((await otherDob.get('/api/basic-applications')).json().applications).toEqual([]);
    expect((await otherDob.get('/api/basic-applications/BD-3001')).statusCode).toBe(404);

    const owner = await h.signedInApplicant(t, persona);
    expect((await owner.get('/api/basic-applications/BD-3001')).statusCode).toBe(200);

    // Claimed by the owner: another account is refused it.
    for (const name of ['applicant-verified', 'applicant-basic', 'application-only']) {
      const other = await h.signedInApplicant(t, name);
      expect((await other.get('/api/basic-applications/BD-3001')).statusCode, name).toBe(404);
    }
    const csg = await h.signedInCsg(t);
    expect((await csg.get('/api/basic-applications')).statusCode).toBe(404);
    expect((await csg.get('/api/basic-applications/BD-3001')).statusCode).toBe(404);
    expect((await new h.Browser(t).get('/api/basic-applications/BD-3001')).statusCode).toBe(401);
    const refused = await h.auditEntries(t, 'basic_application.viewed', 'refused');
    expect(refused.length).toBeGreaterThanOrEqual(1);
  });

  it('the local casework page registers one and moves it on, with errors in its summary', async () => {
    const casework = new h.Browser(t);
    const post = (url: string, fields: Record<string, string>, origin = h.ORIGIN) =>
      h.postForm(casework, url, fields, { origin });
    const persona = h.customApplicant({ role: 'APPLICANT_BASIC', birthdate: '1992-10-11' });
    const page = await casework.get('/local/casework/basic');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Register a Basic application');
    expect((await casework.get('/local/casework')).body).toContain('href="/local/casework/basic"');

    const bad = await post('/local/casework/basic', { appId: 'BD 1', email: 'nope', dateOfBirth: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('There is a problem');
    expect(bad.body).toContain('href="#email"');
    expect(bad.body).toContain('value="nope"');

    const registration = { appId: 'BD-LOCAL-1', email: h.emailOfPersona(persona), dateOfBirth: '1992-10-11' };
    const done = await post('/local/casework/basic', registration);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/local/casework/basic?registered=BD-LOCAL-1');
    const listed = await casework.get(String(done.headers.location));
    expect(listed.body).toContain('Basic application BD-LOCAL-1 has been registered');
    expect(listed.body).toContain('Mark as in progress');
    const again = await post('/local/casework/basic', registration);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already registered');

    const moved = await post('/local/casework/basic/BD-LOCAL-1/status', { status: 'IN_PROGRESS' });
    expect(moved.statusCode).toBe(303);
    const refused = await post('/local/casework/basic/BD-LOCAL-1/status', { status: 'RECEIVED' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('There is a problem');
    const forged = await post(
      '/local/casework/basic/BD-LOCAL-1/status',
      { status: 'COMPLETED' },
      'https://evil.example',
    );
    expect(forged.statusCode).toBe(403);

    const applicant = await h.signedInApplicant(t, persona);
    expect((await applicant.get('/api/basic-applications/BD-LOCAL-1')).json().status).toBe('IN_PROGRESS');
  });

  it('application details: the applicant opens their own application, no one else does', async () => {
    const csg = await h.signedInCsg(t);
    const app = await h.submittedApplication(t, csg);
    const own = await app.applicant.get(`/api/application/${app.token}`);
    expect(h.okBody(own)).toMatchObject({
      applicationReference: app.applicationReference,
      status: 'SUBMITTED',
      applicationTypeCode: 'LB',
      handoverEmail: null,
    });
    // The organisation still sees its own, with the hand-over email's delivery.
    expect((await csg.get(`/api/application/${app.token}`)).json().applicationReference).toBe(
      app.applicationReference,
    );
    for (const name of ['applicant-verified', 'applicant-basic', 'application-only']) {
      const other = await h.signedInApplicant(t, name);
      expect((await other.get(`/api/application/${app.token}`)).statusCode, name).toBe(404);
    }
    const otherOrg = await h.signedInCsg(t, 'csg-other-org');
    expect((await otherOrg.get(`/api/application/${app.token}`)).statusCode).toBe(404);
  });
});
