import { describe, expect, it } from 'vitest';
import { promisify } from 'node:util';
import { SESSION_SERVER_IDLE_MS } from '@dis/domain';
import { DatabaseSessionStore, RedisSessionStore } from '../src/platform/session';
import { Browser, ENGINES, startTestApp, type TestApp, withTestApp } from './harness';

const MINUTE = 60 * 1000;

describe.each(ENGINES)('session limits and cookie on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app));

  it('keeps a session alive through activity and ends it 32 idle minutes after the activity it recorded', async () => {
    // 30 idle minutes, and the minute by which each of the browser's keep-alive and the server's record of it can
    // trail the person's last activity (decision 0035): the browser's own warning and sign-out at 30 minutes run first.
    expect(SESSION_SERVER_IDLE_MS).toBe(32 * MINUTE);
    const browser = new Browser(t);
    await browser.signIn('applicant-verified');
    t.clock.advance(SESSION_SERVER_IDLE_MS - 1000);
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
    // That request was activity: the idle clock starts again from it.
    t.clock.advance(SESSION_SERVER_IDLE_MS - 1000);
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
    t.clock.advance(SESSION_SERVER_IDLE_MS);
    const res = await browser.get('/oauth2/api/userinformation');
    expect(res.statusCode).toBe(401);
    expect(res.json().backendCode).toBe('UNAUTHENTICATED');
    // Once ended it stays ended, even when the clock is put back.
    t.clock.advance(-SESSION_SERVER_IDLE_MS);
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(401);
  });

  it('never ends a session sooner than 30 idle minutes after the last request, recorded or not', async () => {
    const browser = new Browser(t);
    await browser.signIn('applicant-verified');
    // The first request after sign-in is recorded; one 59 seconds later is not (activity is recorded once a minute).
    t.clock.advance(1000);
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
    t.clock.advance(59 * 1000);
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
    // 30 idle minutes after that last request, and the browser's minute for telling the server, the session is there.
    t.clock.advance(31 * MINUTE - 1000);
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
  });

  it('ends a session 4 hours after sign-in however active the person is', async () => {
    const browser = new Browser(t);
    await browser.signIn('csg');
    for (let i = 0; i < 9; i++) {
      t.clock.advance(25 * MINUTE);
      expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
    }
    // 225 minutes so far; 15 more reaches 4 hours exactly.
    t.clock.advance(14 * MINUTE + 59 * 1000);
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(401);
  });

  it('does not let a request that was running at sign-out write the session back', async () => {
    const store = t.redis
      ? new RedisSessionStore(t.redis, t.clock)
      : new DatabaseSessionStore(t.database.db, t.clock);
    const set = promisify(store.set.bind(store));
    const get = promisify(store.get.bind(store)) as (sid: string) => Promise<unknown>;
    const destroy = promisify(store.destroy.bind(store));
    const now = t.clock.now().getTime();
    const user = { id: 'u1', roles: ['APPLICANT'], assuranceLevel: 'DS_VERIFIED', countersignatoryId: null };
    await set('race', { user, createdAt: now, lastSeenAt: now });
    expect(await get('race')).toMatchObject({ user });
    await destroy('race');
    // The late save of a request that loaded the session before sign-out.
    await set('race', { user, createdAt: now, lastSeenAt: now + 1000 });
    expect(await get('race')).toBeUndefined();
    // A sign-in still in progress (no user yet) is saved as usual.
    await set('pending', { pendingSignIn: { state: 's' } });
    expect(await get('pending')).toMatchObject({ pendingSignIn: { state: 's' } });
  });

  it('records activity at most once a minute, and caches the countersignatory and declaration for the session', async () => {
    const store = t.redis
      ? new RedisSessionStore(t.redis, t.clock)
      : new DatabaseSessionStore(t.database.db, t.clock);
    const get = promisify(store.get.bind(store)) as unknown as (
      sid: string,
    ) => Promise<Record<string, unknown>>;
    const browser = new Browser(t);
    await browser.signIn('csg');
    const sid = () => {
      const value = decodeURIComponent(browser.cookies.get('dis-session')!.value);
      return value.slice(0, value.lastIndexOf('.'));
    };
    // The first request after sign-in records activity (so no later save can re-create the session).
    t.clock.advance(1000);
    expect((await browser.send('POST', '/api/declaration', { agreed: true })).statusCode).toBe(200);
    const signedIn = (await get(sid())).lastSeenAt as number;
    t.clock.advance(30 * 1000);
    expect((await browser.get('/ags/disclosure-summaries')).statusCode).toBe(200);
    const kept = await get(sid());
    // A read within the minute leaves the stored session as it was...
    expect(kept.lastSeenAt).toBe(signedIn);
    // ...apart from the facts it read once: the countersignatory record and today's declaration.
    expect(kept).toMatchObject({
      countersignatory: { code: 'csg-a-casey' },
      declarationSignedOn: expect.any(String),
    });
    t.clock.advance(31 * 1000);
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
    const touched = await get(sid());
    expect(touched.lastSeenAt).toBe(t.clock.now().getTime());
    expect(touched).toMatchObject({ userName: { forename: 'Casey', surname: 'Campbell' } });
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, path / and not Secure on plain-http localhost', async () => {
    const res = await new Browser(t).get('/oauth2/authorization/dis');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^dis-session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});

describe('session cookie on https', () => {
  it('uses the __Host- prefix with Secure when the service is on https', async () => {
    const engine = ENGINES[0]!;
    const t = await startTestApp(engine, {
      PUBLIC_URL: 'https://disclosures.example.gov.uk',
      TRUST_PROXY: '1',
    });
    try {
      const res = await new Browser(t).request({
        method: 'GET',
        url: '/oauth2/authorization/dis',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers.location).toMatch(/^https:\/\/disclosures.example.gov.uk\/local\/idp\/auth/);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-dis-session=/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/Path=\//);
      expect(res.headers['strict-transport-security']).toBeDefined();
    } finally {
      await t.dispose();
    }
  });
});
