import { describe, expect, it } from 'vitest';
import { Browser, ENGINES, signedInThenOut, type TestApp, withTestApp, customApplicant } from './harness';

describe.each(ENGINES)('sign-in and sign-out on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app));

  it('walks the OpenID Connect round trip as a countersignatory and returns the user information of spec section 3', async () => {
    const browser = new Browser(t);
    const { visited } = await browser.signIn('csg');
    expect(visited.at(-1)).toBe('/dashboard');
    const info = await browser.get('/oauth2/api/userinformation');
    expect(info.statusCode).toBe(200);
    const body = info.json();
    expect(body).toMatchObject({
      roles: ['/CSG'],
      assuranceLevel: 'DS_VERIFIED',
      countersignatoryDetails: {
        organisationCode: 'RB1001',
        code: 'csg-a-casey',
        countersignatoryCode: 'CSA100001',
        organisationName: expect.stringContaining('Organisation A'),
        emailAddress: expect.stringContaining('@'),
        name: 'Ms Casey Campbell',
      },
    });
    expect(typeof body.id).toBe('string');
    // The absolute limit: four hours from sign-in.
    expect(new Date(body.expiryTime).getTime() - t.clock.now().getTime()).toBe(4 * 60 * 60 * 1000);
    expect(info.headers['cache-control']).toBe('no-store');
  });

  it('signs in an applicant with roles and assurance level from the claims, and no countersignatory details', async () => {
    const browser = new Browser(t);
    await browser.signIn('applicant-unverified');
    const body = (await browser.get('/oauth2/api/userinformation')).json();
    expect(body.roles).toEqual(['/APPLICANT']);
    expect(body.assuranceLevel).toBe('GPG45_LOW');
    expect(body.countersignatoryDetails).toBeUndefined();
    const details = (await browser.get('/api/personal-details/me')).json();
    expect(details).toMatchObject({
      name: { forename: 'Jordan', surname: 'Reid' },
      dateOfBirth: '1985-09-30',
    });
  });

  it('makes a custom persona from the form on the sign-in page', async () => {
    const browser = new Browser(t);
    const { visited } = await browser.signIn({
      givenName: 'Ailsa',
      familyName: "O'Neill",
      birthdate: '2000-02-29',
      role: 'LEVEL1_CSG',
      assuranceLevel: 'GPG45_MEDIUM',
      organisation: 'B',
    });
    expect(visited.at(-1)).toBe('/dashboard');
    const body = (await browser.get('/oauth2/api/userinformation')).json();
    expect(body.roles).toEqual(['/LEVEL1_CSG']);
    expect(body.countersignatoryDetails.organisationCode).toBe('RB2002');
  });

  it('refuses a custom persona with a bad date of birth and says which field', async () => {
    const browser = new Browser(t);
    // A verified applicant's persona (customApplicant's role and assurance level) but for its names and the date.
    const { res } = await browser.signIn(
      customApplicant({ givenName: 'A', familyName: 'B', birthdate: '31/02/2000' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('There is a problem');
    expect(res.body).toContain('#custom-birthdate');
  });

  it('carries the sign-in identifiers through to the application redirect', async () => {
    const browser = new Browser(t);
    const uuid = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    const { visited } = await browser.signIn('applicant-verified', `/oauth2/authorization/dis?uuid=${uuid}`);
    expect(visited.at(-1)).toBe(`/application-redirect?uuid=${uuid}`);
  });

  it('lands the basic sign-in on the dashboard’s Basic disclosures and appId on its Basic application (decision 0052)', async () => {
    const basic = new Browser(t);
    const second = await basic.signIn('applicant-basic', '/oauth2/authorization/dis?applicationType=basic');
    expect(second.visited).toContain('/applicant/dashboard#basic-applications');
    const byId = new Browser(t);
    const third = await byId.signIn('applicant-basic', '/oauth2/authorization/dis?appId=BD-77');
    expect(third.visited.at(-1)).toBe('/basic-applications/BD-77');
    // Both: the Basic application's page. A countersignatory is refused either (the test below).
    const both = new Browser(t);
    const fourth = await both.signIn(
      'applicant-verified',
      '/oauth2/authorization/dis?applicationType=basic&appId=BD-78',
    );
    expect(fourth.visited.at(-1)).toBe('/basic-applications/BD-78');
    const csg = new Browser(t);
    const refused = await csg.signIn('csg', '/oauth2/authorization/dis?applicationType=basic');
    expect(refused.visited.at(-1)).toBe('/error?code=incorrect_role_csg');
  });

  it('sends a countersignatory who follows an applicant link to the incorrect-role page, signed out', async () => {
    const browser = new Browser(t);
    const { visited } = await browser.signIn('csg', '/oauth2/authorization/dis?appId=abc123');
    expect(visited.at(-1)).toBe('/error?code=incorrect_role_csg');
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(401);
  });

  it('refuses malformed sign-in identifiers', async () => {
    const res = await new Browser(t).get('/oauth2/authorization/dis?uuid=not-a-uuid');
    expect(res.headers.location).toBe('/error?code=invalid_request');
  });

  it('lands provider errors on the error page with their code', async () => {
    const browser = new Browser(t);
    await browser.navigate('/oauth2/authorization/dis');
    const res = await browser.get('/oauth2/callback?error=matching_error&state=x');
    expect(res.headers.location).toBe('/error?code=matching_error');
    const unknown = await browser.get('/oauth2/callback?error=something_else');
    expect(unknown.headers.location).toBe('/error?code=server_error');
  });

  it('shows dob_mismatch, a sign-in error code of spec 01 and 02 section 8, as its own page', async () => {
    // The provider's answer to our own request (its state matches) and a made-up one both land on the page.
    const browser = new Browser(t);
    const start = await browser.get('/oauth2/authorization/dis');
    const state = new URL(String(start.headers.location), 'http://localhost').searchParams.get('state');
    const res = await browser.get(`/oauth2/callback?error=dob_mismatch&state=${state}`);
    expect(res.headers.location).toBe('/error?code=dob_mismatch');
    // (The page itself, one per code, is the browser test pages.spec.ts's.)
    const forged = await new Browser(t).get('/oauth2/callback?error=dob_mismatch&state=x');
    expect(forged.headers.location).toBe('/error?code=dob_mismatch');
  });

  it('refuses a callback with no sign-in in progress, and one with a forged state', async () => {
    const fresh = await new Browser(t).get('/oauth2/callback?code=abc&state=def');
    expect(fresh.headers.location).toBe('/error?code=authorization_request_not_found');
    const browser = new Browser(t);
    await browser.navigate('/oauth2/authorization/dis');
    const forged = await browser.get(
      '/oauth2/callback?code=abc&state=forged&iss=http%3A%2F%2Flocalhost%3A3000%2Flocal%2Fidp',
    );
    expect(forged.headers.location).toBe('/error?code=invalid_request');
  });

  it('gives a new session identifier at sign-in', async () => {
    const browser = new Browser(t);
    await browser.navigate('/oauth2/authorization/dis');
    const before = browser.cookies.get('dis-session')?.value;
    expect(before).toBeDefined();
    await browser.signIn('csg');
    expect(browser.cookies.get('dis-session')?.value).not.toBe(before);
  });

  it('keeps a signed-in session when the same person signs in again through a second hand-over link (issue 29 item 15)', async () => {
    const browser = new Browser(t);
    await browser.signIn('applicant-verified');
    const before = browser.cookies.get('dis-session')!.value;
    // A second emailed link while signed in: the provider still has its session, so no sign-in page.
    const uuid = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
    const { visited } = await browser.navigate(`/oauth2/authorization/dis?uuid=${uuid}`);
    expect(visited.at(-1)).toBe(`/application-redirect?uuid=${uuid}`);
    // A call the open page made with the cookie it had, answered after the sign-in finished (the race seen in
    // the browser): it must neither clear the cookie nor put back one whose session has gone.
    const late = await browser.request({
      method: 'GET',
      url: '/oauth2/api/userinformation',
      headers: { cookie: `dis-session=${before}` },
    });
    expect(late.statusCode).toBe(200);
    const info = await browser.get('/oauth2/api/userinformation');
    expect(info.statusCode).toBe(200);
    expect(info.json().roles).toEqual(['/APPLICANT']);
  });

  it('gives a new session when a different person signs in over a signed-in one', async () => {
    const browser = new Browser(t);
    await browser.signIn('applicant-verified');
    const first = (await browser.get('/oauth2/api/userinformation')).json().id;
    const before = browser.cookies.get('dis-session')!.value;
    await browser.get('/local/idp/session/end');
    // The provider's own session is ended separately here; a new person signs in on the same browser.
    browser.cookies.forEach((_value, name) => {
      if (name !== 'dis-session') browser.cookies.delete(name);
    });
    await browser.signIn('applicant-basic');
    expect(browser.cookies.get('dis-session')!.value).not.toBe(before);
    const second = (await browser.get('/oauth2/api/userinformation')).json().id;
    expect(second).not.toBe(first);
    const stale = await browser.request({
      method: 'GET',
      url: '/oauth2/api/userinformation',
      headers: { cookie: `dis-session=${before}` },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('logs out: ends the server session and returns the provider end-session URL with the reason', async () => {
    const { browser, redirect } = await signedInThenOut(t);
    expect(redirect.pathname).toBe('/local/idp/session/end');
    expect(redirect.searchParams.get('state')).toBe('inactive for 30 minutes');
    // No ID token: the client id identifies the service to the provider.
    expect(redirect.searchParams.get('id_token_hint')).toBeNull();
    expect(redirect.searchParams.get('client_id')).toBeTruthy();
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(401);
    const back = await browser.get('/oauth2/signed-out?state=inactive%20for%2030%20minutes');
    expect(back.headers.location).toBe('/signed-out?reason=inactive%20for%2030%20minutes');
    expect((await browser.get('/oauth2/signed-out')).headers.location).toBe('/successfully-signed-out');
  });

  it('writes audit events for sign-in and sign-out, with no personal data', async () => {
    const browser = new Browser(t);
    await browser.signIn('applicant-basic');
    const userId = (await browser.get('/oauth2/api/userinformation')).json().id;
    await browser.send('POST', '/oauth2/api/logout', {});
    const events = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(events.map((e) => e.event).slice(-2)).toEqual(['sign-in', 'sign-out']);
    expect(JSON.stringify(events)).not.toMatch(/Sam|Taylor|1978/);
  });

  it('returns 401 from userinformation when not signed in', async () => {
    const res = await new Browser(t).get('/oauth2/api/userinformation');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: 401,
      message: expect.any(String),
      backendCode: 'UNAUTHENTICATED',
      requestId: res.headers['x-request-id'],
    });
  });
});
