import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { DEV_RESULT_SIGNING_KEY_FILE, loadResultSigningKeys } from '../src/modules/result-checks/keys';
import { BASIC_SHARE_TIMEOUT_MS, BASIC_VIEWING_MS } from '@dis/domain';
import { verifySignedCopy } from '@dis/domain/result-signing';
import {
  Browser,
  ENGINES,
  ORIGIN,
  caseworkCall,
  issuedResult,
  signedInCsg,
  startTestApp,
  stepUpByCode,
  type TestApp,
  basicLinkSmsCode,
  NAMED_RECIPIENT,
  emailedShareLink,
  sharedBasicLink,
  onRecipientDetailsRoute,
  auditEntries,
  rowsWhere,
  okBody,
} from './harness';
import { PRODUCTION_ENV } from './support/production-env';

// Signed results and check codes (issue 32, decision 0051): issue → current, withdraw or stop sharing →
// withdrawn, an appeal outcome → replaced, every way of not finding answered alike, the rate limits, the audit
// rows and the applicant's control. On both engines.

const RECIPIENT = NAMED_RECIPIENT;

const PER_CODE_LIMIT = 6;
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

describe.each(ENGINES)('result checks on $name', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, {
      WEB_DIST,
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
      CHECK_RATE_LIMIT_PER_MINUTE: '1000',
      CHECK_CODE_RATE_LIMIT_PER_HOUR: String(PER_CODE_LIMIT),
    });
  });
  afterAll(async () => t.dispose());

  /** A Level 2 result issued from a preset, read once by its applicant (who learns the date of birth). */
  async function issued(preset = 'level-2-cautions', options: Parameters<typeof issuedResult>[3] = {}) {
    const csg = await signedInCsg(t);
    const result = await issuedResult(t, csg, preset, options);
    const read = await result.applicant.get(`/api/results/${result.resultId}`);
    expect(read.statusCode, read.body).toBe(200);
    const { dateOfBirth, name } = read.json() as { dateOfBirth: string; name: string };
    return { ...result, dateOfBirth, name };
  }

  /** The public check, as the check page sends it, from a client address of its own. */
  const check = (checkCode: string, dateOfBirth: string, remoteAddress = '198.51.100.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/check-a-result',
      remoteAddress,
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest' },
      payload: JSON.stringify({ checkCode, dateOfBirth }),
    });
  const answer = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(200);
    const { checkedAt, ...rest } = res.json() as Record<string, unknown>;
    expect(typeof checkedAt).toBe('string');
    return rest;
  };
  const printed = async (b: Browser, resultId: string) => {
    const res = await b.get(`/api/results/${resultId}/check-code`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      checkCode: string;
      checkUrl: string;
      qrSvg: string;
      digest: string;
      version: number;
    };
  };
  const auditOf = (event: string) => auditEntries(t, event);

  it('signs the result at issue: the download verifies offline with the published keys, and a check says current', async () => {
    const r = await issued();
    const versions = await rowsWhere(t, 'result_versions', { result_id: r.resultId });
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, reason: 'ISSUED', replaced_at: null });
    // The JWS carries the content: it is stored sealed, never in the clear.
    expect(JSON.stringify(versions[0])).not.toContain(r.name);

    const download = await r.applicant.get(`/api/results/${r.resultId}/signed`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="result-.+-v1\.json"$/);
    const signed = download.json() as {
      payload: Record<string, unknown>;
      jws: string;
      kid: string;
      digest: string;
    };
    const jwks = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.json().keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: signed.kid });
    expect(jwks.json().keys[0]).not.toHaveProperty('d');
    await expect(verifySignedCopy(signed, jwks.json())).resolves.toEqual({ kid: signed.kid });
    await expect(
      verifySignedCopy(
        { payload: { ...signed.payload, dateOfIssue: '2020-01-01' }, jws: signed.jws },
        jwks.json(),
      ),
    ).rejects.toThrow();
    expect(signed.payload).toMatchObject({ resultId: r.resultId, version: 1, reason: 'ISSUED' });

    const print = await printed(r.applicant, r.resultId);
    expect(print.checkCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(print.checkUrl).toBe(`http://localhost:3000/check-a-result?code=${print.checkCode}`);
    expect(print.qrSvg).toMatch(/^<svg/);
    expect(print.digest).toBe(signed.digest);
    // The same copy keeps its code; only a keyed hash of it is stored.
    expect((await printed(r.applicant, r.resultId)).checkCode).toBe(print.checkCode);
    const codes = await rowsWhere(t, 'result_check_codes', { result_id: r.resultId });
    expect(codes).toHaveLength(1);
    expect(JSON.stringify(codes)).not.toContain(print.checkCode.replace(/-/g, ''));
    expect(JSON.stringify(codes)).not.toContain(print.checkCode);

    // Typed from paper: any case, spaces instead of hyphens.
    const typed = print.checkCode.toLowerCase().replace(/-/g, ' ');
    expect(answer(await check(typed, r.dateOfBirth))).toEqual({
      outcome: 'CURRENT',
      name: r.name,
      disclosureType: signed.payload.disclosureType,
      disclosureTypeShortCode: 'LB',
      dateOfIssue: signed.payload.dateOfIssue,
      containsInformation: true,
      digest: signed.digest,
    });
    // Audited, and shown to the applicant.
    const audits = (await auditOf('result.checked')).filter(
      (a) => (a.detail as { resultId?: string }).resultId === r.resultId && a.outcome === 'success',
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toMatchObject({ copyId: codes[0]!.id, outcome: 'CURRENT', version: 1 });
    expect(JSON.stringify(audits)).not.toContain(r.dateOfBirth);
    const seen = await r.applicant.get(`/api/results/${r.resultId}/checks`);
    expect(okBody(seen)).toMatchObject({
      copies: [{ copyId: codes[0]!.id, copy: 'APPLICANT', status: 'CURRENT', withdrawable: true }],
      checks: [{ copyId: codes[0]!.id, outcome: 'CURRENT' }],
    });
  });

  it('answers a wrong date of birth, a made-up code and a malformed code exactly alike, and audits each', async () => {
    const r = await issued();
    const { checkCode } = await printed(r.applicant, r.resultId);
    const [year, month, day] = r.dateOfBirth.split('-');
    const wrongDob = `${year}-${month}-${day === '01' ? '02' : '01'}`;
    const before = (await auditOf('result.checked')).length;
    const answers = [
      await check(checkCode, wrongDob),
      await check('7KQ2-M9XD-4TWE', r.dateOfBirth),
      await check('not a code', r.dateOfBirth),
      await check(checkCode, 'yesterday'),
      await check('', ''),
    ];
    for (const res of answers) expect(answer(res)).toEqual({ outcome: 'NOT_FOUND' });
    expect(new Set(answers.map((res) => Object.keys(res.json() as object).join()))).toHaveProperty('size', 1);
    const audits = (await auditOf('result.checked')).slice(before);
    expect(audits.map((a) => a.outcome)).toEqual(['failure', 'failure', 'failure', 'failure', 'failure']);
    expect(audits.map((a) => (a.detail as { reason: string }).reason)).toEqual([
      'date_of_birth',
      'unknown_code',
      'malformed',
      'malformed',
      'malformed',
    ]);
    // A wrong date of birth is no check of the result: the applicant sees none.
    expect((await r.applicant.get(`/api/results/${r.resultId}/checks`)).json().checks).toEqual([]);
  });

  it('says withdrawn after the applicant withdraws the code; another applicant cannot withdraw it', async () => {
    const r = await issued();
    const other = await issued();
    const { checkCode } = await printed(r.applicant, r.resultId);
    const { copies } = (await r.applicant.get(`/api/results/${r.resultId}/checks`)).json() as {
      copies: Array<{ copyId: string }>;
    };
    const copyId = copies[0]!.copyId;

    // Another applicant: not found, whether through their own result or this one; nothing changes.
    for (const url of [
      `/api/results/${r.resultId}/check-codes/${copyId}/withdraw`,
      `/api/results/${other.resultId}/check-codes/${copyId}/withdraw`,
    ]) {
      const refused = await other.applicant.send('POST', url, {});
      expect(refused.statusCode, refused.body).toBe(404);
    }
    expect((await other.applicant.get(`/api/results/${r.resultId}/checks`)).statusCode).toBe(404);
    expect((await other.applicant.get(`/api/results/${r.resultId}/check-code`)).statusCode).toBe(404);
    expect((await other.applicant.get(`/api/results/${r.resultId}/signed`)).statusCode).toBe(404);
    expect(answer(await check(checkCode, r.dateOfBirth))).toMatchObject({ outcome: 'CURRENT' });
    const refusals = (await auditOf('result.check_code_withdrawn')).filter((a) => a.outcome === 'refused');
    expect(refusals.length).toBeGreaterThanOrEqual(2);

    const withdrawn = await r.applicant.send(
      'POST',
      `/api/results/${r.resultId}/check-codes/${copyId}/withdraw`,
      {},
    );
    expect(okBody(withdrawn)).toMatchObject({ copyId, status: 'WITHDRAWN', withdrawable: false });
    expect(answer(await check(checkCode, r.dateOfBirth))).toEqual({
      outcome: 'WITHDRAWN',
      dateOfIssue: expect.any(String),
    });
    // A new print carries a new code; the withdrawn one stays withdrawn.
    const fresh = await printed(r.applicant, r.resultId);
    expect(fresh.checkCode).not.toBe(checkCode);
    expect(answer(await check(fresh.checkCode, r.dateOfBirth))).toMatchObject({ outcome: 'CURRENT' });
    const seen = (await r.applicant.get(`/api/results/${r.resultId}/checks`)).json() as {
      copies: Array<{ status: string }>;
      checks: Array<{ outcome: string }>;
    };
    expect(seen.copies.map((c) => c.status).sort()).toEqual(['CURRENT', 'WITHDRAWN']);
    expect(seen.checks.map((c) => c.outcome).sort()).toEqual(['CURRENT', 'CURRENT', 'WITHDRAWN']);
  });

  it('says replaced after an appeal outcome, and the new version is signed and checkable', async () => {
    const r = await issued('level-2-convictions');
    const { checkCode, digest } = await printed(r.applicant, r.resultId);
    const intended = await r.applicant.send('POST', `/api/results/${r.resultId}/intend-to-appeal`);
    expect(intended.statusCode, intended.body).toBe(200);
    const outcome = await caseworkCall(t, 'POST', `/internal/casework/results/${r.resultId}/appeal-outcome`, {
      outcome: 'CONVICTIONS_REMOVED',
    });
    expect(outcome.statusCode, outcome.body).toBe(200);
    expect(answer(await check(checkCode, r.dateOfBirth))).toEqual({
      outcome: 'REPLACED',
      dateOfIssue: expect.any(String),
    });
    const next = await printed(r.applicant, r.resultId);
    expect(next.version).toBe(2);
    expect(next.digest).not.toBe(digest);
    expect(answer(await check(next.checkCode, r.dateOfBirth))).toMatchObject({
      outcome: 'CURRENT',
      digest: next.digest,
    });
    const signed = (await r.applicant.get(`/api/results/${r.resultId}/signed`)).json() as {
      payload: { version: number; reason: string; appealOutcome: string };
    };
    expect(signed.payload).toMatchObject({
      version: 2,
      reason: 'APPEAL_OUTCOME',
      appealOutcome: 'CONVICTIONS_REMOVED',
    });
    const signedAudits = (await auditOf('result.signed')).filter(
      (a) => (a.detail as { resultId?: string }).resultId === r.resultId,
    );
    expect(signedAudits.map((a) => (a.detail as { reason: string }).reason)).toEqual([
      'ISSUED',
      'APPEAL_OUTCOME',
    ]);
  });

  it("gives a recipient's copy a code of its own, which says withdrawn once the applicant stops sharing", async () => {
    const r = await issued();
    await onRecipientDetailsRoute(t, r.resultId);
    const { applicationReference } = (await r.applicant.get(`/api/results/${r.resultId}`)).json() as {
      applicationReference: string;
    };
    await stepUpByCode(t, r.applicant);
    const shared = await r.applicant.send('POST', `/api/results/${r.resultId}/share/thirdparty`, RECIPIENT);
    expect(shared.statusCode, shared.body).toBe(200);
    const { shareId } = shared.json() as { shareId: string };
    const { token } = await emailedShareLink(t, shareId, 'before-you-continue');
    const recipient = new Browser(t);
    await recipient.get(`/before-you-continue?token=${token}`);
    // Before the identity check: no code.
    expect((await recipient.get(`/api/shared-results/${shareId}/check-code`)).statusCode).toBe(401);
    const checked = await recipient.send('POST', '/api/access/shared-results/additional-information', {
      applicantDateOfBirth: r.dateOfBirth,
      applicationReference,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const copy = await recipient.get(`/api/shared-results/${shareId}/check-code`);
    expect(copy.statusCode, copy.body).toBe(200);
    const recipientCode = (copy.json() as { checkCode: string }).checkCode;
    const own = await printed(r.applicant, r.resultId);
    expect(recipientCode).not.toBe(own.checkCode);
    // Another browser with no session gets nothing.
    expect((await new Browser(t).get(`/api/shared-results/${shareId}/check-code`)).statusCode).toBe(401);
    // The recipient's print layout, rendered on the server: their copy's code and its QR code.
    const print = await recipient.get(`/shared-result/print?sharedResultId=${shareId}`);
    expect(print.statusCode).toBe(200);
    expect(print.body).toContain(recipientCode);
    expect(print.body).toMatch(/class="app-qr-code"[^>]*><svg/);
    // A recipient's pages are not taken over by the app (decision 0074): the small entry, no page state, the print
    // button sent hidden for the page's plain enhancement, and the shared result's poll of its link.
    for (const page of [print, await recipient.get(`/shared-result?sharedResultId=${shareId}`)]) {
      expect(page.statusCode).toBe(200);
      expect(page.body.match(/<script type="module"[^>]*>/g)).toHaveLength(1);
      expect(page.body).toContain('<div id="root" data-script="light">');
      expect(page.body).not.toContain('id="page-state"');
    }
    expect(print.body).toMatch(/<button[^>]*hidden=""[^>]*data-print-button=""/);
    expect((await recipient.get(`/shared-result?sharedResultId=${shareId}`)).body).toContain(
      `data-poll="/api/shared-results/${shareId}?refresh=true" data-poll-every="30000"`,
    );
    const stranger = await new Browser(t).get(`/shared-result/print?sharedResultId=${shareId}`);
    expect(stranger.statusCode).toBe(303);
    expect(stranger.headers.location).toBe('/error?code=invalid_link_broken_or_replaced');
    // The applicant's own print layout carries their own code.
    const applicantPrint = await r.applicant.get(`/results/${r.resultId}/print`);
    expect(applicantPrint.statusCode).toBe(200);
    expect(applicantPrint.body).toContain(own.checkCode);
    // The applicant's own pages are the app's: it takes them over.
    expect(applicantPrint.body).toContain('id="page-state"');
    expect(applicantPrint.body).not.toContain(recipientCode);
    expect(answer(await check(recipientCode, r.dateOfBirth))).toMatchObject({ outcome: 'CURRENT' });

    const stopped = await r.applicant.send('POST', `/api/results/${r.resultId}/shares/${shareId}/revoke`, {});
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(answer(await check(recipientCode, r.dateOfBirth))).toMatchObject({ outcome: 'WITHDRAWN' });
    // The applicant's own print is not the share: still current.
    expect(answer(await check(own.checkCode, r.dateOfBirth))).toMatchObject({ outcome: 'CURRENT' });
    const seen = (await r.applicant.get(`/api/results/${r.resultId}/checks`)).json() as {
      copies: Array<{ copy: string; shareId: string | null; status: string; withdrawable: boolean }>;
    };
    // Stopping the share withdrew its copy: nothing left to withdraw.
    expect(seen.copies.find((c) => c.copy === 'RECIPIENT')).toMatchObject({
      shareId,
      status: 'WITHDRAWN',
      withdrawable: false,
    });
  });

  it('prints a Basic result with a check code that says current, for its applicant and its recipient, only within their time', async () => {
    const csg = await signedInCsg(t);
    const r = await issuedResult(t, csg, 'clear-basic');
    const read = await r.applicant.get(`/api/results/basic/${r.resultId}`);
    expect(read.statusCode, read.body).toBe(200);
    const { dateOfBirth } = read.json() as { dateOfBirth: string };
    // The full result's call does not serve a Basic result; its check code does (the applicant's copy).
    expect((await r.applicant.get(`/api/results/${r.resultId}`)).statusCode).toBe(404);
    const own = await printed(r.applicant, r.resultId);
    expect(own.qrSvg).toMatch(/^<svg/);
    expect(answer(await check(own.checkCode, dateOfBirth))).toMatchObject({
      outcome: 'CURRENT',
      disclosureTypeShortCode: 'BD',
      digest: own.digest,
    });
    // The applicant's Basic print layout, rendered on the server: the code, its QR code and the digest.
    const print = await r.applicant.get(`/results/${r.resultId}/basic/print`);
    expect(print.statusCode).toBe(200);
    expect(print.body).toContain(own.checkCode);
    expect(print.body).toMatch(/class="app-qr-code"[^>]*><svg/);
    expect(print.body).toContain(r.applicationReference);
    // Another applicant: neither the code nor the print.
    const other = await issued();
    expect((await other.applicant.get(`/api/results/${r.resultId}/check-code`)).statusCode).toBe(404);
    const otherPrint = await other.applicant.get(`/results/${r.resultId}/basic/print`);
    expect(otherPrint.body).not.toContain(own.checkCode);

    // Its recipient (a Basic link: a code by text message), then their print with their own copy's code.
    await stepUpByCode(t, r.applicant);
    const { shareId, recipient } = await sharedBasicLink(t, r.applicant, r.resultId);
    expect((await recipient.send('POST', '/api/otc/basic-online-result', {})).statusCode).toBe(200);
    // Before the code from the text message: no check code.
    expect((await recipient.get(`/api/shared-results/${shareId}/check-code`)).statusCode).toBe(401);
    const verified = await recipient.send('POST', '/api/otc/basic-online-result/verify', {
      oneTimeCode: (await basicLinkSmsCode(t, shareId)).code,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const { viewId } = verified.json() as { viewId: string };
    const copy = await recipient.get(`/api/shared-results/${shareId}/check-code`);
    expect(copy.statusCode, copy.body).toBe(200);
    const recipientCode = (copy.json() as { checkCode: string }).checkCode;
    expect(recipientCode).not.toBe(own.checkCode);
    const printPath = `/shared-basic-result/print?sharedResultId=${shareId}&viewId=${viewId}`;
    const recipientPrint = await recipient.get(printPath);
    expect(recipientPrint.statusCode).toBe(200);
    expect(recipientPrint.body).toContain(recipientCode);
    expect(recipientPrint.body).toMatch(/class="app-qr-code"[^>]*><svg/);
    expect(recipientPrint.body).toContain('<div id="root" data-script="light">');
    const basicPage = await recipient.get(`/shared-basic-result?sharedResultId=${shareId}&viewId=${viewId}`);
    expect(basicPage.statusCode).toBe(200);
    expect(basicPage.body).toContain('<div id="root" data-script="light">');
    expect(basicPage.body).toContain('data-leave-to="/error?code=expired_basic_share_link"');
    expect(answer(await check(recipientCode, dateOfBirth))).toMatchObject({ outcome: 'CURRENT' });
    const stranger = await new Browser(t).get(printPath);
    expect(stranger.statusCode).toBe(303);
    expect(stranger.headers.location).toBe('/error?code=expired_basic_share_link');

    // After the 15 minutes: neither prints, nor gives a code; the codes already printed still check.
    t.clock.advance(Math.max(BASIC_SHARE_TIMEOUT_MS, BASIC_VIEWING_MS));
    expect((await recipient.get(`/api/shared-results/${shareId}/check-code`)).statusCode).toBe(401);
    const late = await recipient.get(printPath);
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe('/error?code=expired_basic_share_link');
    const lateOwn = await r.applicant.get(`/results/${r.resultId}/basic/print`);
    expect(lateOwn.statusCode).toBe(303);
    expect(lateOwn.headers.location).toBe(`/results/${r.resultId}/basic`);
    expect(answer(await check(own.checkCode, dateOfBirth))).toMatchObject({ outcome: 'CURRENT' });
  });

  it('limits checks per code and per client address, auditing each refusal', async () => {
    const r = await issued();
    const { checkCode } = await printed(r.applicant, r.resultId);
    // Per code: from different addresses, the code's allowance runs out all the same.
    for (let i = 0; i < PER_CODE_LIMIT; i++)
      expect((await check(checkCode, '1900-01-01', `203.0.113.${i + 1}`)).statusCode).toBe(200);
    const limited = await check(checkCode, r.dateOfBirth, '203.0.113.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ backendCode: 'TOO_MANY_REQUESTS' });
    // Another code is not held back by it.
    expect((await check('7KQ2-M9XD-4TWE', r.dateOfBirth, '203.0.113.99')).statusCode).toBe(200);
    const refused = (await auditOf('result.checked')).filter((a) => a.outcome === 'refused');
    expect(refused.some((a) => (a.detail as { limit?: string }).limit === 'code')).toBe(true);
  });
});

describe('the per-client limit of the public check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(ENGINES[0]!, { CHECK_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => t.dispose());

  it('refuses a client address past its allowance with 429, audited; another address is not held back', async () => {
    const send = (remoteAddress: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/check-a-result',
        remoteAddress,
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest' },
        payload: JSON.stringify({ checkCode: `0000-0000-000${n}`, dateOfBirth: '1990-01-01' }),
      });
    for (let i = 0; i < 3; i++) expect((await send('192.0.2.10', i)).statusCode).toBe(200);
    const limited = await send('192.0.2.10', 5);
    expect(limited.statusCode).toBe(429);
    expect((await send('192.0.2.11', 6)).statusCode).toBe(200);
    await expect
      .poll(async () =>
        (
          await t.database.db
            .selectFrom('audit_events')
            .select('detail')
            .where('event', '=', 'result.checked')
            .where('outcome', '=', 'refused')
            .execute()
        ).some((a) => (a.detail as { limit?: string }).limit === 'client'),
      )
      .toBe(true);
  });
});

describe('the result-signing key in configuration', () => {
  const { RESULT_SIGNING_KEY: _key, ...production } = PRODUCTION_ENV;
  const ed25519Pem = () =>
    generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

  it('refuses to start in production without a signing key, and takes a PEM or a JWK with rotation', async () => {
    expect(() => loadConfig(production)).toThrow(/RESULT_SIGNING_KEY/);
    const pem = ed25519Pem();
    const config = loadConfig({ ...production, RESULT_SIGNING_KEY: pem, RESULT_SIGNING_KEY_ID: '2026-11' });
    const keys = await loadResultSigningKeys(config);
    expect(keys.signing.kid).toBe('2026-11');
    expect(keys.publicJwks).toHaveLength(1);
    expect(keys.publicJwks[0]).not.toHaveProperty('d');
    // Rotation: a new key signs, the old public key stays published.
    const old = keys.publicJwks[0]!;
    const rotated = await loadResultSigningKeys(
      loadConfig({
        ...production,
        RESULT_SIGNING_KEY: JSON.stringify(
          generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }),
        ),
        RESULT_SIGNING_KEY_ID: '2027-01',
        RESULT_SIGNING_PUBLISHED_KEYS: JSON.stringify([old]),
      }),
    );
    expect(rotated.publicJwks.map((k) => k.kid)).toEqual(['2027-01', '2026-11']);
    // Not an Ed25519 key: refused.
    await expect(
      loadResultSigningKeys(loadConfig({ ...production, RESULT_SIGNING_KEY: production.OIDC_PRIVATE_KEY })),
    ).rejects.toThrow(/Ed25519/);
  });

  it('keeps a development key made at first start in the data directory, readable by its owner only', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dis-result-key-'));
    try {
      const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
      const first = await loadResultSigningKeys(config);
      const file = path.join(dir, DEV_RESULT_SIGNING_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const again = await loadResultSigningKeys(config);
      expect(again.signing.kid).toBe(first.signing.kid);
      expect(first.publicJwks[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
