import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { FakeClock, isAdjustableClock, OffsetClock, systemClock } from '../src/platform/clock';
import {
  applicantAnswers,
  Browser,
  DAY_MS,
  ENGINES,
  handOver,
  newDraft,
  ORIGIN,
  signedInApplicant,
  type TestApp,
  postForm,
  withPeople,
  signedOut,
  APPLICANT_PAYS_BY_CARD,
  auditEntries,
  applicationRow,
  withTestApp,
} from './harness';

// The local casework stand-in (/local/casework: terminate a sent application) and the local service clock
// (/local/clock: move the service's time forward and run the jobs that fall due). Local services only.

const terminate = (browser: Browser, reference: string) =>
  postForm(browser, '/local/casework/terminate', { reference });

const moveClock = (browser: Browser, days: string) => postForm(browser, '/local/clock', { days });

/** The casework page's row for a reference (its HTML), or undefined when not listed. */
async function caseworkRow(browser: Browser, reference: string): Promise<string | undefined> {
  const page = await browser.get('/local/casework');
  expect(page.statusCode).toBe(200);
  return page.body.split('<tr class="govuk-table__row">').find((row) => row.includes(`>${reference}<`));
}

function expectErrorPage(res: LightMyRequestResponse, status: number, message: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.body).toMatch(/<title>Error: /);
  expect(res.body).toContain('govuk-error-summary');
  expect(res.body).toMatch(message);
}

const summaryOf = async (browser: Browser, id: string) =>
  (
    (await browser.get('/api/draftApplications/applicant-applications-summary?pageSize=30')).json() as {
      summaries: Array<{ id: string; status: string; daysRemaining: number | null }>;
    }
  ).summaries.find((s) => s.id === id);

