import { Signer } from '@fastify/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, ENGINES, ORIGIN, startTestApp, type TestApp, withTestApp } from './harness';

// Nothing listens on port 1 of loopback: a Redis that is down.
const CLOSED_PORT = 'redis://127.0.0.1:1';

describe('Redis down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(ENGINES[0]!, { REDIS_URL: CLOSED_PORT });
  });
  afterAll(async () => t.dispose());

  it('/readyz says so with 503 and names Redis; /healthz still answers', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'ok', redis: 'unavailable' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('a call that needs the session fails fast with 503 and the standard body', async () => {
    // A validly signed session cookie makes the server ask the session store (Redis).
    const browser = new Browser(t);
    const signed = new Signer(t.config.sessionSecret, 'sha256').sign('x'.repeat(32));
    browser.cookies.set('dis-session', { value: encodeURIComponent(signed), path: '/' });
    for (const call of [
      () => browser.get('/oauth2/api/userinformation'),
      () => browser.get('/ags/disclosure-summaries'),
      () =>
        browser.request({
          method: 'POST',
          url: '/api/declaration',
          payload: '{"agreed":true}',
          headers: {
            'content-type': 'application/json',
            origin: ORIGIN,
            'x-requested-with': 'XMLHttpRequest',
          },
        }),
    ]) {
      const started = Date.now();
      const res = await call();
      expect(Date.now() - started).toBeLessThan(6000); // not the 8-second hang of a queued command
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        status: 503,
        message: expect.any(String),
        backendCode: 'TEMPORARILY_UNAVAILABLE',
        requestId: expect.any(String),
      });
    }
  });

  it('signing in (the rate-limited start and a new session) fails fast with 503, not 500', async () => {
    const started = Date.now();
    const res = await new Browser(t).get('/oauth2/authorization/dis');
    expect(Date.now() - started).toBeLessThan(6000); // not the 8-second hang of a queued command
    // A browser navigation: the service-unavailable page.
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/error?code=temporarily_unavailable');
  });
});

describe.each(ENGINES)('/readyz with every dependency up on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app));

  it('is 200 and lists each dependency it checked', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      database: 'ok',
      ...(t.config.redisUrl ? { redis: 'ok' } : {}),
    });
  });
});
