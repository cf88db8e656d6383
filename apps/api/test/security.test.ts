import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, ENGINES, ORIGIN, startTestApp, type TestApp } from './harness';

describe.each(ENGINES)('request forgery defences and headers on $name', (engine) => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    browser = new Browser(t);
    await browser.signIn('csg');
  });
  afterAll(async () => t.dispose());

  const post = (headers: Record<string, string>, payload = '{"agreed":true}') =>
    browser.request({ method: 'POST', url: '/api/declaration', payload, headers });

  it('accepts a state-changing call with JSON, the custom header and our Origin', async () => {
    const res = await post({
      'content-type': 'application/json',
      origin: ORIGIN,
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses one without the custom header', async () => {
    const res = await post({ 'content-type': 'application/json', origin: ORIGIN });
    expect(res.statusCode).toBe(403);
    expect(res.json().backendCode).toBe('CSRF_REJECTED');
  });

  it('refuses one from another origin, or with no Origin', async () => {
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    expect((await post({ ...headers, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post(headers)).statusCode).toBe(403);
  });

  it('refuses a form-encoded body even with the header', async () => {
    const res = await post(
      {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        'x-requested-with': 'XMLHttpRequest',
      },
      'agreed=true',
    );
    expect(res.statusCode).toBe(403);
  });

  it('nothing is recorded by a refused call', async () => {
    const fresh = new Browser(t);
    await fresh.signIn('lead-csg');
    await fresh.request({
      method: 'POST',
      url: '/api/declaration',
      payload: '{"agreed":true}',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'x-requested-with': 'XMLHttpRequest',
      },
    });
    expect((await fresh.get('/api/declaration')).json().signedToday).toBe(false);
  });

  it('sends a strict content security policy and no-store on API responses', async () => {
    const res = await browser.get('/api/config');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('limits the rate of sign-in starts', async () => {
    const limited = await startTestApp(engine, { SIGN_IN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const someone = new Browser(limited);
      const statuses: string[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(String((await someone.get('/oauth2/authorization/dis')).headers.location));
      expect(statuses.slice(0, 3).every((l) => l.includes('/local/idp/auth'))).toBe(true);
      expect(statuses[3]).toBe('/error?code=max_requests');
    } finally {
      await limited.dispose();
    }
  });
});
