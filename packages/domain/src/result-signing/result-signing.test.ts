import { CompactSign, exportJWK, generateKeyPair, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resultContainsInformation } from '../contracts/result-checks';
import { checkAResultFormSchema } from '../validation/check-a-result';
import { canonicalJson, nfcDeep } from './canonical';
import {
  CHECK_CODE_ALPHABET,
  CHECK_CODE_BITS,
  checkCodeFromBytes,
  formatCheckCode,
  formatDigest,
  normaliseCheckCode,
} from './check-code';
import {
  canonicalDigest,
  signCanonical,
  verifySigned,
  verifySignedCopy,
  type ResultSigningKey,
} from './sign';

async function newKey(kid: string): Promise<{ key: ResultSigningKey; jwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  return {
    key: { kid, privateKey },
    jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' },
  };
}

const RESULT = {
  format: 'dis-result/1',
  resultId: '6f1c1b5e-2a51-4c1e-9d0a-3b7a4f3e2d10',
  version: 1,
  disclosureNumber: '123456789012',
  dateOfIssue: '2026-11-26',
  content: {
    name: 'Zoë Ångström',
    dateOfBirth: '1990-01-31',
    vettingInformation: {
      convictions: [{ offence: 'Theft', appealable: false }],
      noConvictionsCautions: false,
    },
  },
  containsInformation: true,
};

describe('canonical JSON', () => {
  it('is the same whatever the order of the members', () => {
    const a = { b: 1, a: { d: [3, { y: 'x', x: 'y' }], c: null } };
    const b = { a: { c: null, d: [3, { x: 'y', y: 'x' }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"c":null,"d":[3,{"x":"y","y":"x"}]},"b":1}');
  });

  it('is the same for a name written composed or decomposed (NFC)', () => {
    const composed = { name: 'Zo\u00eb \u00c5ngstr\u00f6m', ['caf\u00e9']: true };
    const decomposed = { name: 'Zoe\u0308 A\u030angstro\u0308m', ['cafe\u0301']: true };
    expect(canonicalJson(decomposed)).toBe(canonicalJson(composed));
    expect(canonicalJson(composed)).toBe('{"caf\u00e9":true,"name":"Zo\u00eb \u00c5ngstr\u00f6m"}');
  });

  it('follows RFC 8785: numbers as ECMAScript writes them, members by UTF-16 code units, undefined dropped', () => {
    expect(canonicalJson({ n: 1e21, f: 0.1, z: -0, u: undefined })).toBe('{"f":0.1,"n":1e+21,"z":0}');
    expect(canonicalJson({ '\u20ac': 1, '\ud83d\ude00': 2, a: 3 })).toBe(
      '{"a":3,"\u20ac":1,"\ud83d\ude00":2}',
    );
    expect(() => canonicalJson(undefined)).toThrow();
  });

  it('is stable for any member order of any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
        expect(canonicalJson(JSON.parse(canonicalJson(record)))).toBe(canonicalJson(record));
      }),
    );
  });

  it('normalises deeply and leaves other values alone', () => {
    expect(nfcDeep(['e\u0301', 1, null, false])).toEqual(['\u00e9', 1, null, false]);
  });
});

describe('signed results', () => {
  it('verifies with the published key, whatever order the members come in', async () => {
    const { key, jwk } = await newKey('k1');
    const jws = await signCanonical(RESULT, key);
    const { payload, kid } = await verifySigned(jws, { keys: [jwk] });
    expect(kid).toBe('k1');
    expect(payload).toEqual(RESULT);
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(RESULT).reverse())));
    await expect(verifySignedCopy({ payload: reordered, jws }, { keys: [jwk] })).resolves.toEqual({
      kid: 'k1',
    });
  });

  it('fails after any one field changes', async () => {
    const { key, jwk } = await newKey('k1');
    const jws = await signCanonical(RESULT, key);
    const changes: Array<(r: typeof RESULT) => unknown> = [
      (r) => ({ ...r, resultId: '6f1c1b5e-2a51-4c1e-9d0a-3b7a4f3e2d11' }),
      (r) => ({ ...r, version: 2 }),
      (r) => ({ ...r, disclosureNumber: '123456789013' }),
      (r) => ({ ...r, dateOfIssue: '2026-11-25' }),
      (r) => ({ ...r, containsInformation: false }),
      (r) => ({ ...r, content: { ...r.content, name: 'Zoe Angstrom' } }),
      (r) => ({ ...r, content: { ...r.content, dateOfBirth: '1990-01-30' } }),
      (r) => ({
        ...r,
        content: { ...r.content, vettingInformation: { ...r.content.vettingInformation, convictions: [] } },
      }),
      (r) => ({ ...r, extra: 'added' }),
    ];
    for (const change of changes) {
      await expect(verifySignedCopy({ payload: change(RESULT), jws }, { keys: [jwk] })).rejects.toThrow();
      // The JWS's own payload swapped for the changed one (signature kept) fails too.
      const [header, , signature] = jws.split('.');
      const forged = `${header}.${Buffer.from(canonicalJson(change(RESULT))).toString('base64url')}.${signature}`;
      await expect(verifySigned(forged, { keys: [jwk] })).rejects.toThrow();
    }
  });

  it('fails with another key, and with a payload that is not canonical', async () => {
    const { key } = await newKey('k1');
    const other = await newKey('k1');
    const jws = await signCanonical(RESULT, key);
    await expect(verifySigned(jws, { keys: [other.jwk] })).rejects.toThrow();
    const own = await newKey('k1');
    const loose = await new CompactSign(new TextEncoder().encode('{"b":1, "a":2}'))
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .sign(own.key.privateKey);
    await expect(verifySigned(loose, { keys: [own.jwk] })).rejects.toThrow(/canonical/);
  });

  it('still verifies a result signed with a rotated key while its public key is published', async () => {
    const old = await newKey('2026-01');
    const current = await newKey('2026-11');
    const before = await signCanonical(RESULT, old.key);
    const after = await signCanonical({ ...RESULT, version: 2 }, current.key);
    const published = { keys: [current.jwk, old.jwk] };
    expect((await verifySigned(before, published)).kid).toBe('2026-01');
    expect((await verifySigned(after, published)).kid).toBe('2026-11');
    // Once its public key is no longer published, the old signature no longer verifies.
    await expect(verifySigned(before, { keys: [current.jwk] })).rejects.toThrow();
  });

  it('digests the canonical form: equal results have one digest, any change another', async () => {
    const reordered = Object.fromEntries(Object.entries(RESULT).reverse());
    const digest = await canonicalDigest(RESULT);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await canonicalDigest(reordered)).toBe(digest);
    expect(await canonicalDigest({ ...RESULT, version: 2 })).not.toBe(digest);
    expect(formatDigest('0123456789abcdef01')).toBe('01234567 89abcdef 01');
  });
});

