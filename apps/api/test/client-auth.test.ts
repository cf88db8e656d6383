import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createOidcClient } from '../src/integrations/identity/client';
import { DEV_CLIENT_KEY_FILE, loadClientKeys } from '../src/integrations/identity/client-key';
import { Browser, ENGINES, PUBLIC_URL, startTestApp, type TestApp } from './harness';
import { PRODUCTION_ENV } from './support/production-env';

// Sign-in client authentication (issue 30, finding 6; decision 0040): the service authenticates at the token
// endpoint with private_key_jwt (RFC 7523), the production default; the local identity provider accepts nothing
// else, so every test that signs in exercises it. A retiring key id is still accepted while it is rotated out.

const ISSUER = `${PUBLIC_URL}/local/idp`;
const CLIENT_ID = 'disclosure-account-local';

const ecKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ format: 'pem', type }).toString();

/** A client assertion (RFC 7523) signed with `key` (ES256) under `kid`. */
function assertion(key: KeyObject, kid: string, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'ES256', kid, typ: 'JWT' })}.${part({
    iss: CLIENT_ID,
    sub: CLIENT_ID,
    aud: ISSUER,
    jti: randomUUID(),
    iat: now,
    exp: now + 60,
    ...claims,
  })}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** A token request with a made-up code: `invalid_grant` means the client was authenticated, `invalid_client` not. */
async function tokenRequest(t: TestApp, auth: { assertion?: string; basic?: string }) {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: 'made-up-code',
    redirect_uri: `${PUBLIC_URL}/oauth2/callback`,
    code_verifier: 'v'.repeat(43),
    client_id: CLIENT_ID,
  });
  // With a client secret the client is named by the Authorization header alone.
  if (auth.basic) form.delete('client_id');
  if (auth.assertion) {
    form.set('client_assertion_type', 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    form.set('client_assertion', auth.assertion);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/local/idp/token',
    payload: form.toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      host: 'localhost:3000',
      ...(auth.basic ? { authorization: `Basic ${Buffer.from(auth.basic).toString('base64')}` } : {}),
    },
  });
  return (res.json() as { error: string }).error;
}

