import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
  type webcrypto,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

/**
 * The keys of `private_key_jwt` client authentication (RFC 7523, OpenID Connect Core 9; decision 0040): the private
 * key that signs each client assertion at the token endpoint, and the public keys the provider accepts from this
 * service (the signing key's and, while a key is being retired, the retiring one's). The provider keeps only
 * public keys, so there is no secret shared with it.
 */
export interface ClientKeys {
  signing: { key: webcrypto.CryptoKey; kid: string; alg: 'ES256' | 'RS256' };
  /** Public JWKs (with kid, alg, use) the provider verifies assertions with: register them with the provider. */
  publicJwks: (JsonWebKey & { kid: string; alg: string; use: 'sig' })[];
}

/** Where the development key lives in the data directory (kept across restarts, never used in production). */
export const DEV_CLIENT_KEY_FILE = 'oidc-client-key.pem';

const algOf = (key: KeyObject): 'ES256' | 'RS256' => {
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new Error('OIDC keys must be RSA (RS256) or EC P-256 (ES256)');
};

/** Reads a PEM key (a private or a public one) as configured, with `\n` written as two characters allowed. */
export function readPem(text: string, kind: 'private' | 'public'): KeyObject {
  const pem = text.replace(/\\n/g, '\n').trim();
  const key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  algOf(key);
  return key;
}

/** The RFC 7638 thumbprint of a public key: its id when none is configured. */
function thumbprint(jwk: JsonWebKey): string {
  const members =
    jwk.kty === 'RSA'
      ? { e: jwk.e, kty: jwk.kty, n: jwk.n }
      : { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

function publicJwk(key: KeyObject, kid: string | undefined) {
  const jwk = (key.type === 'public' ? key : createPublicKey(key)).export({ format: 'jwk' });
  return { ...jwk, kid: kid ?? thumbprint(jwk), alg: algOf(key), use: 'sig' as const };
}

let processKey: KeyObject | undefined;

/**
 * The development key when none is configured: kept in the data directory (made at first start, readable by this
 * user only), or, for a throwaway database or a test run, one of this process's own.
 */
function developmentKey(config: Pick<Config, 'env' | 'dataDir'>): KeyObject {
  const generate = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  if (config.env === 'test' || config.dataDir.startsWith('memory://')) return (processKey ??= generate());
  const dir = path.resolve(config.dataDir);
  const file = path.join(dir, DEV_CLIENT_KEY_FILE);
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR from the operator's configuration
  if (existsSync(file)) return readPem(readFileSync(file, 'utf8'), 'private');
  const key = generate();
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR from the operator's configuration
  mkdirSync(dir, { recursive: true });
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR from the operator's configuration
  writeFileSync(file, key.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR from the operator's configuration
  chmodSync(file, 0o600);
  return key;
}

/** The client keys of `private_key_jwt`, or undefined with `client_secret_basic`. Production has its key checked. */
export function loadClientKeys(config: Pick<Config, 'env' | 'dataDir' | 'oidc'>): ClientKeys | undefined {
  const { oidc } = config;
  if (oidc.clientAuth !== 'private_key_jwt') return undefined;
  if (!oidc.privateKey && config.env === 'production')
    throw new Error('OIDC_PRIVATE_KEY must be set in production');
  const privateKey = oidc.privateKey ? readPem(oidc.privateKey, 'private') : developmentKey(config);
  const current = publicJwk(privateKey, oidc.keyId);
  const alg = algOf(privateKey);
  const key = privateKey.toCryptoKey(
    alg === 'ES256' ? { name: 'ECDSA', namedCurve: 'P-256' } : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const retiring = oidc.retiringPublicKey
    ? [publicJwk(readPem(oidc.retiringPublicKey, 'public'), oidc.retiringKeyId)]
    : [];
  if (retiring.some((r) => r.kid === current.kid))
    throw new Error('OIDC_RETIRING_KEY_ID must differ from the signing key id');
  return { signing: { key, kid: current.kid, alg }, publicJwks: [current, ...retiring] };
}
