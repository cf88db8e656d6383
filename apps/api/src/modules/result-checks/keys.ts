import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint } from 'jose';
import type { ResultSigningKey } from '@dis/domain/result-signing';
import type { Config } from '../../config';

/**
 * The keys results are signed with (decision 0051): one current Ed25519 private key, and the public keys of it and
 * of every earlier key still published (rotation: a new key id signs from now on, the old public key stays in
 * RESULT_SIGNING_PUBLISHED_KEYS so the results it signed still verify offline).
 */
export interface ResultSigningKeys {
  signing: ResultSigningKey;
  publicJwks: PublishedJwk[];
}

export interface PublishedJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/** Where the development key lives in the data directory (kept across restarts, never used in production). */
export const DEV_RESULT_SIGNING_KEY_FILE = 'result-signing-key.pem';

function ed25519(key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('RESULT_SIGNING_KEY must be an Ed25519 key');
  return key;
}

/** A private key as configured: PKCS#8 PEM (`\n` written as two characters allowed) or a private JWK in JSON. */
export function readSigningKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const jwk = JSON.parse(trimmed) as JsonWebKey;
    return ed25519(createPrivateKey({ key: jwk, format: 'jwk' }));
  }
  return ed25519(createPrivateKey(trimmed.replace(/\\n/g, '\n')));
}

async function published(jwk: JsonWebKey, kid: string | undefined): Promise<PublishedJwk> {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string')
    throw new Error('A published result-signing key must be an Ed25519 public JWK');
  const id = kid ?? (await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: jwk.x }));
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid: id, alg: 'EdDSA', use: 'sig' };
}

let processKey: KeyObject | undefined;

/** The development key: kept in the data directory (made at first start, owner-only), or this process's own. */
function developmentKey(config: Pick<Config, 'env' | 'dataDir'>): KeyObject {
  const generate = () => generateKeyPairSync('ed25519').privateKey;
  if (config.env === 'test' || config.dataDir.startsWith('memory://')) return (processKey ??= generate());
  const dir = path.resolve(config.dataDir);
  const file = path.join(dir, DEV_RESULT_SIGNING_KEY_FILE);
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR from the operator's configuration
  if (existsSync(file)) return readSigningKey(readFileSync(file, 'utf8'));
  const key = generate();
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR from the operator's configuration
  mkdirSync(dir, { recursive: true });
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR from the operator's configuration
  writeFileSync(file, key.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR from the operator's configuration
  chmodSync(file, 0o600);
  return key;
}

/** The signing key and the published keys, from configuration (production has its key checked by loadConfig). */
export async function loadResultSigningKeys(
  config: Pick<
    Config,
    'env' | 'dataDir' | 'resultSigningKey' | 'resultSigningKeyId' | 'resultSigningPublishedKeys'
  >,
): Promise<ResultSigningKeys> {
  if (config.env === 'production' && !config.resultSigningKey)
    throw new Error('RESULT_SIGNING_KEY must be set in production');
  const privateKey = config.resultSigningKey
    ? readSigningKey(config.resultSigningKey)
    : developmentKey(config);
  const current = await published(
    createPublicKey(privateKey).export({ format: 'jwk' }),
    config.resultSigningKeyId,
  );
  const earlier = config.resultSigningPublishedKeys
    ? ((JSON.parse(config.resultSigningPublishedKeys) as unknown[]) ?? [])
    : [];
  if (!Array.isArray(earlier)) throw new Error('RESULT_SIGNING_PUBLISHED_KEYS must be a JSON array of JWKs');
  const others = await Promise.all(
    earlier.map((jwk) => {
      const { kid } = jwk as { kid?: unknown };
      if (typeof kid !== 'string' || kid === '')
        throw new Error('Each of RESULT_SIGNING_PUBLISHED_KEYS needs its kid');
      return published(jwk as JsonWebKey, kid);
    }),
  );
  return {
    signing: { kid: current.kid, privateKey },
    publicJwks: [current, ...others.filter((k) => k.kid !== current.kid)],
  };
}