describe('private_key_jwt client authentication (finding 6)', () => {
  const current = ecKey();
  const retiring = ecKey();
  let t: TestApp;
  beforeAll(async () => {
    // The service signs with its new key (k2) while the old one (k1) is retired: both are accepted.
    t = await startTestApp(ENGINES[0]!, {
      OIDC_PRIVATE_KEY: pem(current.privateKey, 'pkcs8'),
      OIDC_KEY_ID: 'k2',
      OIDC_RETIRING_PUBLIC_KEY: pem(retiring.publicKey, 'spki'),
      OIDC_RETIRING_KEY_ID: 'k1',
    });
  });
  afterAll(async () => t.dispose());

  it('signs in with an assertion signed by the configured key', async () => {
    const browser = new Browser(t);
    const { visited } = await browser.signIn('applicant-verified');
    expect(visited.at(-1)).toBe('/dashboard');
    expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
  });

  it('the local provider requires private_key_jwt: a client secret, no authentication or an unknown key is refused', async () => {
    expect(await tokenRequest(t, { basic: `${CLIENT_ID}:local-client-secret-not-for-production` })).toBe(
      'invalid_client',
    );
    expect(await tokenRequest(t, {})).toBe('invalid_client');
    expect(await tokenRequest(t, { assertion: assertion(ecKey().privateKey, 'k2') })).toBe('invalid_client');
    expect(await tokenRequest(t, { assertion: assertion(ecKey().privateKey, 'k9') })).toBe('invalid_client');
    // Expired, or for another client: refused too.
    const past = Math.floor(Date.now() / 1000) - 600;
    expect(
      await tokenRequest(t, {
        assertion: assertion(current.privateKey, 'k2', { iat: past, exp: past + 60 }),
      }),
    ).toBe('invalid_client');
    expect(
      await tokenRequest(t, {
        assertion: assertion(current.privateKey, 'k2', { iss: 'other', sub: 'other' }),
      }),
    ).toBe('invalid_request'); // (client_id mismatch)
  });

  it('the service’s assertion: ES256 under its key id, for its client, addressed to the token endpoint', async () => {
    const sent: URLSearchParams[] = [];
    const client = createOidcClient({
      issuer: ISSUER,
      clientId: CLIENT_ID,
      clientAuth: { method: 'private_key_jwt', keys: loadClientKeys(t.config)! },
      redirectUri: `${PUBLIC_URL}/oauth2/callback`,
      postLogoutRedirectUri: `${PUBLIC_URL}/oauth2/signed-out`,
      allowInsecure: true,
      // The provider through inject (as the harness does), reading the token request on the way.
      fetch: async (url, options) => {
        const target = new URL(url);
        if (target.pathname.endsWith('/token')) sent.push(new URLSearchParams(String(options.body)));
        const res = await t.app.inject({
          method: options.method as 'GET' | 'POST',
          url: target.pathname + target.search,
          headers: {
            ...Object.fromEntries(
              new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).entries(),
            ),
            host: target.host,
          },
          ...(options.body ? { payload: String(options.body) } : {}),
        });
        return new Response(res.rawPayload, {
          status: res.statusCode,
          headers: res.headers as Record<string, string>,
        });
      },
    });
    // A made-up code: the provider authenticates the client, then refuses the grant.
    await expect(
      client.finishSignIn(
        new URL(`${PUBLIC_URL}/oauth2/callback?code=made-up&state=s&iss=${encodeURIComponent(ISSUER)}`),
        {
          state: 's',
          nonce: 'n',
          codeVerifier: 'v'.repeat(43),
        },
      ),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(sent).toHaveLength(1);
    const body = sent[0]!;
    expect(body.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    expect(body.get('client_secret')).toBeNull();
    const [header, payload] = body
      .get('client_assertion')!
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toMatchObject({ alg: 'ES256', kid: 'k2' });
    expect(payload).toMatchObject({ iss: CLIENT_ID, sub: CLIENT_ID, aud: `${ISSUER}/token` });
    expect(payload!.jti).toEqual(expect.any(String));
    expect(Number(payload!.exp) - Number(payload!.iat)).toBeLessThanOrEqual(300);
  });

  it('accepts the signing key and, while it is retired, the previous key id', async () => {
    expect(await tokenRequest(t, { assertion: assertion(current.privateKey, 'k2') })).toBe('invalid_grant');
    expect(await tokenRequest(t, { assertion: assertion(retiring.privateKey, 'k1') })).toBe('invalid_grant');
  });
});

describe('client keys in configuration (finding 6)', () => {
  const { OIDC_PRIVATE_KEY: _key, ...production } = PRODUCTION_ENV;

  it('makes private_key_jwt the default and refuses to start in production without a key', () => {
    expect(() => loadConfig(production)).toThrow(/OIDC_PRIVATE_KEY/);
    const key = pem(ecKey().privateKey, 'pkcs8');
    const config = loadConfig({ ...production, OIDC_PRIVATE_KEY: key });
    expect(config.oidc.clientAuth).toBe('private_key_jwt');
    // A key written on one line with \n, as environment files often hold it.
    expect(
      loadConfig({ ...production, OIDC_PRIVATE_KEY: key.replace(/\n/g, '\\n') }).oidc.privateKey,
    ).toBeDefined();
    expect(loadClientKeys(config)!.publicJwks).toHaveLength(1);
    expect(() => loadConfig({ ...production, OIDC_PRIVATE_KEY: 'not a key' })).toThrow();
    expect(() => loadConfig({ ...production, OIDC_CLIENT_AUTH: 'client_secret_post' })).toThrow(
      /OIDC_CLIENT_AUTH/,
    );
    // A provider that needs a shared secret may still have one, in production only with the secret set.
    expect(() => loadConfig({ ...production, OIDC_CLIENT_AUTH: 'client_secret_basic' })).toThrow(
      /OIDC_CLIENT_SECRET/,
    );
    expect(
      loadConfig({ ...production, OIDC_CLIENT_AUTH: 'client_secret_basic', OIDC_CLIENT_SECRET: 's' }).oidc
        .clientAuth,
    ).toBe('client_secret_basic');
    // The local identity provider takes nothing but private_key_jwt.
    expect(() => loadConfig({ OIDC_CLIENT_AUTH: 'client_secret_basic' })).toThrow(/local identity provider/);
  });

  it('keeps a development key made at first start in the data directory, readable by its owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dis-client-key-'));
    try {
      const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
      const first = loadClientKeys(config)!;
      const file = path.join(dir, DEV_CLIENT_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const again = loadClientKeys(config)!;
      expect(again.signing.kid).toBe(first.signing.kid);
      expect(first.publicJwks[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(first.publicJwks[0]).not.toHaveProperty('d');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
