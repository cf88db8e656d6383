import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, proxyExposureWarning } from '../src/config';
import { registerErrorHandling } from '../src/platform/errors';
import { registerWebApp } from '../src/platform/web';
import {
  Browser,
  ENGINES,
  handOver,
  newDraft,
  ORIGIN,
  signedInCsg,
  startTestApp,
  type TestApp,
  signedInThenOut,
  postForm,
} from './harness';
import { PRODUCTION_ENV } from './support/production-env';

// The security hardening of the platform, sign-in and browser. docs/security.md names each test.

const ID_TOKEN = /idToken|eyJ[\w-]*\.[\w-]+\.[\w-]*/;

describe('configuration of the proxy, the listening address and source maps', () => {
  it('trusts one proxy hop by default in production, never every hop', () => {
    expect(loadConfig(PRODUCTION_ENV).trustProxy).toBe(1);
    expect(loadConfig({ ...PRODUCTION_ENV, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...PRODUCTION_ENV, TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.1.0/24',
    ]);
    expect(loadConfig({ ...PRODUCTION_ENV, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION_ENV, TRUST_PROXY: 'true' })).toThrow(/hop count/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('listens on 127.0.0.1 by default while the local stand-ins are on, on every interface otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ LOCAL_SERVICES: 'false' }).host).toBe('0.0.0.0');
    expect(loadConfig(PRODUCTION_ENV).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('warns at start in production when TRUST_PROXY is set and the server listens on a public interface (finding 9)', () => {
    const warning = (env: Record<string, string>) =>
      proxyExposureWarning(loadConfig({ ...PRODUCTION_ENV, ...env }));
    // Production listens on every interface by default and trusts one hop: the port must be behind the proxy.
    expect(warning({})).toMatch(/reachable only through the proxy/);
    expect(warning({ HOST: '::' })).toMatch(/TRUST_PROXY/);
    expect(warning({ HOST: '203.0.113.7', TRUST_PROXY: '10.0.0.1' })).toMatch(/public interface/);
    expect(warning({ HOST: 'app.example.gov.uk' })).toBeDefined();
    // A private or loopback address, or no proxy trusted: nothing to warn about.
    for (const HOST of ['10.0.2.15', '172.20.0.3', '192.168.1.4', '127.0.0.1', '::1', 'fd00::5', 'localhost'])
      expect(warning({ HOST }), HOST).toBeUndefined();
    expect(warning({ TRUST_PROXY: 'false' })).toBeUndefined();
    // Outside production (the local stand-ins, 127.0.0.1) there is no warning.
    expect(proxyExposureWarning(loadConfig({ HOST: '0.0.0.0', TRUST_PROXY: '1' }))).toBeUndefined();
  });

  it('serves the web app’s source maps only outside production', async () => {
    expect(loadConfig(PRODUCTION_ENV).serveSourceMaps).toBe(false);
    expect(loadConfig({}).serveSourceMaps).toBe(true);
    const dist = mkdtempSync(path.join(tmpdir(), 'dis-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(path.join(dist, 'assets', 'index-AbCdEf12.js'), 'console.log(1);');
    writeFileSync(path.join(dist, 'assets', 'index-AbCdEf12.js.map'), '{"version":3}');
    for (const serveSourceMaps of [false, true]) {
      const app = Fastify();
      registerErrorHandling(app);
      await registerWebApp(app, dist, {
        serveSourceMaps,
        publicUrl: 'http://localhost',
        secureCookies: false,
      });
      expect((await app.inject('/assets/index-AbCdEf12.js')).statusCode).toBe(200);
      expect((await app.inject('/assets/index-AbCdEf12.js.map')).statusCode).toBe(
        serveSourceMaps ? 200 : 404,
      );
      await app.close();
    }
  });
});

describe.each(ENGINES)('platform, sign-in and browser controls on $name', (engine) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await startTestApp(engine, { LOG_LEVEL: 'info' }, { logStream });
  });
  afterAll(async () => t.dispose());

  const expectSecurityHeaders = (res: { headers: Record<string, unknown> }) => {
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  };

  const expectStandardError = (
    res: { json(): Record<string, unknown>; headers: Record<string, unknown>; statusCode: number },
    status: number,
    backendCode: string,
  ) => {
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body).toMatchObject({ status, backendCode, message: expect.any(String) });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).toBe(body.requestId);
  };

  describe('item 7: every response, errors included, has the same headers and body', () => {
    it('answers a malformed URL with 400, the security headers and the standard body', async () => {
      for (const url of ['/%', '/api/draftApplications/%zz']) {
        const res = await t.app.inject({ method: 'GET', url });
        expectStandardError(res, 400, 'BAD_URL');
        expectSecurityHeaders(res);
      }
    });

    it('answers TRACE with 405 and the standard body', async () => {
      for (const url of ['/', '/api/config']) {
        const res = await t.app.inject({ method: 'TRACE', url });
        expectStandardError(res, 405, 'METHOD_NOT_ALLOWED');
        expectSecurityHeaders(res);
        expect(res.headers.allow).toMatch(/GET/);
      }
    });

    it('puts a request id in every error body and response header', async () => {
      expectStandardError(await t.app.inject('/api/nothing-here'), 404, 'NOT_FOUND');
      expectStandardError(await t.app.inject('/oauth2/api/userinformation'), 401, 'UNAUTHENTICATED');
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/declaration',
        payload: '{}',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      });
      expectStandardError(forged, 403, 'CSRF_REJECTED');
      expectSecurityHeaders(forged);
      const ok = await t.app.inject('/api/config');
      expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('item 8: browser security headers and policy reports', () => {
    it("sends base-uri 'none', a report endpoint and X-Frame-Options DENY agreeing with frame-ancestors", async () => {
      const res = await t.app.inject('/api/config');
      expect(res.headers['content-security-policy']).toMatch(/base-uri 'none'/);
      expect(res.headers['content-security-policy']).toMatch(/report-uri \/api\/csp-reports/);
      expectSecurityHeaders(res);
    });

    it('stores a policy report with identifiers and query strings masked', async () => {
      const token = 'Zx9kQ2mP7rT4vW8yB3nL';
      const report = {
        'csp-report': {
          'document-uri': `http://localhost:3000/organisation/${token}/applicant?name=Robin`,
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js?who=me',
          disposition: 'enforce',
        },
      };
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/csp-reports',
        payload: JSON.stringify(report),
        headers: { 'content-type': 'application/csp-report' },
      });
      expect(res.statusCode).toBe(204);
      const batch = await t.app.inject({
        method: 'POST',
        url: '/api/csp-reports',
        payload: JSON.stringify([
          {
            type: 'csp-violation',
            body: { documentURL: 'http://localhost:3000/dashboard', effectiveDirective: 'base-uri' },
          },
        ]),
        headers: { 'content-type': 'application/reports+json' },
      });
      expect(batch.statusCode).toBe(204);
      const rows = await t.database.db.selectFrom('csp_reports').selectAll().orderBy('id').execute();
      expect(rows.map((r) => [r.document_path, r.directive, r.blocked])).toEqual([
        ['http://localhost:3000/organisation/:id/applicant', 'script-src-elem', 'https://evil.example'],
        ['http://localhost:3000/dashboard', 'base-uri', ''],
      ]);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(JSON.stringify(rows)).not.toContain('Robin');
    });

    it('refuses an oversized or malformed report and stores nothing', async () => {
      const before = (await t.database.db.selectFrom('csp_reports').select('id').execute()).length;
      const huge = await t.app.inject({
        method: 'POST',
        url: '/api/csp-reports',
        payload: JSON.stringify({ 'csp-report': { 'document-uri': 'x'.repeat(20_000) } }),
        headers: { 'content-type': 'application/csp-report' },
      });
      expect(huge.statusCode).toBe(413);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/csp-reports',
        payload: '{"csp-report": 5}',
        headers: { 'content-type': 'application/csp-report' },
      });
      expectStandardError(bad, 400, 'VALIDATION_FAILED');
      expect((await t.database.db.selectFrom('csp_reports').select('id').execute()).length).toBe(before);
    });
  });

  describe('item 10: the local stand-ins answer only on loopback', () => {
    it('refuses the outbox, casework, clock and identity provider to a caller from another machine', async () => {
      for (const url of [
        '/local/notify/messages',
        '/local/casework',
        '/local/clock',
        '/local/idp/.well-known/openid-configuration',
      ]) {
        const remote = await t.app.inject({
          method: 'GET',
          url,
          remoteAddress: '203.0.113.9',
          // A header cannot make a remote caller local.
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expectStandardError(remote, 404, 'NOT_FOUND');
        const local = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
        expect(local.statusCode, url).toBe(200);
        const local6 = await t.app.inject({ method: 'GET', url, remoteAddress: '::1' });
        expect(local6.statusCode, url).toBe(200);
      }
      const post = await t.app.inject({
        method: 'POST',
        url: '/local/clock',
        remoteAddress: '198.51.100.20',
        payload: 'action=reset',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      });
      expect(post.statusCode).toBe(404);
    });
  });

  describe('item 11: request logs carry route templates, never tokens or link ids', () => {
    it('logs /api/draftApplications/:token, not the token, and no link id from a sign-in query', async () => {
      const csg = await signedInCsg(t);
      const { token, linkId } = await handOver(t, csg);
      const { draftApplicationToken } = await newDraft(csg);
      logLines.length = 0;
      await csg.get(`/api/draftApplications/${draftApplicationToken}`);
      await new Browser(t).navigate(`/oauth2/authorization/dis?uuid=${linkId}`);
      const log = logLines.join('\n');
      expect(log).toContain('/api/draftApplications/:token');
      expect(log).toContain('/oauth2/authorization/dis');
      expect(log).not.toContain(draftApplicationToken);
      expect(log).not.toContain(token);
      expect(log).not.toContain(linkId);
    });
  });

  describe('item 3: sign-out never hands the browser a token', () => {
    it('signs out with an Origin-checked POST answering an end-session URL without the ID token', async () => {
      const { browser, res, redirect } = await signedInThenOut(t);
      expect(redirect.pathname).toBe('/local/idp/session/end');
      expect(redirect.searchParams.get('id_token_hint')).toBeNull();
      expect(redirect.searchParams.get('client_id')).toBe(t.config.oidc.clientId);
      expect(redirect.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/oauth2/signed-out`);
      expect(redirect.searchParams.get('state')).toBe('inactive for 30 minutes');
      // No JWT anywhere in what the browser receives, and no personal claim of the persona.
      expect(res.body).not.toMatch(/eyJ[A-Za-z0-9_-]+\./);
      expect(res.body).not.toMatch(/Alex|Morgan|1990|@example/);
      expect(res.headers['clear-site-data']).toBe('"cache", "storage"');
      expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(401);
      // The provider ends its own session from that URL: its sign-out page, not an error.
      const provider = await browser.get(redirect.pathname + redirect.search);
      expect(provider.statusCode).toBe(200);
      expect(provider.body).toContain('op.logoutForm');
    });

    /** The spec's GET sign-out (spec 01 and 02 section 7), with the headers a browser would send. */
    const getSignOut = (browser: Browser, headers: Record<string, string>, query = '') =>
      browser.request({ method: 'GET', url: `/oauth2/api/logout${query}`, headers });
    /** What one request wrote to the audit trail about this person. */
    const auditOfRequest = (userId: string, res: { headers: Record<string, unknown> }) =>
      t.database.db
        .selectFrom('audit_events')
        .select(['event', 'outcome', 'detail'])
        .where('user_id', '=', userId)
        .where('request_id', '=', String(res.headers['x-request-id']))
        .execute();

    it.each<[string, Record<string, string>]>([
      ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', referer: `${ORIGIN}/dashboard` }],
      ['no Sec-Fetch-Site, this Origin', { origin: ORIGIN }],
      ['no Sec-Fetch-Site or Origin, a Referer of this service', { referer: `${ORIGIN}/signed-in-page` }],
    ])(
      'signs out from a same-origin GET with a reason (%s), as the POST does (decision 0048)',
      async (_, headers) => {
        const browser = new Browser(t);
        await browser.signIn('applicant-verified');
        const userId = (await browser.get('/oauth2/api/userinformation')).json().id;
        const res = await getSignOut(browser, headers, '?reason=inactive%20for%2030%20minutes');
        expect(res.statusCode, res.body).toBe(200);
        const redirect = new URL(res.json().oauthProviderRedirect);
        expect(redirect.pathname).toBe('/local/idp/session/end');
        expect(redirect.searchParams.get('id_token_hint')).toBeNull();
        expect(redirect.searchParams.get('state')).toBe('inactive for 30 minutes');
        expect(res.headers['clear-site-data']).toBe('"cache", "storage"');
        expect(res.headers['cache-control']).toBe('no-store');
        expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(401);
        expect(await auditOfRequest(userId, res)).toEqual([
          { event: 'sign-out', outcome: 'success', detail: { reason: 'inactive for 30 minutes' } },
        ]);
      },
    );

    it.each<[string, Record<string, string>]>([
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
      // A sibling host, a typed address or bookmark: not this service's pages either.
      ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
      ['Sec-Fetch-Site none', { 'sec-fetch-site': 'none' }],
      // The browser's own header wins over a Referer of this service (which a page cannot forge anyway).
      [
        'Sec-Fetch-Site cross-site with a Referer of this service',
        {
          'sec-fetch-site': 'cross-site',
          referer: `${ORIGIN}/dashboard`,
        },
      ],
      ['another Origin', { origin: 'https://evil.example' }],
      ['Origin null', { origin: 'null' }],
      ['a Referer of another site', { referer: 'https://evil.example/page' }],
      [
        'a Referer on another port',
        { referer: `${new URL(ORIGIN).protocol}//${new URL(ORIGIN).hostname}:1/` },
      ],
      ['no header to tell (a suppressed Referer)', {}],
    ])('does not sign anyone out from a cross-site GET (%s) (decision 0048)', async (_, headers) => {
      const browser = new Browser(t);
      await browser.signIn('applicant-verified');
      const userId = (await browser.get('/oauth2/api/userinformation')).json().id;
      const res = await getSignOut(browser, headers, '?reason=inactive%20for%2030%20minutes');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, backendCode: 'CSRF_REJECTED' });
      expect(res.headers['clear-site-data']).toBeUndefined();
      expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
      expect(await auditOfRequest(userId, res)).toEqual([
        { event: 'sign-out', outcome: 'refused', detail: { reason: 'not_same_origin' } },
      ]);
    });

    it('does not sign anyone out from a cross-site POST', async () => {
      const browser = new Browser(t);
      await browser.signIn('applicant-verified');
      const crossSite = await browser.request({
        method: 'POST',
        url: '/oauth2/api/logout',
        payload: '{}',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          origin: 'https://evil.example',
        },
      });
      expect(crossSite.statusCode).toBe(403);
      expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
    });

    it('keeps the ID token in the server session only, never in an answer to the browser (finding 7)', async () => {
      const browser = new Browser(t);
      const { res } = await browser.signIn('applicant-verified');
      expect(res.body).not.toMatch(ID_TOKEN);
      const info = await browser.get('/oauth2/api/userinformation');
      expect(info.body).not.toMatch(ID_TOKEN);
      for (const cookie of browser.cookies.values()) expect(cookie.value).not.toMatch(ID_TOKEN);
      const stored = t.redis
        ? (await Promise.all((await t.redis.keys('dis:session:*')).map((k) => t.redis!.get(k)))).join('\n')
        : JSON.stringify(await t.database.db.selectFrom('sessions').select('data').execute());
      expect(stored).toMatch(ID_TOKEN);
    });

    /**
     * The sign-out page's form post: urlencoded, with the Origin a browser sends and the form token of its cookie
     * (set by any page the server rendered; set here by hand, as these tests serve no pages).
     */
    const FORM_TOKEN = 'F'.repeat(43);
    const formSignOut = (
      browser: Browser,
      origin: string | undefined,
      payload = `reason=&_csrf=${FORM_TOKEN}`,
    ) => {
      browser.cookies.set('dis-form', { value: FORM_TOKEN, path: '/' });
      return browser.request({
        method: 'POST',
        url: '/oauth2/logout',
        payload,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(origin ? { origin } : {}),
        },
      });
    };

    it('signs out from the form with a 303 carrying the id_token_hint, so the provider honours the return address (finding 7)', async () => {
      const browser = new Browser(t);
      await browser.signIn('applicant-verified');
      const res = await formSignOut(browser, ORIGIN);
      expect(res.statusCode).toBe(303);
      expect(res.headers['clear-site-data']).toBe('"cache", "storage"');
      expect(res.headers['cache-control']).toBe('no-store');
      const redirect = new URL(String(res.headers.location), ORIGIN);
      expect(redirect.pathname).toBe('/local/idp/session/end');
      expect(redirect.searchParams.get('id_token_hint')).toMatch(ID_TOKEN);
      expect(redirect.searchParams.get('client_id')).toBe(t.config.oidc.clientId);
      expect(redirect.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/oauth2/signed-out`);
      // The token is only in the redirect's Location: no body a script could read.
      expect(res.body).not.toMatch(ID_TOKEN);
      expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(401);

      // The provider ends its session and, with the hint, sends the person back to this service.
      const page = await browser.get(redirect.pathname + redirect.search);
      expect(page.statusCode).toBe(200);
      const form = /<form[^>]*id="op.logoutForm"[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(
        page.body,
      );
      expect(form).not.toBeNull();
      const fields = new URLSearchParams();
      for (const [, name, value] of form![2]!.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
        fields.set(name!, value!);
      fields.set('logout', 'yes');
      const confirmed = await browser.request({
        method: 'POST',
        url: new URL(form![1]!, ORIGIN).pathname,
        payload: fields.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      });
      expect(confirmed.statusCode).toBe(303);
      expect(String(confirmed.headers.location)).toMatch(new RegExp(`^${ORIGIN}/oauth2/signed-out`));
      const back = await browser.get(new URL(String(confirmed.headers.location)).pathname);
      expect(back.headers.location).toBe('/successfully-signed-out');
    });

    it('refuses a cross-site, Origin-less or token-less form sign-out, and a form post to the JSON sign-out (finding 7)', async () => {
      const browser = new Browser(t);
      await browser.signIn('applicant-verified');
      expect((await formSignOut(browser, 'https://evil.example')).statusCode).toBe(403);
      expect((await formSignOut(browser, undefined)).statusCode).toBe(403);
      expect((await formSignOut(browser, 'null')).statusCode).toBe(403);
      // Same origin, but without the form token of the browser's cookie, or with another one.
      expect((await formSignOut(browser, ORIGIN, 'reason=')).statusCode).toBe(403);
      expect((await formSignOut(browser, ORIGIN, `reason=&_csrf=${'G'.repeat(43)}`)).statusCode).toBe(403);
      // Only this route takes a form: the JSON sign-out still needs JSON and the custom header.
      const formToJson = await postForm(browser, '/oauth2/api/logout', { reason: '' });
      expect(formToJson.statusCode).toBe(403);
      expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
      expect((await browser.get('/oauth2/logout')).statusCode).toBe(404);
    });
  });

  describe('item 4: a provider error on the callback ends the local session', () => {
    const pendingState = async (browser: Browser, start = '/oauth2/authorization/dis') => {
      const res = await browser.get(start);
      return new URL(String(res.headers.location)).searchParams.get('state')!;
    };

    it('ends the session on login_required and sends the person to sign in again, once', async () => {
      const browser = new Browser(t);
      await browser.signIn('applicant-verified');
      const linkId = '3f0c9a52-8a4e-4c1b-9f57-2f1e6f1f7a10';
      const state = await pendingState(browser, `/oauth2/authorization/dis?uuid=${linkId}`);
      const res = await browser.get(`/oauth2/callback?error=login_required&state=${state}`);
      expect(res.headers.location).toBe(`/oauth2/authorization/dis?uuid=${linkId}`);
      expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(401);
      // The retry: a second login_required is not retried again.
      const again = await pendingState(browser, String(res.headers.location));
      const second = await browser.get(`/oauth2/callback?error=login_required&state=${again}`);
      expect(second.headers.location).toBe('/error?code=server_error');
      // Signing in afterwards works (the provider still knows the person, so no sign-in page this time).
      const { visited } = await browser.navigate('/oauth2/authorization/dis');
      expect(visited.at(-1)).toBe('/dashboard');
      expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
    });

    it('ends the session on any other provider error, keeping its error page', async () => {
      const browser = new Browser(t);
      await browser.signIn('applicant-verified');
      const state = await pendingState(browser);
      const res = await browser.get(`/oauth2/callback?error=matching_error&state=${state}`);
      expect(res.headers.location).toBe('/error?code=matching_error');
      expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(401);
    });

    it('ends nothing on an error callback another site made up (no matching state)', async () => {
      const browser = new Browser(t);
      await browser.signIn('applicant-verified');
      await pendingState(browser);
      const res = await browser.get('/oauth2/callback?error=login_required&state=made-up');
      expect(res.headers.location).toBe('/error?code=server_error');
      expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
    });
  });
});

// Each test builds its own app (its own limits), which can take a while on a busy machine.
const OWN_APP_TIMEOUT = 120_000;

describe.each(ENGINES)('rate limits (item 2) on $name', (engine) => {
  it(
    'does not give a fresh sign-in allowance for a made-up X-Forwarded-For behind one proxy',
    async () => {
      const limited = await startTestApp(engine, { SIGN_IN_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' });
      try {
        const locations: string[] = [];
        for (let i = 0; i < 4; i++) {
          const res = await limited.app.inject({
            method: 'GET',
            url: '/oauth2/authorization/dis',
            // The client makes up the first address; the proxy appends the one it saw.
            headers: { 'x-forwarded-for': `10.9.8.${i}, 198.51.100.7` },
          });
          locations.push(String(res.headers.location));
        }
        expect(locations.slice(0, 3).every((l) => l.includes('/local/idp/auth'))).toBe(true);
        expect(locations[3]).toBe('/error?code=max_requests');
      } finally {
        await limited.dispose();
      }
    },
    OWN_APP_TIMEOUT,
  );

  it(
    'limits writes (declaration, draft saves) per account with 429 and the standard body',
    async () => {
      const limited = await startTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '3' });
      try {
        const csg = await signedInCsg(limited); // one declaration
        const { draftApplicationToken: token } = await newDraft(csg); // one create
        const saves = [];
        for (let i = 0; i < 4; i++)
          saves.push(
            await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, {
              roleDetails: { position: 'Care worker' },
            }),
          );
        expect(saves.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
        expect(saves[3]!.statusCode).toBe(429);
        expect(saves[3]!.json()).toMatchObject({ status: 429, backendCode: 'TOO_MANY_REQUESTS' });
        for (let i = 0; i < 3; i++) await csg.send('POST', '/api/declaration', { agreed: true });
        expect((await csg.send('POST', '/api/declaration', { agreed: true })).statusCode).toBe(429);
        // Another account (same address) has its own allowance.
        const other = await signedInCsg(limited, 'lead-csg');
        expect((await other.send('POST', '/api/declaration', { agreed: true })).statusCode).toBe(200);
      } finally {
        await limited.dispose();
      }
    },
    OWN_APP_TIMEOUT,
  );

  it.runIf(Boolean(process.env.REDIS_URL) && engine.name.includes('Redis'))(
    'shares the counters of two instances through Redis',
    async () => {
      const env = { SIGN_IN_RATE_LIMIT_PER_MINUTE: '3' };
      const first = await startTestApp(engine, env);
      const second = await startTestApp(engine, env);
      try {
        const start = (app: TestApp) =>
          app.app
            .inject({ method: 'GET', url: '/oauth2/authorization/dis', remoteAddress: '192.0.2.44' })
            .then((res) => String(res.headers.location));
        const locations = [await start(first), await start(second), await start(first), await start(second)];
        expect(locations.slice(0, 3).every((l) => l.includes('/local/idp/auth'))).toBe(true);
        expect(locations[3]).toBe('/error?code=max_requests');
      } finally {
        await first.dispose();
        await second.dispose();
      }
    },
    OWN_APP_TIMEOUT,
  );
});
