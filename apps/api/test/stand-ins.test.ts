import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { CustomFetch } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig } from '../src/config';
import { buildStandIns, type StandIns } from '../src/stand-ins-app';
import { ENGINES, ORIGIN, PUBLIC_URL, type Engine, okBody } from './harness';

/** Where the shared stand-ins answer (nothing listens: requests to it are sent to the in-process app). */
const STAND_INS_URL = 'http://127.0.0.1:3100';

/** The same configuration for every process, as behind one proxy: one public address, one stand-ins process. */
const env = {
  NODE_ENV: 'test',
  PUBLIC_URL,
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  STAND_INS_URL,
  CLAMD_PORT: '0',
};

/** Sends a request to the in-process app standing at the URL's origin. */
async function injectAt(
  app: FastifyInstance,
  url: URL,
  options: Omit<InjectOptions, 'url'>,
): Promise<LightMyRequestResponse> {
  // As a proxy in front of it would: the host asked for, and the scheme.
  const headers = { ...(options.headers ?? {}), host: url.host, 'x-forwarded-proto': 'http' };
  return app.inject({ ...options, headers, url: url.pathname + url.search });
}

/**
 * A browser over inject that keeps cookies per host and sends the service's address to whichever API instance the
 * test names (as a proxy would pick one), and the stand-ins' address to the stand-ins.
 */
class TwoInstanceBrowser {
  private readonly jars = new Map<string, Map<string, string>>();
  instance: FastifyInstance;
  constructor(
    private readonly instances: { a: FastifyInstance; b: FastifyInstance },
    private readonly standIns: FastifyInstance,
  ) {
    this.instance = instances.a;
  }

  use(which: 'a' | 'b') {
    this.instance = this.instances[which];
  }

  async request(method: 'GET' | 'POST', target: string, form?: Record<string, string>) {
    const url = new URL(target, PUBLIC_URL);
    const app = url.origin === STAND_INS_URL ? this.standIns : this.instance;
    const jar = this.jars.get(url.host) ?? new Map<string, string>();
    this.jars.set(url.host, jar);
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = url.origin === STAND_INS_URL ? STAND_INS_URL : ORIGIN;
    }
    const res = await injectAt(app, url, {
      method,
      headers,
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return { res, url };
  }

  /** Follows redirects until a page; stops before the service's callback when `stopAtCallback`. */
  async follow(start: string, stopAtCallback = false) {
    let { res, url } = await this.request('GET', start);
    for (let hops = 0; hops < 20 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      const next = new URL(String(res.headers.location), url);
      if (stopAtCallback && next.href.startsWith(`${PUBLIC_URL}/oauth2/callback`)) return { res, url, next };
      ({ res, url } = await this.request('GET', next.href));
    }
    return { res, url, next: undefined };
  }
}

describe.each(ENGINES)('the shared stand-ins process on $name', (engine: Engine) => {
  let opened: Awaited<ReturnType<Engine['open']>>;
  let standIns: StandIns;
  let a: BuiltApp;
  let b: BuiltApp;

  beforeAll(async () => {
    opened = await engine.open();
    const redis = opened.redisUrl ? { REDIS_URL: opened.redisUrl } : {};
    standIns = await buildStandIns(
      loadConfig({ ...env, ...redis, STAND_INS_URL: '', OIDC_ISSUER: `${STAND_INS_URL}/local/idp` }),
      {
        database: opened.database,
      },
    );
    await standIns.app.ready();
    // Each instance reaches the identity provider's token endpoint in the stand-ins process.
    const identityFetch: CustomFetch = async (target, options) => {
      const url = new URL(target);
      const res = await injectAt(standIns.app, url, {
        method: options.method as InjectOptions['method'],
        headers: Object.fromEntries(
          new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).entries(),
        ),
        ...(options.body ? { payload: String(options.body) } : {}),
      });
      return new Response(res.statusCode === 204 ? null : res.rawPayload, {
        status: res.statusCode,
        headers: res.headers as Record<string, string>,
      });
    };
    a = await buildApp(loadConfig({ ...env, ...redis }), { database: opened.database, identityFetch });
    b = await buildApp(loadConfig({ ...env, ...redis }), { database: opened.database, identityFetch });
    await Promise.all([a.app.ready(), b.app.ready()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await standIns.close();
    await opened.dispose();
  });

  it('a sign-in started on one instance completes on the other', async () => {
    const browser = new TwoInstanceBrowser({ a: a.app, b: b.app }, standIns.app);
    // Started on instance A: its redirect goes to the stand-ins' identity provider.
    const { url: signInPage } = await browser.follow('/oauth2/authorization/dis');
    expect(signInPage.origin).toBe(STAND_INS_URL);
    expect(signInPage.pathname).toMatch(/^\/local\/idp\/interaction\//);

    const posted = await browser.request('POST', `${signInPage.href}/login`, { persona: 'csg' });
    expect(posted.res.statusCode).toBe(303);
    const { next: callback } = await browser.follow(
      new URL(String(posted.res.headers.location), signInPage).href,
      true,
    );
    expect(callback?.pathname).toBe('/oauth2/callback');

    // The provider's answer arrives at instance B, which exchanges the code with the same provider.
    browser.use('b');
    const { res: landed } = await browser.request('GET', callback!.href);
    expect(landed.statusCode).toBe(302);
    expect(String(landed.headers.location)).not.toMatch(/error|problem|unavailable/i);

    // Signed in on both instances: the session is in the shared store.
    for (const which of ['a', 'b'] as const) {
      browser.use(which);
      const { res } = await browser.request('GET', '/oauth2/api/userinformation');
      expect(okBody(res)).toMatchObject({ roles: ['/CSG'] });
    }
  });

  it('the instances serve no stand-in pages of their own', async () => {
    for (const url of ['/local/idp/.well-known/openid-configuration', '/local/notify', '/local/casework']) {
      expect((await a.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const discovery = await standIns.app.inject({
      method: 'GET',
      url: '/local/idp/.well-known/openid-configuration',
    });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({ issuer: `${STAND_INS_URL}/local/idp` });
    expect((await standIns.app.inject({ method: 'GET', url: '/local/notify' })).statusCode).toBe(200);
  });
});
