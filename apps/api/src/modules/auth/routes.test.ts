import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_OUT_FAILED_PATH } from '@dis/domain';
import type { IdentityClient } from '../../integrations/identity/client';
import { buildTestApp, type BuiltTestApp } from '../../../test/support/test-app';

// Spec 02 section 8, "sign-out failure" (issue 29 item 13, decision 0055): a sign-out that cannot be completed ends
// on the page that says so, never on one that says all went well.
const ORIGIN = 'http://localhost:3000';

/** An identity provider that signs in one applicant and cannot give its end-session address. */
function providerThatCannotSignOut(): IdentityClient {
  return {
    startSignIn: async () => ({
      url: 'https://idp.example/authorize',
      state: 'state-1',
      nonce: 'nonce-1',
      codeVerifier: 'verifier-1',
    }),
    finishSignIn: async () => ({
      claims: {
        sub: 'sign-out-failure-applicant',
        givenName: 'Sam',
        familyName: 'Signout',
        birthdate: '1990-01-01',
        email: null,
        phone: null,
        roles: ['APPLICANT'],
        assuranceLevel: 'DS_VERIFIED',
        countersignatoryCode: null,
      },
      idToken: 'id-token',
    }),
    endSessionUrl: async () => {
      throw new Error('the provider’s discovery document is unavailable');
    },
  };
}

describe('a sign-out the identity provider cannot complete', () => {
  let t: BuiltTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ services: { identity: providerThatCannotSignOut() } });
  });
  afterAll(async () => t.close());

  /** Signs in through the fake provider; returns the session cookie. */
  async function signIn(): Promise<string> {
    const start = await t.app.inject({ method: 'GET', url: '/oauth2/authorization/dis' });
    const first = start.cookies.find((c) => c.name === 'dis-session')!;
    const back = await t.app.inject({
      method: 'GET',
      url: '/oauth2/callback?code=c&state=state-1',
      cookies: { 'dis-session': first.value },
    });
    expect(back.headers.location).toBe('/dashboard');
    const cookie = back.cookies.find((c) => c.name === 'dis-session')!.value;
    const me = await t.app.inject({
      method: 'GET',
      url: '/oauth2/api/userinformation',
      cookies: { 'dis-session': cookie },
    });
    expect(me.statusCode).toBe(200);
    return cookie;
  }

  it('ends this service’s session and sends the JSON sign-out to the page saying it did not complete', async () => {
    const cookie = await signIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth2/api/logout',
      payload: { reason: 'inactive for 30 minutes' },
      headers: { origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest' },
      cookies: { 'dis-session': cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ oauthProviderRedirect: SIGN_OUT_FAILED_PATH });
    const me = await t.app.inject({
      method: 'GET',
      url: '/oauth2/api/userinformation',
      cookies: { 'dis-session': cookie },
    });
    expect(me.statusCode).toBe(401);
  });

  it('answers the sign-out form with a 303 to the same page', async () => {
    const cookie = await signIn();
    const token = 'a'.repeat(43);
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth2/logout',
      payload: new URLSearchParams({ _csrf: token }).toString(),
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      cookies: { 'dis-session': cookie, 'dis-form': token },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(SIGN_OUT_FAILED_PATH);
    const me = await t.app.inject({
      method: 'GET',
      url: '/oauth2/api/userinformation',
      cookies: { 'dis-session': cookie },
    });
    expect(me.statusCode).toBe(401);
  });
});
