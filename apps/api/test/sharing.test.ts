import { describe, expect, it } from 'vitest';
import { PASSCODE_VALIDITY_MS, SHARE_COOLDOWN_MS, MAX_SHARES_PER_RESULT } from '@dis/domain';
import {
  Browser,
  ENGINES,
  signedInApplicant,
  signedInCsg,
  type TestApp,
  issuedResult,
  userIdOf,
  currentSmsCode,
  withPeople,
  okBody,
  newApplicant,
} from './harness';

// The applicant's one-time code (step-up) and digital sharing, on both engines.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe.each(ENGINES)('one-time codes and sharing on $name', (engine) => {
  let t: TestApp, csg: Browser;
  withPeople(engine, {}, (s) => ({ t, csg } = s));

  /** A result issued by casework for a new applicant's submitted Level 2 application. */
  async function issuedFor(preset = 'level-2-cautions') {
    // A fresh countersignatory: moving the clock ends earlier sessions.
    csg = await signedInCsg(t);
    const { applicant: alex, persona, resultId } = await issuedResult(t, csg, preset);
    return { alex, persona: persona!, resultId };
  }

  const lastSmsCode = (browser: Browser) => currentSmsCode(t, browser);

  const requestCode = (b: Browser) => b.send('POST', '/oauth2/api/otc/request', {});
  const verify = async (b: Browser, oneTimeCode: string) => {
    const res = await b.send('POST', '/oauth2/api/otc/verify', { oneTimeCode });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { validationStatus: string }).validationStatus;
  };
  async function stepUp(b: Browser) {
    expect((await requestCode(b)).statusCode).toBe(200);
    expect(await verify(b, await lastSmsCode(b))).toBe('VALID');
  }
  const share = (b: Browser, id: string, body: Record<string, unknown> = {}) =>
    b.send('POST', `/api/results/${id}/share`, body);

  it('sends a 6-digit code by SMS, stores only its hash, and locks it after 3 wrong attempts', async () => {
    const alex = await newApplicant(t);
    const sent = await requestCode(alex);
    expect(okBody(sent)).toEqual({ partialPhoneNumber: '0999' });
    const code = await lastSmsCode(alex);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.database.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', await userIdOf(alex))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await verify(alex, wrong)).toBe('INVALID');
    expect(await verify(alex, wrong)).toBe('INVALID');
    expect(await verify(alex, wrong)).toBe('ATTEMPTS_EXCEEDED');
    // The 4th attempt fails even with the right code.
    expect(await verify(alex, code)).toBe('ATTEMPTS_EXCEEDED');
    // Not a code at all: refused before any check, with the spec's OTC_INVALID (spec 02 section 8).
    const notACode = await alex.send('POST', '/oauth2/api/otc/verify', { oneTimeCode: '12ab' });
    expect(notACode.statusCode).toBe(400);
    expect(notACode.json()).toMatchObject({
      status: 400,
      backendCode: 'OTC_INVALID',
      fieldErrors: { oneTimeCode: 'Security code must be 6 numbers' },
    });
    const noCode = await alex.send('POST', '/oauth2/api/otc/verify', {});
    expect(noCode.json()).toMatchObject({ status: 400, backendCode: 'OTC_INVALID' });
    // A body of the wrong shape stays a validation failure.
    const extra = await alex.send('POST', '/oauth2/api/otc/verify', { oneTimeCode: '123456', other: 'x' });
    expect(extra.json()).toMatchObject({ status: 400, backendCode: 'VALIDATION_FAILED' });

    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['event', 'outcome'])
      .where('event', 'like', 'otc.%')
      .execute();
    expect(audit.some((a) => a.event === 'otc.requested' && a.outcome === 'success')).toBe(true);
    expect(audit.some((a) => a.event === 'otc.verified' && a.outcome === 'failure')).toBe(true);
  });

  it('a code works once, only for its own person, for 15 minutes; requests are limited with 429', async () => {
    const alex = await newApplicant(t);
    const sam = await newApplicant(t);
    expect((await requestCode(alex)).statusCode).toBe(200);
    const code = await lastSmsCode(alex);
    expect((await requestCode(sam)).statusCode).toBe(200);
    const samCode = await lastSmsCode(sam);
    if (samCode !== code) expect(await verify(sam, code)).toBe('INVALID');
    expect(await verify(alex, code)).toBe('VALID');
    expect(await verify(alex, code)).toBe('INVALID');

    // Two requests in 15 minutes; the third is refused.
    expect((await requestCode(alex)).statusCode).toBe(200);
    const limited = await requestCode(alex);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().backendCode).toBe('NUMBER_OF_ATTEMPTS_FOR_OTC_GENERATION_EXCEEDED');
    const latest = await lastSmsCode(alex);
    t.clock.advance(PASSCODE_VALIDITY_MS);
    expect(await verify(alex, latest)).toBe('EXPIRED');
    // After the window a new code can be asked for again.
    expect((await requestCode(alex)).statusCode).toBe(200);
  });

  it('409 without a mobile number, 400 for a number that is not a mobile', async () => {
    const alex = await newApplicant(t);
    const id = await userIdOf(alex);
    await t.database.db.updateTable('users').set({ phone: null }).where('id', '=', id).execute();
    const none = await requestCode(alex);
    expect(none.statusCode).toBe(409);
    await t.database.db.updateTable('users').set({ phone: '01312345678' }).where('id', '=', id).execute();
    expect((await requestCode(alex)).statusCode).toBe(400);
  });

  it('shares only after a verified code; twenty simultaneous shares make exactly one', async () => {
    const { alex, resultId } = await issuedFor();
    const options = await alex.get(`/api/results/${resultId}/share-options`);
    expect(options.json()).toMatchObject({
      route: 'direct',
      allowed: true,
      stepUpRequired: true,
      refusal: null,
    });
    const early = await share(alex, resultId);
    expect(early.statusCode).toBe(403);
    expect(early.json().backendCode).toBe('STEP_UP_REQUIRED');

    await stepUp(alex);
    const all = await Promise.all(Array.from({ length: 20 }, () => share(alex, resultId)));
    const codes = all.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of all.filter((r) => r.statusCode === 409))
      expect(r.json()).toEqual({
        status: 409,
        backendCode: 'SHARE_COOLDOWN_TIMER_NOT_MET',
        message: 'You can only share your result once every 30 minutes',
        requestId: expect.any(String),
      });
    const rows = await t.database.db
      .selectFrom('result_shares')
      .selectAll()
      .where('result_id', '=', resultId)
      .execute();
    expect(rows).toHaveLength(1);
    const result = (await alex.get(`/api/results/${resultId}`)).json();
    expect(result).toMatchObject({ sharedStatus: 'SHARED', status: 'RESULT_SHARED' });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('outcome')
      .where('event', '=', 'result.shared')
      .execute();
    expect(audit.filter((a) => a.outcome === 'success').length).toBeGreaterThanOrEqual(1);
  });

  it('the cooldown: refused at 29:59, accepted at 30:01; the maximum number of shares; the step-up lapses', async () => {
    const issued = await issuedFor();
    const { resultId, persona } = issued;
    let alex = issued.alex;
    await stepUp(alex);
    expect((await share(alex, resultId)).statusCode).toBe(200);
    // In two steps, so the session's 30-minute idle limit does not end it.
    t.clock.advance(20 * MINUTE);
    await alex.get(`/api/results/${resultId}/share-options`);
    t.clock.advance(SHARE_COOLDOWN_MS - 20 * MINUTE - SECOND);
    const early = await share(alex, resultId);
    expect(early.statusCode).toBe(409);
    expect(early.json().backendCode).toBe('SHARE_COOLDOWN_TIMER_NOT_MET');
    t.clock.advance(2 * SECOND);
    // The step-up of 30 minutes has lapsed too: a new code first.
    expect((await share(alex, resultId)).json().backendCode).toBe('STEP_UP_REQUIRED');
    await stepUp(alex);
    expect((await share(alex, resultId)).statusCode).toBe(200);
    for (let n = 2; n < MAX_SHARES_PER_RESULT; n += 1) {
      t.clock.advance(SHARE_COOLDOWN_MS + SECOND);
      // A new sign-in each time: hours pass, past the session's limits.
      alex = await signedInApplicant(t, persona);
      await stepUp(alex);
      expect((await share(alex, resultId)).statusCode).toBe(200);
    }
    t.clock.advance(SHARE_COOLDOWN_MS + SECOND);
    alex = await signedInApplicant(t, persona);
    await stepUp(alex);
    const limit = await share(alex, resultId);
    expect(limit.statusCode).toBe(409);
    expect(limit.json()).toMatchObject({
      backendCode: 'SHARE_LIMIT_EXCEEDED',
      message: 'You have shared this result the maximum number of times',
    });
    expect((await alex.get(`/api/results/${resultId}/share-options`)).json()).toMatchObject({
      allowed: false,
      refusal: 'SHARE_LIMIT_EXCEEDED',
    });
  });

  it('the 10-day cutoff at its boundary', async () => {
    const { alex: first, persona, resultId } = await issuedFor();
    const result = (await first.get(`/api/results/${resultId}`)).json() as { shareWindowEndsAt: string };
    const end = new Date(result.shareWindowEndsAt).getTime();
    t.clock.set(new Date(end - SECOND));
    const alex = await signedInApplicant(t, persona);
    await stepUp(alex);
    expect((await share(alex, resultId)).statusCode).toBe(200);
    t.clock.set(new Date(end + SHARE_COOLDOWN_MS));
    const late = await signedInApplicant(t, persona);
    await stepUp(late);
    const refused = await share(late, resultId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().backendCode).toBe('SHARE_NOT_ALLOWED');
  });

  it('one paper copy: a second is refused, digital sharing stays on offer and is not held by a cooldown', async () => {
    const { alex, resultId } = await issuedFor();
    const paper = () => alex.send('POST', `/api/results/${resultId}/share/paper`, {});
    expect((await paper()).json().backendCode).toBe('STEP_UP_REQUIRED');
    await stepUp(alex);
    const first = await paper();
    expect(first.statusCode, first.body).toBe(200);
    const second = await paper();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      status: 409,
      backendCode: 'PAPER_SHARE_ALREADY_USED',
      message: 'You have already asked for a paper copy of this result',
      requestId: expect.any(String),
    });
    expect((await alex.get(`/api/results/${resultId}/share-options`)).json()).toMatchObject({
      sharedPaperResult: true,
      allowed: true,
    });
    expect((await alex.get(`/api/results/${resultId}`)).json()).toMatchObject({ sharedPaperResult: true });
    expect((await share(alex, resultId)).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('result_shares')
      .select('channel')
      .where('result_id', '=', resultId)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.channel).sort()).toEqual(['DIGITAL', 'PAPER']);
  });

  it('blocked while an appeal is intended; another applicant cannot share or see the options; organisations cannot', async () => {
    const { alex, resultId } = await issuedFor('level-2-convictions');
    expect((await alex.send('POST', `/api/results/${resultId}/intend-to-appeal`, {})).statusCode).toBe(200);
    await stepUp(alex);
    const blocked = await share(alex, resultId);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().backendCode).toBe('SHARE_NOT_ALLOWED');

    const other = await issuedFor();
    const sam = await newApplicant(t);
    await stepUp(sam);
    expect((await share(sam, other.resultId)).statusCode).toBe(404);
    expect((await sam.get(`/api/results/${other.resultId}/share-options`)).statusCode).toBe(404);
    expect((await share(csg, other.resultId)).statusCode).toBe(404);
    expect((await requestCode(csg)).statusCode).toBe(404);
    const anonymous = new Browser(t);
    expect((await share(anonymous, other.resultId)).statusCode).toBe(401);
    expect((await requestCode(anonymous)).statusCode).toBe(401);
  });
});
