import { afterEach, describe, expect, it } from 'vitest';
import { addWorkingDays, londonDate } from '@dis/domain';
import { RESULT_PRESET_NAMES } from '@dis/domain/contracts';
import { isScottishBankHoliday } from '../src/platform/working-days';
import {
  Browser,
  caseworkCall,
  customApplicant,
  DAY_MS,
  ENGINES,
  handOver,
  signedInApplicant,
  submittedApplication,
  type TestApp,
  postForm,
  withPeople,
  auditEntries,
  okBody,
  newApplicant,
} from './harness';

// The casework API (/internal/casework/*, bearer token) and the local casework page over it; the applicant's
// tracker that shows where a submitted application is.

describe.each(ENGINES)('casework API and tracker on $name', (engine) => {
  let t: TestApp, csg: Browser;
  let base: Date;
  withPeople(engine, {}, (s) => {
    ({ t, csg } = s);
    base = t.clock.now();
  });
  afterEach(() => t.clock.set(base));

  const calls = (outcome: string) => auditEntries(t, 'casework.call', outcome);

  it('refuses every call without its bearer token, and audits each call', async () => {
    const { applicationReference } = await submittedApplication(t, csg);
    const before = (await calls('refused')).length;
    for (const token of [null, 'wrong-token-of-the-same-sort-here', `${t.config.caseworkApiToken}x`]) {
      const res = await caseworkCall(
        t,
        'POST',
        `/internal/casework/applications/${applicationReference}/result`,
        { preset: 'clear-basic' },
        token,
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().backendCode).toBe('UNAUTHENTICATED');
    }
    expect(
      (await caseworkCall(t, 'GET', '/internal/casework/applications', undefined, null)).statusCode,
    ).toBe(401);
    expect((await calls('refused')).length).toBe(before + 4);
    // Nothing was issued.
    const listed = (
      await caseworkCall(t, 'GET', `/internal/casework/applications/${applicationReference}`)
    ).json();
    expect(listed).toMatchObject({
      reference: applicationReference,
      status: 'SUBMITTED',
      issuable: true,
      result: null,
    });
    const ok = await calls('success');
    expect(ok.at(-1)?.detail).toMatchObject({
      method: 'GET',
      route: '/internal/casework/applications/:reference',
      status: 200,
    });
    // A signed-in person's session is no token either.
    const res = await csg.request({ method: 'GET', url: '/internal/casework/applications' });
    expect(res.statusCode).toBe(401);
  });

  it('issues a result only for a submitted application, once, from a known preset with a fitting date', async () => {
    const handed = await handOver(t, csg);
    const notSubmitted = await caseworkCall(
      t,
      'POST',
      `/internal/casework/applications/${handed.applicationReference}/result`,
      {
        preset: 'clear-basic',
      },
    );
    expect(notSubmitted.statusCode).toBe(409);
    expect(notSubmitted.json().backendCode).toBe('APPLICATION_NOT_SUBMITTED');
    expect(notSubmitted.json().message).toMatch(/WITH_APPLICANT/);

    const unknown = await caseworkCall(t, 'POST', '/internal/casework/applications/NOPE-1/result', {
      preset: 'clear-basic',
    });
    expect(unknown.statusCode).toBe(404);

    const { applicationReference } = await submittedApplication(t, csg);
    const url = `/internal/casework/applications/${applicationReference}/result`;
    const badPreset = await caseworkCall(t, 'POST', url, { preset: 'everything' });
    expect(badPreset.statusCode).toBe(400);
    expect(badPreset.json().fieldErrors).toEqual({ preset: 'Select the result to issue' });
    const dateNotFitting = await caseworkCall(t, 'POST', url, {
      preset: 'level-2-cautions',
      scheduledPendingReleaseDate: '2099-01-01',
    });
    expect(dateNotFitting.statusCode).toBe(400);
    expect(Object.keys(dateNotFitting.json().fieldErrors)).toEqual(['scheduledPendingReleaseDate']);
    for (const date of [londonDate(t.clock.now()), '2026-02-30', 'soon']) {
      const res = await caseworkCall(t, 'POST', url, {
        preset: 'level-2-convictions',
        scheduledPendingReleaseDate: date,
      });
      expect(res.statusCode, date).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual(['scheduledPendingReleaseDate']);
    }
    // Refusals changed nothing.
    expect(
      (await caseworkCall(t, 'GET', `/internal/casework/applications/${applicationReference}`)).json().result,
    ).toBeNull();

    const issued = await caseworkCall(t, 'POST', url, { preset: 'level-2-convictions' });
    expect(okBody(issued)).toMatchObject({
      applicationReference,
      preset: 'level-2-convictions',
      disclosureTypeShortCode: 'LB',
      appealDecision: 'NOT_SET',
      releasedToOrganisationOn: null,
      // The default: the representations period of 28 working days.
      scheduledPendingReleaseDate: addWorkingDays(londonDate(t.clock.now()), 28, isScottishBankHoliday),
    });
    const again = await caseworkCall(t, 'POST', url, { preset: 'clear-basic' });
    expect(again.statusCode).toBe(409);
    expect(again.json().backendCode).toBe('APPLICATION_NOT_SUBMITTED');
    const audits = await auditEntries(t, 'result.issued');
    expect(audits.filter((a) => a.outcome === 'success').map((a) => a.detail)).toContainEqual(
      expect.objectContaining({
        applicationReference,
        preset: 'level-2-convictions',
        source: 'casework-api',
      }),
    );
    // The application shows RESULT_ISSUED to casework and cannot be terminated any more.
    const view = (
      await caseworkCall(t, 'GET', `/internal/casework/applications/${applicationReference}`)
    ).json();
    expect(view).toMatchObject({ status: 'RESULT_ISSUED', terminable: false, issuable: false });
    expect(
      (await caseworkCall(t, 'POST', `/internal/casework/applications/${applicationReference}/terminate`))
        .statusCode,
    ).toBe(409);
  });

  it('issues every preset, each readable by its applicant', async () => {
    for (const preset of RESULT_PRESET_NAMES) {
      const { applicationReference, applicant } = await submittedApplication(t, csg);
      const issued = await caseworkCall(
        t,
        'POST',
        `/internal/casework/applications/${applicationReference}/result`,
        {
          preset,
        },
      );
      expect(issued.statusCode, `${preset}: ${issued.body}`).toBe(200);
      const { resultId, disclosureTypeShortCode } = issued.json();
      const path =
        disclosureTypeShortCode === 'BD' ? `/api/results/basic/${resultId}` : `/api/results/${resultId}`;
      const read = await applicant.get(path);
      expect(read.statusCode, `${preset}: ${read.body}`).toBe(200);
    }
  });

  it('terminates through the API (moved from the applications module)', async () => {
    const handed = await handOver(t, csg);
    const res = await caseworkCall(
      t,
      'POST',
      `/internal/casework/applications/${handed.applicationReference}/terminate`,
    );
    expect(res.json()).toEqual({
      reference: handed.applicationReference,
      previousStatus: 'WITH_APPLICANT',
      status: 'TERMINATED',
    });
  });

  it('the tracker: received, checks under way, the expected date, a delay reason, then the result', async () => {
    const persona = customApplicant();
    const applicant = await signedInApplicant(t, persona);
    const { token, applicationReference } = await submittedApplication(t, csg, { applicant });
    const today = londonDate(t.clock.now());
    const progress = await applicant.get(`/api/draftApplications/${token}/progress`);
    expect(progress.json()).toEqual({
      applicationReference,
      stage: 'RECEIVED',
      receivedOn: today,
      expectedBy: addWorkingDays(today, 14, isScottishBankHoliday),
      processingAimWorkingDays: 14,
      delayReason: null,
      resultId: null,
      resultType: null,
    });
    // Someone else's application, or one not yet received: not found.
    const stranger = await newApplicant(t);
    expect((await stranger.get(`/api/draftApplications/${token}/progress`)).statusCode).toBe(404);
    const handed = await handOver(t, csg);
    await stranger.send('POST', '/api/draftApplications/link/applicant', { uuid: handed.linkId });
    expect((await stranger.get(`/api/draftApplications/${handed.token}/progress`)).statusCode).toBe(404);

    const delayUrl = `/internal/casework/applications/${applicationReference}/delay-reason`;
    const blank = await caseworkCall(t, 'POST', delayUrl, { reason: '  ' });
    expect(blank.json().fieldErrors).toEqual({ reason: 'Enter the reason for the delay' });
    const long = await caseworkCall(t, 'POST', delayUrl, { reason: 'x'.repeat(501) });
    expect(Object.keys(long.json().fieldErrors)).toEqual(['reason']);
    const saved = await caseworkCall(t, 'POST', delayUrl, {
      reason: 'We are waiting for information from another police force.',
    });
    expect(saved.statusCode).toBe(200);

    t.clock.advance(DAY_MS);
    const later = await signedInApplicant(t, persona);
    expect((await later.get(`/api/draftApplications/${token}/progress`)).json()).toMatchObject({
      stage: 'CHECKS_UNDER_WAY',
      receivedOn: today,
      delayReason: 'We are waiting for information from another police force.',
    });
    const issued = await caseworkCall(
      t,
      'POST',
      `/internal/casework/applications/${applicationReference}/result`,
      {
        preset: 'clear-basic',
      },
    );
    expect((await later.get(`/api/draftApplications/${token}/progress`)).json()).toMatchObject({
      stage: 'RESULT_ISSUED',
      delayReason: null,
      resultId: issued.json().resultId,
      resultType: 'BD',
    });
  });

  it('the local casework page issues a result with its form, shows errors in a GOV.UK error summary, and records decisions', async () => {
    const page = new Browser(t);
    const { applicationReference, applicant } = await submittedApplication(t, csg);
    const list = await page.get('/local/casework');
    expect(list.body).toContain(
      `Issue result<span class="govuk-visually-hidden"> for application ${applicationReference}</span>`,
    );
    const detailUrl = `/local/casework/applications/${applicationReference}`;
    const detail = await page.get(detailUrl);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain(
      '<legend class="govuk-fieldset__legend govuk-fieldset__legend--m">Result to issue</legend>',
    );
    expect(detail.body).toContain('Scheduled pending release date</legend>');
    expect(detail.body).toContain('>Issue result</button>');

    const missing = await postForm(page, `${detailUrl}/result`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toMatch(/<title>Error: /);
    expect(missing.body).toContain('<a href="#preset">Select the result to issue</a>');
    const badDate = await postForm(page, `${detailUrl}/result`, {
      preset: 'level-2-convictions',
      releaseDay: '31',
      releaseMonth: '2',
      releaseYear: '2030',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain('<a href="#releaseDay">Enter a real scheduled pending release date</a>');

    const future = new Date(t.clock.now().getTime() + 40 * DAY_MS);
    const issued = await postForm(page, `${detailUrl}/result`, {
      preset: 'level-2-convictions',
      releaseDay: String(future.getUTCDate()),
      releaseMonth: String(future.getUTCMonth() + 1),
      releaseYear: String(future.getUTCFullYear()),
    });
    expect(issued.statusCode, issued.body).toBe(303);
    expect(issued.headers.location).toBe(`${detailUrl}?done=issued`);
    const after = await page.get(String(issued.headers.location));
    expect(after.body).toContain(`A result has been issued for application ${applicationReference}`);
    expect(after.body).toContain(future.toISOString().slice(0, 10));

    // The applicant intends to appeal; the page then offers the outcome.
    const { summaries } = (await applicant.get('/api/applicant-results-summary')).json();
    await applicant.send('POST', `/api/results/${summaries[0].resultId}/intend-to-appeal`);
    expect((await page.get(detailUrl)).body).toContain('Appeal outcome</legend>');
    const noOutcome = await postForm(page, `${detailUrl}/appeal-outcome`, {});
    expect(noOutcome.body).toContain('<a href="#outcome">Select the appeal outcome</a>');
    const recorded = await postForm(page, `${detailUrl}/appeal-outcome`, {
      outcome: 'CONVICTIONS_UNCHANGED',
    });
    expect(recorded.statusCode).toBe(303);
    expect((await page.get(detailUrl)).body).not.toContain('Appeal outcome</legend>');
  });
});