describe.each(ENGINES)('local casework and service clock on $name', (engine) => {
  let t: TestApp, csg: Browser, casework: Browser;
  withPeople(engine, { casework: signedOut }, (s) => ({ t, csg, casework } = s));

  it('terminates a handed-over application for good: audited, TERMINATED for the applicant, no more changes', async () => {
    // The organisation chose "the applicant pays", so the applicant's declaration leaves a card payment due.
    const { token, applicationReference, linkId } = await handOver(t, csg, 'LB', APPLICANT_PAYS_BY_CARD);
    const alex = await signedInApplicant(t);
    expect(
      (await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId })).statusCode,
    ).toBe(200);
    const base = `/api/draftApplications/${token}`;
    expect((await alex.send('PUT', `${base}/applicant`, applicantAnswers(t.clock.now()))).statusCode).toBe(
      200,
    );
    expect((await alex.send('POST', `${base}/submitted`, { agreed: true })).json()).toMatchObject({
      cardPaymentRequired: true,
    });

    // Listed with its organisation, applicant and a Terminate button.
    const listed = await caseworkRow(casework, applicationReference);
    expect(listed).toContain('Northfield Community Care');
    expect(listed).toContain('Alex Morgan');
    expect(listed).toContain('With applicant');
    expect(listed).toContain(
      `Terminate<span class="govuk-visually-hidden"> application ${applicationReference}`,
    );

    const res = await terminate(casework, applicationReference);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`/local/casework?terminated=${applicationReference}`);
    const after = await casework.get(String(res.headers.location));
    expect(after.body).toContain(`Application ${applicationReference} has been terminated`);
    const row = await caseworkRow(casework, applicationReference);
    expect(row).toContain('Terminated');
    expect(row).not.toContain('Terminate<');

    const stored = await applicationRow(t, token);
    expect(stored.status).toBe('TERMINATED');
    expect(new Date(stored.status_last_changed).getTime()).toBe(t.clock.now().getTime());
    const audit = await auditEntries(t, 'application.terminated', 'success');
    expect(audit.map((a) => a.detail)).toContainEqual({
      applicationReference,
      previousStatus: 'WITH_APPLICANT',
      source: 'local-casework',
    });

    // The applicant sees it terminated (with its days-left text) and can change nothing.
    expect(await summaryOf(alex, token)).toMatchObject({ status: 'TERMINATED', daysRemaining: 14 });
    expect((await alex.get(base)).json().status).toBe('TERMINATED');
    const save = await alex.send('PUT', `${base}/applicant`, { mothersMaidenName: 'Jones' });
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toBe('This application has been terminated');
    // Already declared: the submit answers as before (idempotent) and changes nothing.
    const submit = await alex.send('POST', `${base}/submitted`, { agreed: true });
    expect(submit.json()).toMatchObject({ status: 'TERMINATED' });
    const pay = await alex.send('POST', `${base}/payment`, {
      returnUrl: '/applicant-apply/level-2/payment/redirect',
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe('This application has been terminated');
    expect(await t.database.db.selectFrom('payments').where('application_id', '=', token).execute()).toEqual(
      [],
    );
    expect((await applicationRow(t, token)).status).toBe('TERMINATED');
    // The link again: the applicant goes to the dashboard (status is not READY_TO_START).
    const link = await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId });
    expect(link.json()).toMatchObject({ status: 'TERMINATED', draftApplicationToken: token });

    // The organisation sees it terminated too.
    const org = (await csg.get('/ags/disclosure-summaries?pageSize=100')).json();
    expect(org.summaries.find((s: { id: string }) => s.id === token)).toMatchObject({ status: 'TERMINATED' });

    // Once terminated, it cannot be terminated again (refused and audited).
    expectErrorPage(
      await terminate(casework, applicationReference),
      409,
      /cannot be terminated: its status is TERMINATED/,
    );
    const refused = await auditEntries(t, 'application.terminated', 'refused');
    expect(refused.map((a) => a.detail)).toContainEqual(
      expect.objectContaining({ applicationReference, reason: 'not_terminable', status: 'TERMINATED' }),
    );
  });

  it('terminates a submitted application, and one that is not yet linked (the link then shows it terminated)', async () => {
    const submitted = await handOver(t, csg);
    const alex = await signedInApplicant(t);
    await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: submitted.linkId });
    const base = `/api/draftApplications/${submitted.token}`;
    await alex.send('PUT', `${base}/applicant`, applicantAnswers(t.clock.now()));
    // The organisation pays by invoice: the declaration submits at once.
    expect((await alex.send('POST', `${base}/submitted`, { agreed: true })).json().status).toBe('SUBMITTED');
    expect((await terminate(casework, submitted.applicationReference)).statusCode).toBe(303);
    expect(await summaryOf(alex, submitted.token)).toMatchObject({ status: 'TERMINATED' });

    const unlinked = await handOver(t, csg);
    expect((await terminate(casework, unlinked.applicationReference)).statusCode).toBe(303);
    const link = await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: unlinked.linkId });
    expect(link.statusCode).toBe(200);
    expect(link.json()).toMatchObject({ status: 'TERMINATED' });
    expect(await summaryOf(alex, unlinked.token)).toMatchObject({ status: 'TERMINATED' });
    expect(
      (await alex.send('PUT', `/api/draftApplications/${unlinked.token}/applicant`, { gender: 'M' }))
        .statusCode,
    ).toBe(409);
    const submit = await alex.send('POST', `/api/draftApplications/${unlinked.token}/submitted`, {
      agreed: true,
    });
    expect(submit.statusCode).toBe(409);
    expect(submit.json().message).toBe('This application has been terminated');
  });

  it('lists only sent applications and refuses what casework cannot terminate', async () => {
    // An organisation's draft and an applicant's own undeclared draft are still being filled in.
    const draft = await newDraft(csg);
    const alex = await signedInApplicant(t);
    const own = await newDraft(alex, 'LA');
    for (const reference of [draft.applicationReference, own.applicationReference]) {
      expect(await caseworkRow(casework, reference)).toBeUndefined();
      expectErrorPage(await terminate(casework, reference), 404, /No sent application has the reference/);
    }
    expectErrorPage(await terminate(casework, 'DS-00000-00000'), 404, /No sent application/);
    expectErrorPage(await terminate(casework, '<script>'), 400, /Choose an application to terminate/);
    expect(
      (
        await t.database.db
          .selectFrom('applications')
          .select('status')
          .where('id', 'in', [draft.draftApplicationToken, own.draftApplicationToken])
          .execute()
      )
        .map((r) => r.status)
        .sort(),
    ).toEqual(['DRAFT', 'READY_TO_START']);

    // Once the applicant has declared (a card payment still due), their own application is sent.
    await alex.send(
      'PUT',
      `/api/draftApplications/${own.draftApplicationToken}/applicant`,
      applicantAnswers(t.clock.now()),
    );
    await alex.send('POST', `/api/draftApplications/${own.draftApplicationToken}/submitted`, {
      agreed: true,
    });
    expect(await caseworkRow(casework, own.applicationReference)).toContain(
      'None (started by the applicant)',
    );

    // A result status is the disclosure body's answer: not terminable.
    const result = await handOver(t, csg);
    await t.database.db
      .updateTable('applications')
      .set({ status: 'RESULT_READY' })
      .where('id', '=', result.token)
      .execute();
    expect(await caseworkRow(casework, result.applicationReference)).not.toContain('Terminate<');
    expectErrorPage(
      await terminate(casework, result.applicationReference),
      409,
      /its status is RESULT_READY/,
    );
    expect((await applicationRow(t, result.token)).status).toBe('RESULT_READY');

    // A form post from another site is refused.
    const forged = await postForm(
      casework,
      '/local/casework/terminate',
      { reference: own.applicationReference },
      { origin: 'https://evil.example' },
    );
    expect(forged.statusCode).toBe(403);
  });

  it('the clock page moves the service clock forward, runs due jobs, and handed-over applications expire', async () => {
    const linked = await handOver(t, csg);
    const waiting = await handOver(t, csg);
    const persona = 'applicant-verified';
    let alex = await signedInApplicant(t, persona);
    await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: linked.linkId });
    await t.jobs.enqueue('applications.expire', {}, { unique: true });

    const page = await casework.get('/local/clock');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Service clock');
    expect(page.body).toContain('How many days do you want to move the clock forward?');

    // Whole days from 1 to 60 only; the clock stays where it is.
    const before = t.clock.now().getTime();
    for (const [days, message] of [
      ['', /Enter the number of days to move the clock forward/],
      ['abc', /must be a whole number/],
      ['1.5', /must be a whole number/],
      ['-3', /must be a whole number/],
      ['0', /must be between 1 and 60/],
      ['61', /must be between 1 and 60/],
    ] as const) {
      const res = await moveClock(casework, days);
      expectErrorPage(res, 400, message);
      expect(res.body).toContain('href="#days"');
      expect(res.body).toContain('govuk-input--error');
    }
    expect(t.clock.now().getTime()).toBe(before);

    const moved = await moveClock(casework, '15');
    expect(moved.statusCode, moved.body).toBe(303);
    expect(String(moved.headers.location)).toMatch(/^\/local\/clock\?moved=15&jobs=[1-9]\d*$/);
    expect(t.clock.now().getTime()).toBe(before + 15 * DAY_MS);
    expect((await casework.get(String(moved.headers.location))).body).toContain(
      'The clock has moved forward by 15 days',
    );

    // The expiry job ran at once: both are EXPIRED for good.
    expect((await applicationRow(t, linked.token)).status).toBe('EXPIRED');
    expect((await applicationRow(t, waiting.token)).status).toBe('EXPIRED');

    // The old session timed out; signed in again, the applicant sees EXPIRED and the links answer 410.
    expect((await alex.get('/api/draftApplications/applicant-applications-summary')).statusCode).toBe(401);
    alex = await signedInApplicant(t, persona);
    expect(await summaryOf(alex, linked.token)).toMatchObject({ status: 'EXPIRED' });
    expect((await alex.get(`/api/draftApplications/${waiting.linkId}/handover`)).statusCode).toBe(410);
    const link = await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: waiting.linkId });
    expect(link.statusCode).toBe(410);
    expect(link.json().backendCode).toBe('APPLICATION_EXPIRED');

    // Expired is not terminable.
    expect(await caseworkRow(casework, linked.applicationReference)).toContain('Expired');
    expectErrorPage(await terminate(casework, linked.applicationReference), 409, /its status is EXPIRED/);
  });
});

