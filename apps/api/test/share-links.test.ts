import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDITIONAL_INFORMATION_MAX_ATTEMPTS,
  BASIC_LINK_MAX_FAILED_CODES,
  BASIC_SHARE_TIMEOUT_MS,
  PASSCODE_MAX_ATTEMPTS,
  PASSCODE_REQUEST_WINDOW_MS,
  BASIC_SHARED_LINK_VALID_DAYS,
  SHARED_LINK_SESSION_MS,
  SHARED_LINK_VALID_DAYS,
} from '@dis/domain';
import {
  Browser,
  DAY_MS,
  ENGINES,
  issuedResult,
  signedInCsg,
  startTestApp,
  type TestApp,
  stepUpByCode,
  basicLinkSmsCode,
  NAMED_RECIPIENT,
  BASIC_RECIPIENT,
  emailedShareLink,
  sharedBasicLink,
  onRecipientDetailsRoute,
  notifyMessage,
  auditEntries,
  rowWhere,
  okBody,
  newApplicant,
} from './harness';

// Recipient links: the third-party share, the token exchanged for a cookie, the identity check, the shared
// result, and the same answer for every link that does not work. On both engines.

describe.each(ENGINES)('recipient links on $name', (engine) => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(
      engine,
      // Every test signs in a countersignatory and an applicant: more than the per-minute sign-in allowance.
      { LOG_LEVEL: 'info', SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000' },
      {
        logStream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logged.push(chunk.toString());
            done();
          },
        }),
      },
    );
  });
  afterAll(async () => t.dispose());

  /** A result on the recipient-details route (a B2B result), read once by its applicant, who stepped up. */
  async function recipientDetailsResult(steppedUp = true) {
    const csg = await signedInCsg(t);
    const issued = await issuedResult(t, csg, 'level-2-cautions');
    await onRecipientDetailsRoute(t, issued.resultId);
    const applicant = issued.applicant;
    const read = await applicant.get(`/api/results/${issued.resultId}`);
    expect(read.statusCode, read.body).toBe(200);
    const { dateOfBirth, applicationReference } = read.json() as {
      dateOfBirth: string;
      applicationReference: string;
    };
    if (steppedUp) await stepUp(applicant);
    return { applicant, resultId: issued.resultId, dateOfBirth, applicationReference };
  }

  const stepUp = (b: Browser) => stepUpByCode(t, b);

  /** Shares the result with the recipient and returns the token from the email in the outbox. */
  async function shared() {
    const r = await recipientDetailsResult();
    const res = await r.applicant.send(
      'POST',
      `/api/results/${r.resultId}/share/thirdparty`,
      NAMED_RECIPIENT,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { shareId, linkExpiresAt } = res.json() as { shareId: string; linkExpiresAt: string };
    const email = await emailedShareLink(t, shareId, 'before-you-continue');
    expect(email.to_address).toBe(NAMED_RECIPIENT.recipientEmail);
    expect(email.body).toMatch(/date of birth and the application reference/);
    expect(email.body).not.toMatch(/text message|\(\(/);
    const { token } = email;
    return { ...r, shareId, linkExpiresAt, token };
  }

  /** A recipient's browser (no account) that opened the emailed link. */
  async function opened(token: string) {
    const recipient = new Browser(t);
    const res = await recipient.get(`/before-you-continue?token=${token}`);
    return { recipient, res };
  }

  const answer = (b: Browser, applicantDateOfBirth: string, applicationReference: string) =>
    b.send('POST', '/api/access/shared-results/additional-information', {
      applicantDateOfBirth,
      applicationReference,
    });
  const failureOf = (res: { statusCode: number; json(): unknown }) => {
    const { requestId: _ignored, ...body } = res.json() as Record<string, unknown>;
    return { status: res.statusCode, body };
  };

  it('shares with a recipient, stores only a hash of the token, and lets the recipient read the result', async () => {
    const s = await shared();
    const share = await rowWhere(t, 'result_shares', { id: s.shareId });
    expect(share.recipient).toBe(NAMED_RECIPIENT.recipientName);
    expect(share.recipient_email).toBe(NAMED_RECIPIENT.recipientEmail);
    expect(share.route).toBe('recipient-details');
    const link = await t.database.db
      .selectFrom('share_links')
      .selectAll()
      .where('share_id', '=', s.shareId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(link)).not.toContain(s.token);
    expect(s.token.length).toBeGreaterThanOrEqual(43);
    expect(new Date(link.expires_at).getTime() - new Date(share.created_at).getTime()).toBe(
      SHARED_LINK_VALID_DAYS * DAY_MS,
    );

    const { recipient, res } = await opened(s.token);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/before-you-continue');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = res.cookies.find((c) => c.name === 'dis-shared-link')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.value).not.toBe(s.token);

    const valid = await recipient.get('/api/access/shared-results/link/validate');
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.headers['referrer-policy']).toBe('no-referrer');
    // Before the identity check the result is not there.
    expect((await recipient.get(`/api/shared-results/${s.shareId}`)).statusCode).toBe(401);

    const checked = await answer(recipient, s.dateOfBirth, s.applicationReference.toLowerCase());
    expect(okBody(checked)).toEqual({ sharedResultId: s.shareId });
    const result = await recipient.get(`/api/shared-results/${s.shareId}`);
    expect(okBody(result)).toMatchObject({ sharedResultId: s.shareId, linkExpiresAt: s.linkExpiresAt });
    expect(result.json()).not.toHaveProperty('appealDecision');
    // A poll is not another opening.
    expect((await recipient.get(`/api/shared-results/${s.shareId}?refresh=true`)).statusCode).toBe(200);
    const openings = await t.database.db
      .selectFrom('audit_events')
      .select(['detail', 'outcome'])
      .where('event', '=', 'shared_result.opened')
      .where('outcome', '=', 'success')
      .execute();
    const mine = openings.filter((o) => (o.detail as { shareId?: string }).shareId === s.shareId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.detail).toEqual({ shareId: s.shareId, resultId: s.resultId });
    const sent = await t.database.db
      .selectFrom('audit_events')
      .select('detail')
      .where('event', '=', 'shared_link.sent')
      .execute();
    expect(sent.some((e) => (e.detail as { shareId?: string }).shareId === s.shareId)).toBe(true);

    // The token never reaches the log (the log names routes, never URLs).
    expect(logged.join('')).not.toContain(s.token);
    expect(logged.join('')).not.toContain(cookie.value);
  });

  it('answers a made-up, malformed, revoked or locked link, or no link at all, in exactly the same way; an expired link says so', async () => {
    const a = await shared();
    const b = await shared();
    const c = await shared();
    const failures: Array<{ status: number; body: unknown }> = [];
    const validate = async (token: string | null) => {
      const recipient = token ? (await opened(token)).recipient : new Browser(t);
      failures.push(failureOf(await recipient.get('/api/access/shared-results/link/validate')));
      failures.push(failureOf(await answer(recipient, a.dateOfBirth, a.applicationReference)));
      return recipient;
    };
    await validate(null);
    await validate('A'.repeat(43));
    await validate('not a token');

    // Revoked: the applicant stopped the share.
    await t.database.db
      .updateTable('result_shares')
      .set({ revoked_at: t.clock.now() })
      .where('id', '=', a.shareId)
      .execute();
    await validate(a.token);

    // Locked: wrong answers up to the limit; the last says so once, then the link is like any broken one.
    const { recipient } = await opened(b.token);
    for (let i = 1; i < ADDITIONAL_INFORMATION_MAX_ATTEMPTS; i++) {
      const wrong = await answer(recipient, '1970-01-01', b.applicationReference);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().backendCode).toBe('VALIDATE_VIEW_SHARED_RESULT_INVALID');
    }
    const locked = await answer(recipient, '1970-01-01', b.applicationReference);
    // Spec 02 section 8: the attempts-exceeded 401 (the page goes to incorrect-details).
    expect(locked.statusCode).toBe(401);
    expect(locked.json().backendCode).toBe('VIEW_SHARED_RESULT_ATTEMPTS_EXCEEDED');
    // Even the right answer now fails, in the same way as every other broken link.
    failures.push(failureOf(await answer(recipient, b.dateOfBirth, b.applicationReference)));
    await validate(b.token);

    // The spec's calls with the token answer the same for a made-up or a revoked link.
    failures.push(
      failureOf(await new Browser(t).get(`/api/access/shared-results/link/validate?token=${'A'.repeat(43)}`)),
    );
    failures.push(
      failureOf(await new Browser(t).get(`/api/access/shared-results/link/validate?token=${a.token}`)),
    );

    expect(failures.length).toBeGreaterThan(8);
    for (const failure of failures) expect(failure).toEqual(failures[0]);
    expect(failures[0]).toEqual({
      status: 404,
      body: expect.objectContaining({ backendCode: 'SHARED_RESULT_LINK_INVALID' }),
    });

    // Expired: past the link's 14 days (a fake clock). A 256-bit token cannot be guessed, so saying so reveals
    // nothing: the expired page (spec 02 section 8), never broken-or-replaced.
    const before = await opened(c.token);
    expect((await answer(before.recipient, c.dateOfBirth, c.applicationReference)).statusCode).toBe(200);
    t.clock.advance(SHARED_LINK_VALID_DAYS * DAY_MS + 1000);
    // The recipient reading the result is sent to the expired page (401).
    const gone = await before.recipient.get(`/api/shared-results/${c.shareId}?refresh=true`);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().backendCode).toBe('SHARED_RESULT_LINK_EXPIRED');
    const expired = {
      status: 410,
      body: expect.objectContaining({ backendCode: 'SHARED_RESULT_LINK_EXPIRED' }),
    };
    expect(failureOf(await before.recipient.get('/api/access/shared-results/link/validate'))).toEqual(
      expired,
    );
    expect(failureOf(await answer(before.recipient, c.dateOfBirth, c.applicationReference))).toEqual(expired);
    // The emailed link opened again goes straight to the expired page.
    const late = await opened(c.token);
    expect(late.res.statusCode).toBe(303);
    expect(late.res.headers.location).toBe('/error?code=expired_link');
    expect(
      failureOf(await new Browser(t).get(`/api/access/shared-results/link/validate?token=${c.token}`)),
    ).toEqual(expired);
  });

  it("answers the spec's calls with the token (spec 02 section 7) as well as the cookie", async () => {
    const s = await shared();
    const client = new Browser(t);
    const valid = await client.get(`/api/access/shared-results/link/validate?token=${s.token}`);
    expect(okBody(valid)).toEqual({ valid: true });
    expect(valid.headers['referrer-policy']).toBe('no-referrer');
    const checked = await client.send('POST', '/api/access/shared-results/additional-information', {
      applicantDateOfBirth: s.dateOfBirth,
      applicationReference: s.applicationReference,
      token: s.token,
    });
    expect(okBody(checked)).toEqual({ sharedResultId: s.shareId });
    // The token was exchanged for the recipient's cookie on the answer: the result is read with it.
    expect(checked.cookies.find((c) => c.name === 'dis-shared-link')?.httpOnly).toBe(true);
    const result = await client.get(`/api/shared-results/${s.shareId}`);
    expect(result.statusCode, result.body).toBe(200);
    // Another browser with the token: the link is the first browser's now, its use spent.
    const wrong = await new Browser(t).send('POST', '/api/access/shared-results/additional-information', {
      applicantDateOfBirth: '1970-01-01',
      applicationReference: s.applicationReference,
      token: s.token,
    });
    expect(wrong.statusCode).toBe(410);
    expect(wrong.json().backendCode).toBe('SHARED_RESULT_LINK_ALREADY_USED');
    // Neither the token nor the cookie reaches the log.
    expect(logged.join('')).not.toContain(s.token);
  });

  it('a revoked share stops a recipient who is already reading it', async () => {
    const s = await shared();
    const { recipient } = await opened(s.token);
    expect((await answer(recipient, s.dateOfBirth, s.applicationReference)).statusCode).toBe(200);
    expect((await recipient.get(`/api/shared-results/${s.shareId}`)).statusCode).toBe(200);
    await t.database.db
      .updateTable('result_shares')
      .set({ revoked_at: t.clock.now() })
      .where('id', '=', s.shareId)
      .execute();
    expect((await recipient.get(`/api/shared-results/${s.shareId}?refresh=true`)).statusCode).toBe(401);
  });

  it('refuses a share without the code, of another applicant, with bad details, or on the wrong route', async () => {
    const r = await recipientDetailsResult();
    // Another applicant cannot share it.
    const sam = await newApplicant(t);
    await stepUp(sam);
    const other = await sam.send('POST', `/api/results/${r.resultId}/share/thirdparty`, NAMED_RECIPIENT);
    expect(other.statusCode).toBe(404);
    // Field errors for the full form.
    const bad = await r.applicant.send('POST', `/api/results/${r.resultId}/share/thirdparty`, {
      ...NAMED_RECIPIENT,
      recipientEmail: 'not-an-email',
      recipientName: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(
      expect.arrayContaining(['recipientEmail', 'recipientName']),
    );
    // The direct call is not this result's route.
    const direct = await r.applicant.send('POST', `/api/results/${r.resultId}/share`, {});
    expect(direct.statusCode).toBe(409);
    expect(direct.json().backendCode).toBe('SHARE_NOT_ALLOWED');
    // A signed-out caller.
    expect(
      (await new Browser(t).send('POST', `/api/results/${r.resultId}/share/thirdparty`, NAMED_RECIPIENT))
        .statusCode,
    ).toBe(401);
    // The share options offer it now.
    const options = await r.applicant.get(`/api/results/${r.resultId}/share-options`);
    expect(options.json()).toMatchObject({ route: 'recipient-details', allowed: true });
    // Not without the one-time code first.
    const unproven = await recipientDetailsResult(false);
    const again = await unproven.applicant.send(
      'POST',
      `/api/results/${unproven.resultId}/share/thirdparty`,
      NAMED_RECIPIENT,
    );
    expect(again.statusCode).toBe(403);
    expect(again.json().backendCode).toBe('STEP_UP_REQUIRED');
  });

  it('route by role: the share needs APPLICANT or APPLICANT_BASIC; the recipient calls need only their link', async () => {
    const r = await recipientDetailsResult(false);
    const url = `/api/results/${r.resultId}/share/thirdparty`;
    const statusAs = async (persona: string | null) => {
      const browser = new Browser(t);
      if (persona) await browser.signIn(persona);
      if (persona === 'csg') await browser.send('POST', '/api/declaration', { agreed: true });
      return {
        share: (await browser.send('POST', url, NAMED_RECIPIENT)).statusCode,
        validate: (await browser.get('/api/access/shared-results/link/validate')).statusCode,
        result: (await browser.get(`/api/shared-results/${r.resultId}`)).statusCode,
      };
    };
    // Signed out: the share asks to sign in; the recipient calls answer as for any link that does not work.
    expect(await statusAs(null)).toEqual({ share: 401, validate: 404, result: 401 });
    const stranger = new Browser(t);
    expect((await stranger.send('POST', '/api/access/shared-results/basic/check', {})).statusCode).toBe(404);
    expect((await stranger.send('POST', '/api/otc/basic-online-result', {})).statusCode).toBe(404);
    expect(
      (await stranger.send('POST', '/api/otc/basic-online-result/verify', { oneTimeCode: '123456' }))
        .statusCode,
    ).toBe(404);
    expect((await stranger.get(`/api/shared-results/basic/${r.resultId}/${r.resultId}`)).statusCode).toBe(
      401,
    );
    // Wrong roles: not found.
    expect((await statusAs('application-only')).share).toBe(404);
    expect((await statusAs('csg')).share).toBe(404);
    // The right roles get through to the rules (someone else's result: not found; no code: step-up first).
    expect((await statusAs('applicant-basic')).share).toBe(403);
    expect((await statusAs('applicant-verified')).share).toBe(403);
    expect((await r.applicant.send('POST', url, NAMED_RECIPIENT)).statusCode).toBe(403);
  });

  it('a hostile body on the public identity check is a 4xx with the standard body', async () => {
    const s = await shared();
    const { recipient } = await opened(s.token);
    for (const body of [
      null,
      [],
      'x',
      {},
      { applicantDateOfBirth: '1990-02-30', applicationReference: s.applicationReference },
      { applicantDateOfBirth: s.dateOfBirth, applicationReference: 'bad\u0000' },
      { applicantDateOfBirth: s.dateOfBirth, applicationReference: s.applicationReference, token: 'x' },
      { applicantDateOfBirth: 19900412, applicationReference: ['x'] },
    ]) {
      const res = await recipient.send('POST', '/api/access/shared-results/additional-information', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().backendCode).toBe('VALIDATION_FAILED');
    }
    // None of them counted as a wrong answer.
    expect((await answer(recipient, s.dateOfBirth, s.applicationReference)).statusCode).toBe(200);
  });

  it('a basic result: the simple form, a link that asks for a code sent to the phone given, then a time-out', async () => {
    const csg = await signedInCsg(t);
    const issued = await issuedResult(t, csg, 'clear-basic');
    const applicant = issued.applicant;
    await stepUp(applicant);
    const url = `/api/results/${issued.resultId}/share/thirdparty`;
    // The full form is not this result's: only the recipient's email and phone and the applicant's email.
    expect((await applicant.send('POST', url, NAMED_RECIPIENT)).statusCode).toBe(400);
    const simple = BASIC_RECIPIENT;
    const res = await applicant.send('POST', url, simple);
    expect(res.statusCode, res.body).toBe(200);
    const { shareId } = res.json() as { shareId: string };
    const share = await t.database.db
      .selectFrom('result_shares')
      .selectAll()
      .where('id', '=', shareId)
      .executeTakeFirstOrThrow();
    expect(share.recipient).toBe(simple.recipientEmail);
    const link = await t.database.db
      .selectFrom('share_links')
      .selectAll()
      .where('share_id', '=', shareId)
      .executeTakeFirstOrThrow();
    expect(link.basic).toBe(true);
    expect(new Date(link.expires_at).getTime() - new Date(share.created_at).getTime()).toBe(
      BASIC_SHARED_LINK_VALID_DAYS * DAY_MS,
    );
    const { body: emailBody, token } = await emailedShareLink(t, shareId, 'shared-basic');
    // The email says what this link asks for: a code by text message, not the applicant's details (finding 10).
    expect(emailBody).toMatch(/security code by text message/);
    expect(emailBody).not.toMatch(/date of birth|reference/i);
    expect(emailBody).not.toMatch(/\(\(/);

    const recipient = new Browser(t);
    const opened = await recipient.get(`/shared-basic?token=${token}`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/shared-basic');
    // Not a third-party link: the identity questions answer as for any broken link.
    expect((await recipient.get('/api/access/shared-results/link/validate')).statusCode).toBe(404);
    const check = await recipient.send('POST', '/api/access/shared-results/basic/check', {});
    // The phone as the page shows it: never the whole number.
    expect(check.json()).toEqual({ phoneNumber: '*******0456', phoneNumberEnding: '0456' });
    expect(check.body).not.toContain('07700900456');
    expect((await recipient.send('POST', '/api/otc/basic-online-result', {})).statusCode).toBe(200);
    const code = await t.database.db
      .selectFrom('share_link_codes')
      .selectAll()
      .where('link_id', '=', link.id)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    const sms = await notifyMessage(t, code.id);
    expect(sms.to_address).toMatch(/7700900456$/);
    const sent = /\b(\d{6})\b/.exec(sms.body)![1]!;
    expect(code.code_hash).not.toContain(sent);
    const verify = (oneTimeCode: string) =>
      recipient.send('POST', '/api/otc/basic-online-result/verify', { oneTimeCode });
    const wrong = await verify(sent === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().backendCode).toBe('CODE_INVALID');
    const right = await verify(sent);
    expect(right.statusCode, right.body).toBe(200);
    const { sharedResultId, viewId } = right.json() as { sharedResultId: string; viewId: string };
    expect(sharedResultId).toBe(shareId);
    // The code is used once.
    expect((await verify(sent)).statusCode).toBe(400);
    const view = await recipient.get(`/api/shared-results/basic/${sharedResultId}/${viewId}`);
    expect(okBody(view)).toMatchObject({ sharedResultId, disclosureTypeShortCode: 'BD' });
    // A basic link's result is read only through the basic call and its time-out, never through the detailed
    // link's call (which has no time-out), even by the session its code opened.
    const detailed = await recipient.get(`/api/shared-results/${sharedResultId}`);
    expect(detailed.statusCode).toBe(401);
    expect(detailed.json().backendCode).toBe('SHARED_RESULT_LINK_EXPIRED');
    // Someone else with the ids but not the cookie: refused.
    expect(
      (await new Browser(t).get(`/api/shared-results/basic/${sharedResultId}/${viewId}`)).statusCode,
    ).toBe(401);
    // After the time-out: the expired basic link page.
    t.clock.advance(BASIC_SHARE_TIMEOUT_MS);
    const late = await recipient.get(`/api/shared-results/basic/${sharedResultId}/${viewId}`);
    expect(late.statusCode).toBe(401);
    expect(late.json().backendCode).toBe('SHARED_RESULT_LINK_EXPIRED');
  });

  it('a basic link locks its code after 3 wrong attempts', async () => {
    const csg = await signedInCsg(t);
    const issued = await issuedResult(t, csg, 'clear-basic');
    await stepUp(issued.applicant);
    const { recipient } = await sharedBasicLink(t, issued.applicant, issued.resultId, {
      ...BASIC_RECIPIENT,
      recipientEmail: 'lee.basic@example.com',
      recipientPhoneNumber: '07700900457',
    });
    expect((await recipient.send('POST', '/api/otc/basic-online-result', {})).statusCode).toBe(200);
    const statuses: Array<[number, string]> = [];
    for (let i = 0; i < 3; i++) {
      const r = await recipient.send('POST', '/api/otc/basic-online-result/verify', {
        oneTimeCode: '000000',
      });
      statuses.push([r.statusCode, r.json().backendCode as string]);
    }
    // (A 1-in-a-million chance that 000000 is the code: then the first attempt would pass.)
    expect(statuses.at(-1)).toEqual([403, 'CODE_ATTEMPTS_EXCEEDED']);
  });

  /** A basic result shared with a recipient whose browser opened the emailed link. */
  async function basicShared(recipientEmail: string) {
    const csg = await signedInCsg(t);
    const issued = await issuedResult(t, csg, 'clear-basic');
    await stepUp(issued.applicant);
    const { shareId, token, recipient } = await sharedBasicLink(t, issued.applicant, issued.resultId, {
      ...BASIC_RECIPIENT,
      recipientEmail,
      recipientPhoneNumber: '07700900458',
    });
    /** Asks for a code and answers it wrongly (a code other than the one sent). */
    const wrongCode = async () => {
      const { code: sent } = await basicLinkSmsCode(t, shareId);
      return sent === '000000' ? '111111' : '000000';
    };
    return { ...issued, shareId, token, recipient, wrongCode };
  }

  it('a basic link locks itself after a small total of wrong codes over its life, answering as any broken link, and the applicant sees it (finding 4)', async () => {
    const b = await basicShared('casey.basic@example.com');
    const verify = (oneTimeCode: string) =>
      b.recipient.send('POST', '/api/otc/basic-online-result/verify', { oneTimeCode });
    const answers: Array<[number, string]> = [];
    // New codes keep coming (two per 15 minutes): each code takes 3 guesses, the link only so many in all.
    let failures = 0;
    while (failures < BASIC_LINK_MAX_FAILED_CODES) {
      expect((await b.recipient.send('POST', '/api/otc/basic-online-result', {})).statusCode).toBe(200);
      const wrong = await b.wrongCode();
      for (let i = 0; i < PASSCODE_MAX_ATTEMPTS && failures < BASIC_LINK_MAX_FAILED_CODES; i++) {
        const r = await verify(wrong);
        answers.push([r.statusCode, r.json().backendCode as string]);
        failures += 1;
      }
      t.clock.advance(PASSCODE_REQUEST_WINDOW_MS);
    }
    expect(answers.slice(0, -1).every(([status]) => status === 400 || status === 403)).toBe(true);
    const brokenAnswer = failureOf(await new Browser(t).get('/api/access/shared-results/link/validate'));
    // The attempt that reaches the total, and everything after it, answers as any broken link.
    expect(answers.at(-1)).toEqual([404, 'SHARED_RESULT_LINK_INVALID']);
    expect(failureOf(await b.recipient.send('POST', '/api/otc/basic-online-result', {}))).toEqual(
      brokenAnswer,
    );
    expect(failureOf(await b.recipient.send('POST', '/api/access/shared-results/basic/check', {}))).toEqual(
      brokenAnswer,
    );
    const again = new Browser(t);
    await again.get(`/shared-basic?token=${b.token}`);
    expect(failureOf(await again.send('POST', '/api/access/shared-results/basic/check', {}))).toEqual(
      brokenAnswer,
    );
    // No more text messages go to the recipient's phone.
    const texts = await t.database.db
      .selectFrom('share_link_codes')
      .innerJoin('share_links', 'share_links.id', 'share_link_codes.link_id')
      .select('share_link_codes.id')
      .where('share_links.share_id', '=', b.shareId)
      .execute();
    expect(texts).toHaveLength(Math.ceil(BASIC_LINK_MAX_FAILED_CODES / PASSCODE_MAX_ATTEMPTS));

    // "Who can see my result" says the link locked, and when.
    const list = await b.applicant.get(`/api/results/${b.resultId}/shares`);
    expect(list.statusCode, list.body).toBe(200);
    const entry = (list.json() as { shares: Array<Record<string, unknown>> }).shares.find(
      (s) => s.shareId === b.shareId,
    );
    expect(entry).toMatchObject({ status: 'LOCKED', lockedOn: expect.any(String), canStop: false });
  });

  it('binds a link to the first browser that answers its challenge: anyone else with the email and the details is refused, the link already used (finding 5)', async () => {
    const s = await shared();
    const broken = failureOf(await new Browser(t).get('/api/access/shared-results/link/validate'));
    const used = {
      status: 410,
      body: expect.objectContaining({ backendCode: 'SHARED_RESULT_LINK_ALREADY_USED' }),
    };
    // Two browsers open the emailed link before either answers (the email forwarded, say).
    const first = await opened(s.token);
    const second = await opened(s.token);
    expect((await second.recipient.get('/api/access/shared-results/link/validate')).statusCode).toBe(200);

    const checked = await answer(first.recipient, s.dateOfBirth, s.applicationReference);
    expect(checked.statusCode, checked.body).toBe(200);
    const bound = checked.cookies.find((c) => c.name === 'dis-shared-link-browser')!;
    expect(bound.httpOnly).toBe(true);
    expect(bound.sameSite).toBe('Lax');
    expect(bound.maxAge).toBeGreaterThan((SHARED_LINK_VALID_DAYS * DAY_MS) / 1000 - 3600);
    // Only a keyed hash of the browser's secret is kept.
    const link = await t.database.db
      .selectFrom('share_links')
      .select('browser_hash')
      .where('share_id', '=', s.shareId)
      .executeTakeFirstOrThrow();
    expect(link.browser_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.browser_hash).not.toBe(bound.value);
    expect((await first.recipient.get(`/api/shared-results/${s.shareId}`)).statusCode).toBe(200);

    // The other browser, even with the right details: the link's use is spent (the expired page); any new
    // browser with the email goes to that page from the link and holds no session.
    expect(failureOf(await answer(second.recipient, s.dateOfBirth, s.applicationReference))).toEqual(used);
    expect(failureOf(await second.recipient.get('/api/access/shared-results/link/validate'))).toEqual(used);
    expect((await second.recipient.get(`/api/shared-results/${s.shareId}`)).statusCode).toBe(401);
    const third = await opened(s.token);
    expect(third.res.statusCode).toBe(303);
    expect(third.res.headers.location).toBe('/error?code=expired_link');
    expect(
      failureOf(await third.recipient.get(`/api/access/shared-results/link/validate?token=${s.token}`)),
    ).toEqual(used);
    expect(failureOf(await third.recipient.get('/api/access/shared-results/link/validate'))).toEqual(broken);
    expect(failureOf(await answer(third.recipient, s.dateOfBirth, s.applicationReference))).toEqual(broken);
    // A made-up browser cookie does not help either.
    third.recipient.cookies.set('dis-shared-link-browser', { value: 'B'.repeat(43), path: '/' });
    await third.recipient.get(`/before-you-continue?token=${s.token}`);
    expect(failureOf(await third.recipient.get('/api/access/shared-results/link/validate'))).toEqual(broken);

    // The first browser comes back after its session ended: the link opens, and the check is asked again.
    t.clock.advance(SHARED_LINK_SESSION_MS + 1000);
    expect((await first.recipient.get(`/api/shared-results/${s.shareId}?refresh=true`)).statusCode).toBe(401);
    const back = await first.recipient.get(`/before-you-continue?token=${s.token}`);
    expect(back.statusCode).toBe(303);
    expect((await first.recipient.get('/api/access/shared-results/link/validate')).statusCode).toBe(200);
    expect((await first.recipient.get(`/api/shared-results/${s.shareId}`)).statusCode).toBe(401);
    const again = await answer(first.recipient, s.dateOfBirth, s.applicationReference);
    expect(again.statusCode, again.body).toBe(200);
    // The binding is made once: no new browser secret.
    expect(again.cookies.find((c) => c.name === 'dis-shared-link-browser')).toBeUndefined();
    expect((await first.recipient.get(`/api/shared-results/${s.shareId}`)).statusCode).toBe(200);
    const refused = await auditEntries(t, 'shared_link.exchanged', 'refused');
    expect(refused.map((r) => r.detail)).toContainEqual({ shareId: s.shareId, reason: 'other_browser' });
  });

  it("a basic link through the spec's calls: check and send code with the token, the result by token and code", async () => {
    const b = await basicShared('jamie.basic@example.com');
    const client = new Browser(t);
    const check = await client.send('POST', '/api/access/shared-results/basic/check', { token: b.token });
    expect(okBody(check)).toEqual({ phoneNumber: '*******0458', phoneNumberEnding: '0458' });
    expect(check.body).not.toContain('07700900458');
    const sent = await client.send('POST', '/api/otc/basic-online-result', { token: b.token });
    expect(sent.statusCode, sent.body).toBe(200);
    const { code } = await basicLinkSmsCode(t, b.shareId);
    // A wrong code by this call is refused as the verify call refuses it.
    const wrong = await client.get(
      `/api/shared-results/basic/${b.token}/${code === '000000' ? '111111' : '000000'}`,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().backendCode).toBe('CODE_INVALID');
    const result = await client.get(`/api/shared-results/basic/${b.token}/${code}`);
    expect(okBody(result)).toMatchObject({ sharedResultId: b.shareId, viewingEndsAt: expect.any(String) });
    expect(result.cookies.find((c) => c.name === 'dis-shared-link-browser')?.httpOnly).toBe(true);
    // The code is used once.
    expect((await client.get(`/api/shared-results/basic/${b.token}/${code}`)).statusCode).toBe(400);
    expect(logged.join('')).not.toContain(b.token);
    // A made-up token: broken or replaced.
    const made = await new Browser(t).send('POST', '/api/access/shared-results/basic/check', {
      token: 'C'.repeat(43),
    });
    expect(made.statusCode).toBe(404);
    expect(made.json().backendCode).toBe('SHARED_RESULT_LINK_INVALID');
  });

  it('binds a basic link to the browser whose code was right (finding 5)', async () => {
    const b = await basicShared('morgan.basic@example.com');
    const other = new Browser(t);
    await other.get(`/shared-basic?token=${b.token}`);
    expect((await b.recipient.send('POST', '/api/otc/basic-online-result', {})).statusCode).toBe(200);
    const right = await b.recipient.send('POST', '/api/otc/basic-online-result/verify', {
      oneTimeCode: (await basicLinkSmsCode(t, b.shareId)).code,
    });
    expect(okBody(right)).not.toHaveProperty('binding');
    expect(right.cookies.find((c) => c.name === 'dis-shared-link-browser')?.httpOnly).toBe(true);
    const broken = failureOf(await new Browser(t).get('/api/access/shared-results/link/validate'));
    const used = {
      status: 410,
      body: expect.objectContaining({ backendCode: 'SHARED_RESULT_LINK_ALREADY_USED' }),
    };
    expect(failureOf(await other.send('POST', '/api/access/shared-results/basic/check', {}))).toEqual(used);
    expect(failureOf(await other.send('POST', '/api/otc/basic-online-result', {}))).toEqual(used);
    const late = new Browser(t);
    await late.get(`/shared-basic?token=${b.token}`);
    expect(failureOf(await late.send('POST', '/api/access/shared-results/basic/check', {}))).toEqual(broken);
    expect((await b.recipient.send('POST', '/api/access/shared-results/basic/check', {})).statusCode).toBe(
      200,
    );
  });
});
