import { CompactSign, compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { canonicalJson } from './canonical';

// Signing and verifying a result's canonical JSON (decision 0051): a compact JWS (RFC 7515) with Ed25519
// (`alg: EdDSA`, `crv: Ed25519`, RFC 8037), the key's id in the protected header, and the canonical bytes as the
// payload. Anyone verifies offline with the service's published keys (/.well-known/jwks.json); a rotated key
// stays published, so results it signed still verify.

export const RESULT_SIGNING_ALG = 'EdDSA';
/** The JWS `typ` of a signed result: the payload is canonical JSON (RFC 8785) of a result version. */
export const RESULT_JWS_TYPE = 'dis-result+jcs';

export type SigningPrivateKey = Parameters<CompactSign['sign']>[0];

export interface ResultSigningKey {
  kid: string;
  privateKey: SigningPrivateKey;
}

export interface SignedCopy {
  /** The signed content, as JSON (the JWS's payload is its canonical form). */
  payload: unknown;
  /** Compact JWS over the canonical JSON of `payload`. */
  jws: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The compact JWS of a value's canonical JSON, signed with the current key. */
export async function signCanonical(payload: unknown, key: ResultSigningKey): Promise<string> {
  return new CompactSign(encoder.encode(canonicalJson(payload)))
    .setProtectedHeader({ alg: RESULT_SIGNING_ALG, kid: key.kid, typ: RESULT_JWS_TYPE })
    .sign(key.privateKey);
}

/**
 * Verifies a compact JWS against the published keys (picked by `kid`) and returns its payload and key id; throws
 * for a wrong signature, an unknown key, another algorithm, or a payload that is not in canonical form.
 */
export async function verifySigned(
  jws: string,
  jwks: JSONWebKeySet,
): Promise<{ payload: unknown; kid: string }> {
  const { payload, protectedHeader } = await compactVerify(jws, createLocalJWKSet(jwks), {
    algorithms: [RESULT_SIGNING_ALG],
  });
  const text = decoder.decode(payload);
  const value: unknown = JSON.parse(text);
  if (canonicalJson(value) !== text) throw new Error('The signed payload is not in canonical form');
  return { payload: value, kid: protectedHeader.kid ?? '' };
}

/**
 * Verifies a downloaded copy: the signature is good and the JSON beside it says exactly what was signed (so a
 * changed field in `payload` fails even though the JWS itself is untouched).
 */
export async function verifySignedCopy(copy: SignedCopy, jwks: JSONWebKeySet): Promise<{ kid: string }> {
  const { payload, kid } = await verifySigned(copy.jws, jwks);
  if (canonicalJson(payload) !== canonicalJson(copy.payload))
    throw new Error('The result does not match its signature');
  return { kid };
}

/** SHA-256 of the canonical JSON, hex: the digest a printed copy and the check page show. */
export async function canonicalDigest(payload: unknown): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', encoder.encode(canonicalJson(payload)));
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}