describe.each(ENGINES)('with the local services off on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app), { LOCAL_SERVICES: 'false' });

  it('neither the casework page nor the clock page exists', async () => {
    const browser = new Browser(t);
    for (const url of ['/local/casework', '/local/clock']) {
      expect((await browser.get(url)).statusCode, url).toBe(404);
    }
    const before = t.clock.now().getTime();
    for (const [url, fields] of [
      ['/local/clock', { days: '15' }],
      ['/local/casework/terminate', { reference: 'DS-00000-00000' }],
    ] as const) {
      const res = await postForm(browser, url, fields);
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      const json = await browser.request({
        method: 'POST',
        url,
        payload: JSON.stringify(fields),
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(json.statusCode, url).toBe(404);
    }
    expect(t.clock.now().getTime()).toBe(before);
    expect(t.routes.some((r) => r.url.startsWith('/local/'))).toBe(false);
  });
});

describe('OffsetClock (the local service clock)', () => {
  it('is the real time plus an offset that only grows', () => {
    const base = new FakeClock('2026-03-01T10:00:00Z');
    const clock = new OffsetClock(base);
    expect(clock.now().toISOString()).toBe('2026-03-01T10:00:00.000Z');
    clock.advance(15 * DAY_MS);
    base.advance(60_000);
    expect(clock.now().toISOString()).toBe('2026-03-16T10:01:00.000Z');
    expect(clock.offsetMs).toBe(15 * DAY_MS);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(isAdjustableClock(clock)).toBe(true);
    expect(isAdjustableClock(systemClock)).toBe(false);
  });
});