describe('check codes', () => {
  it('are 12 characters of the unambiguous alphabet carrying 60 bits', () => {
    expect(CHECK_CODE_ALPHABET).toHaveLength(32);
    expect(CHECK_CODE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(CHECK_CODE_BITS).toBeGreaterThanOrEqual(60);
    expect(checkCodeFromBytes(new Uint8Array(8))).toBe('000000000000');
    expect(checkCodeFromBytes(new Uint8Array(8).fill(255))).toBe('ZZZZZZZZZZZZ');
    expect(() => checkCodeFromBytes(new Uint8Array(7))).toThrow();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
        const code = checkCodeFromBytes(bytes);
        expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
        expect(normaliseCheckCode(formatCheckCode(code))).toBe(code);
        expect(normaliseCheckCode(formatCheckCode(code).toLowerCase())).toBe(code);
      }),
    );
  });

  it('are read leniently but refuse anything malformed', () => {
    expect(formatCheckCode('7KQ2M9XD4TWE')).toBe('7KQ2-M9XD-4TWE');
    expect(normaliseCheckCode(' 7kq2 m9xd-4twe ')).toBe('7KQ2M9XD4TWE');
    expect(normaliseCheckCode('O0IL-0000-0000')).toBe('001100000000');
    expect(normaliseCheckCode('7KQ2-M9XD-4TW')).toBeNull();
    expect(normaliseCheckCode('7KQ2-M9XD-4TWEX')).toBeNull();
    expect(normaliseCheckCode('7KQ2-M9XD-4TWU')).toBeNull();
    expect(normaliseCheckCode('7KQ2-M9XD-4TW!')).toBeNull();
    expect(normaliseCheckCode('')).toBeNull();
  });
});

describe('edges of signing and what a result contains', () => {
  it('verifies a JWS without a key id against a single published key, and formats an empty digest', async () => {
    const { key, jwk } = await newKey('k1');
    const jws = await new CompactSign(new TextEncoder().encode(canonicalJson(RESULT)))
      .setProtectedHeader({ alg: 'EdDSA' })
      .sign(key.privateKey);
    const { kid: _omitted, ...withoutKid } = jwk;
    expect((await verifySigned(jws, { keys: [withoutKid] })).kid).toBe('');
    expect(formatDigest('')).toBe('');
  });

  it('says a result contains information for a conviction, a caution or any higher-level entry', () => {
    const higher = {
      prescribedCourtOrders: [],
      sexualOffenceNotificationRequirements: [],
      oriList: [],
      otherRelevantInformation: null,
      hasUkOri: false,
    };
    const clear = {
      convictions: [],
      cautions: [],
      noConvictionsCautions: true,
      noVettingInformationExplanation: null,
      higherLevelVettingInformation: null,
    };
    const conviction = { date: '2020-01-01', court: 'c', offences: [], disposals: [], appealable: false };
    const caution = { date: '2020-01-01', policeForce: 'p', offences: [], disposals: [] };
    expect(resultContainsInformation(clear)).toBe(false);
    expect(resultContainsInformation({ ...clear, higherLevelVettingInformation: higher })).toBe(false);
    expect(resultContainsInformation({ ...clear, convictions: [conviction] })).toBe(true);
    expect(resultContainsInformation({ ...clear, cautions: [caution] })).toBe(true);
    for (const entry of [
      { prescribedCourtOrders: ['x'] },
      { sexualOffenceNotificationRequirements: ['x'] },
      { oriList: [{ description: 'x', isUkOri: true }] },
      { otherRelevantInformation: 'x' },
    ])
      expect(
        resultContainsInformation({ ...clear, higherLevelVettingInformation: { ...higher, ...entry } }),
      ).toBe(true);
  });

  it('checks the check-a-result form: a code in the printed shape and a real date of birth', () => {
    const ok = checkAResultFormSchema.safeParse({
      checkCode: ' 7kq2 m9xd 4twe ',
      dateOfBirth: { day: '31', month: '1', year: '1990' },
    });
    expect(ok.success).toBe(true);
    const bad = checkAResultFormSchema.safeParse({
      checkCode: 'not a code',
      dateOfBirth: { day: '31', month: '2', year: '1990' },
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain('checkAResult.checkCode.invalid');
    expect(messages).toContain('checkAResult.dateOfBirth.invalid');
    const blank = checkAResultFormSchema.safeParse({ checkCode: '', dateOfBirth: {} });
    expect(blank.error!.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['checkAResult.checkCode.required', 'checkAResult.dateOfBirth.required']),
    );
  });
});
