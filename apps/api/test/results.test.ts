import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addUtcDays,
  addWorkingDays,
  londonDate,
  REPRESENTATIONS_WORKING_DAYS,
  shareWindowEndsAt,
} from '@dis/domain';
import { isScottishBankHoliday } from '../src/platform/working-days';
import { MESSAGE_FIELDS } from '../src/modules/outbox/service';
import {
  Browser,
  caseworkCall,
  customApplicant,
  DAY_MS,
  ENGINES,
  issuedResult,
  signedInApplicant,
  signedInCsg,
  type TestApp,
  withPeople,
  asCsg,
  asApplicant,
  notifyMessage,
  auditEntries,
  okBody,
} from './harness';

/** The personalisation the local Notify was sent (stored as JSON, or as an object by the driver). */
const personalisationOf = (row: { personalisation: unknown }): Record<string, string> =>
  (typeof row.personalisation === 'string' ? JSON.parse(row.personalisation) : row.personalisation) as Record<
    string,
    string
  >;

// Results on the server: applicants read their results under the time rules, appeal or release,
// ask for a review; organisations see what was released to them. The casework API issues the results.

const MINUTE_MS = 60 * 1000;

function expectRefused(res: LightMyRequestResponse, status: number, backendCode: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().backendCode).toBe(backendCode);
}

/** Each of the applicant's appeal `actions` on a result (`release`, `intend-to-appeal`) refused as not allowed. */
async function expectAppealRefused(applicant: Browser, resultId: string, ...actions: string[]) {
  for (const action of actions) {
    expectRefused(
      await applicant.send('POST', `/api/results/${resultId}/${action}`),
      409,
      'APPEAL_NOT_ALLOWED',
    );
  }
}

describe.each(ENGINES)('results on $name', (engine) => {
  let t: TestApp, csg: Browser, otherOrg: Browser, stranger: Browser;
  withPeople(
    engine,
    { otherOrg: asCsg('csg-other-org'), stranger: asApplicant(customApplicant()) },
    (s) => ({ t, csg, otherOrg, stranger } = s),
  );
  // Tests that move the clock put it back, even when they fail, so the shared sessions stay alive.
  let base: Date;
  beforeAll(() => {
    base = t.clock.now();
  });
  afterEach(() => t.clock.set(base));

  /** A new verified applicant who can sign in again (the same person) after the clock has moved. */
  async function person() {
    const persona = customApplicant();
    return {
      persona,
      applicant: await signedInApplicant(t, persona),
      again: () => signedInApplicant(t, persona),
    };
  }

  const resultRow = (id: string) =>
    t.database.db.selectFrom('results').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = (event: string) => auditEntries(t, event);

  it('issues a result the applicant is told about, reads every section of it and records the first view', async () => {
    const { applicant, resultId, applicationReference, token } = await issuedResult(
      t,
      csg,
      'level-2-cautions',
    );
    const email = await notifyMessage(t, applicationReference, 'local-template-result-ready');
    expect(email.to_address).toBe('alex.morgan@example.com');
    expect(email.body).not.toContain('Vandalism');
    // Only the fields its template uses: nothing about a review (issue 29 item 15).
    expect(Object.keys(personalisationOf(email)).sort()).toEqual([...MESSAGE_FIELDS['result-ready']].sort());

    // The dashboard row carries the result and the applicant's status.
    const rows = (await applicant.get('/api/draftApplications/applicant-applications-summary')).json();
    expect(rows.summaries[0]).toMatchObject({
      id: token,
      status: 'RESULT_READY',
      resultId,
      resultType: 'LB',
    });
    const summary = (await applicant.get('/api/applicant-results-summary')).json();
    expect(summary).toMatchObject({
      totalElements: 1,
      summaries: [{ resultId, applicationReference, viewedStatus: 'NOT_VIEWED', status: 'RESULT_READY' }],
    });

    const res = await applicant.get(`/api/results/${resultId}`);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({
      resultId,
      applicationReference,
      disclosureTypeShortCode: 'LB',
      name: 'Alex Morgan',
      dateOfBirth: '1990-04-12',
      address: { line1: '1 Harbour Wynd', town: 'Edinburgh', postcode: 'EH6 6AA' },
      viewedStatus: 'VIEWED',
      status: 'RESULT_VIEWED',
      channel: 'O',
      appealDecision: 'NOT_SET',
      appealQuestion: false,
      shareable: true,
      shareAllowedNow: true,
      daysRemaining: 14,
      higherLevelResultInformation: {
        positionAppliedFor: 'Care worker',
        csgOrganisationName: 'Northfield Community Care (Organisation A)',
      },
      vettingInformation: {
        convictions: [],
        cautions: [
          expect.objectContaining({ policeForce: 'Police Scotland', offences: ['Vandalism'] }),
          expect.anything(),
        ],
        higherLevelVettingInformation: {
          prescribedCourtOrders: [expect.stringContaining('Non-harassment order')],
          oriList: [expect.objectContaining({ isUkOri: true })],
          hasUkOri: true,
        },
      },
    });
    expect(result.resultViewedOn).toBe(t.clock.now().toISOString());
    // The first view stays the first view.
    t.clock.advance(MINUTE_MS);
    expect((await applicant.get(`/api/results/${resultId}`)).json().resultViewedOn).toBe(
      result.resultViewedOn,
    );
    t.clock.advance(-MINUTE_MS);
    expect((await applicant.get('/api/applicant-results-summary')).json().summaries[0].status).toBe(
      'RESULT_VIEWED',
    );

    // At rest the content is sealed: nothing of it in the clear, and the facts are columns.
    const sealed = await t.database.db
      .selectFrom('result_contents')
      .selectAll()
      .where('result_id', '=', resultId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(sealed)).not.toMatch(/Vandalism|Alex|Harbour/);
    expect(sealed.key_id).toBe('dev');
    expect((await resultRow(resultId)).first_viewed_at).not.toBeNull();
    const views = await auditOf('result.viewed');
    expect(views.filter((v) => (v.detail as { resultId?: string }).resultId === resultId).length).toBe(2);
    expect(JSON.stringify(views)).not.toContain('Alex');
  });

  it('another applicant and another organisation get not found for each result', async () => {
    const { resultId, csg: _csg } = { ...(await issuedResult(t, csg, 'level-2-cautions')), csg };
    void _csg;
    for (const path of [`/api/results/${resultId}`, `/api/results/basic/${resultId}`]) {
      expectRefused(await stranger.get(path), 404, 'NOT_FOUND');
    }
    for (const action of ['intend-to-appeal', 'release', 'request-review']) {
      expectRefused(await stranger.send('POST', `/api/results/${resultId}/${action}`), 404, 'NOT_FOUND');
    }
    expectRefused(await otherOrg.get(`/api/organisation/RB2002/results/${resultId}`), 404, 'NOT_FOUND');
    expectRefused(await otherOrg.get(`/api/organisation/RB1001/results/${resultId}`), 404, 'NOT_FOUND');
    expect((await otherOrg.get('/api/organisation/RB2002/results-summary')).json().summaries).toEqual([]);
    expectRefused(await otherOrg.get('/api/organisation/RB1001/results-summary'), 404, 'NOT_FOUND');
    // Not a result id at all, or unknown: the same answer.
    expectRefused(await stranger.get('/api/results/not-a-uuid'), 404, 'NOT_FOUND');
    expectRefused(await stranger.get(`/api/results/${crypto.randomUUID()}`), 404, 'NOT_FOUND');
    // The right organisation sees it.
    expect((await csg.get(`/api/organisation/RB1001/results/${resultId}`)).statusCode).toBe(200);
  });

  it('keeps a result viewable for 14 days after the first view, then answers "no longer available"', async () => {
    const who = await person();
    const { resultId } = await issuedResult(t, csg, 'pvg-under-consideration', { applicant: who.applicant });
    // Before the first view no time runs.
    t.clock.advance(20 * DAY_MS);
    let applicant = await who.again();
    const first = await applicant.get(`/api/results/${resultId}`);
    expect(first.statusCode).toBe(200);
    const viewedAt = new Date(first.json().resultViewedOn).getTime();
    expect(first.json().viewableUntil).toBe(new Date(viewedAt + 14 * DAY_MS).toISOString());
    t.clock.set(new Date(viewedAt + 14 * DAY_MS - 10 * MINUTE_MS));
    applicant = await who.again();
    t.clock.set(new Date(viewedAt + 14 * DAY_MS - 1));
    expect((await applicant.get(`/api/results/${resultId}`)).statusCode).toBe(200);
    t.clock.set(new Date(viewedAt + 14 * DAY_MS));
    const gone = await applicant.get(`/api/results/${resultId}`);
    expectRefused(gone, 410, 'RESULT_VIEWING_EXPIRED');
    expect(gone.json().message).toBe('This result is no longer available to view');
  });

  it('lets a basic result be read for 15 minutes from opening, counted by the server', async () => {
    const { applicant, resultId, token } = await issuedResult(t, csg, 'clear-basic');
    const row = (await applicant.get('/api/draftApplications/applicant-applications-summary')).json()
      .summaries;
    expect(row.find((s: { id: string }) => s.id === token)).toMatchObject({ resultId, resultType: 'BD' });
    expectRefused(await applicant.get(`/api/results/${resultId}`), 404, 'NOT_FOUND');
    const start = t.clock.now().getTime();
    const opened = await applicant.get(`/api/results/basic/${resultId}`);
    expect(okBody(opened)).toMatchObject({
      disclosureTypeShortCode: 'BD',
      vettingInformation: { noConvictionsCautions: true, higherLevelVettingInformation: null },
      higherLevelResultInformation: null,
      basicViewing: {
        openedAt: new Date(start).toISOString(),
        expiresAt: new Date(start + 15 * MINUTE_MS).toISOString(),
        remainingMs: 15 * MINUTE_MS,
      },
    });
    t.clock.advance(15 * MINUTE_MS - 1);
    const last = await applicant.get(`/api/results/basic/${resultId}`);
    expect(last.json().basicViewing).toMatchObject({
      openedAt: new Date(start).toISOString(),
      remainingMs: 1,
    });
    t.clock.advance(1);
    expectRefused(await applicant.get(`/api/results/basic/${resultId}`), 410, 'BASIC_RESULT_TIMED_OUT');
    // A basic result is the applicant's only: never shown to the organisation.
    expectRefused(await csg.get(`/api/organisation/RB1001/results/${resultId}`), 404, 'NOT_FOUND');
    // And a higher-level result is not read through the basic page.
    const higher = await issuedResult(t, csg, 'level-2-cautions');
    expectRefused(await higher.applicant.get(`/api/results/basic/${higher.resultId}`), 404, 'NOT_FOUND');
  });

  it('closes the share window when the share expiry date plus one day has passed (UTC)', async () => {
    const who = await person();
    const { resultId } = await issuedResult(t, csg, 'level-2-cautions', { applicant: who.applicant });
    const result = (await who.applicant.get(`/api/results/${resultId}`)).json();
    const dateOfIssue = londonDate(t.clock.now());
    expect(result.dateOfIssue).toBe(dateOfIssue);
    const end = shareWindowEndsAt(result.shareExpiryDate).getTime();
    expect(result.shareWindowEndsAt).toBe(new Date(end).toISOString());
    t.clock.set(new Date(end - 10 * MINUTE_MS));
    const applicant = await who.again();
    t.clock.set(new Date(end - 1));
    expect((await applicant.get(`/api/results/${resultId}`)).json()).toMatchObject({
      shareWindowOpen: true,
      shareAllowedNow: true,
    });
    t.clock.set(new Date(end));
    // The answer says the window has closed (the page shows the expired note from this, not its own clock).
    expect((await applicant.get(`/api/results/${resultId}`)).json()).toMatchObject({
      shareable: true,
      shareWindowOpen: false,
      shareAllowedNow: false,
    });
  });

  it('after the share window a release answers not shareable (the page ends on release success)', async () => {
    const who = await person();
    const { resultId } = await issuedResult(t, csg, 'level-2-convictions', { applicant: who.applicant });
    const result = (await who.applicant.get(`/api/results/${resultId}`)).json();
    expect(result).toMatchObject({ shareable: true, shareWindowOpen: true, appealQuestion: true });
    t.clock.set(new Date(new Date(result.shareWindowEndsAt).getTime() + MINUTE_MS));
    const applicant = await who.again();
    expect((await applicant.get(`/api/results/${resultId}`)).json()).toMatchObject({
      shareWindowOpen: false,
      appealQuestion: true,
    });
    const released = await applicant.send('POST', `/api/results/${resultId}/release`);
    expect(okBody(released)).toMatchObject({ appealDecision: 'WONT_APPEAL', shareable: false });
    expect((await applicant.get(`/api/results/${resultId}`)).json()).toMatchObject({
      appealDecision: 'WONT_APPEAL',
      shareWindowOpen: false,
      shareAllowedNow: false,
    });
  });

  describe('appeals', () => {
    const snapshot = async (id: string) => {
      const row = await resultRow(id);
      return {
        appeal_decision: row.appeal_decision,
        released: row.released_to_organisation_at,
        outcome: row.appeal_outcome,
      };
    };

    it('holds the result back while an appeal is intended; release only after the outcome; nothing undoes it', async () => {
      const { applicant, resultId, token } = await issuedResult(t, csg, 'level-2-convictions');
      const result = (await applicant.get(`/api/results/${resultId}`)).json();
      expect(result).toMatchObject({
        appealQuestion: true,
        shareAllowedNow: false,
        appealDecision: 'NOT_SET',
      });
      expect(result.appealDeadline < result.scheduledPendingReleaseDate).toBe(true);
      // Held back from the organisation: RESULT_ISSUED on its dashboard, not in its results, not readable.
      const orgRow = async () =>
        (await csg.get('/ags/disclosure-summaries?pageSize=100'))
          .json()
          .summaries.find((s: { id: string }) => s.id === token);
      expect(await orgRow()).toMatchObject({ status: 'RESULT_ISSUED', resultId });
      expectRefused(await csg.get(`/api/organisation/RB1001/results/${resultId}`), 404, 'NOT_FOUND');
      const listed = (await csg.get('/api/organisation/RB1001/results-summary')).json().summaries;
      expect(listed.some((r: { resultId: string }) => r.resultId === resultId)).toBe(false);

      const intended = await applicant.send('POST', `/api/results/${resultId}/intend-to-appeal`);
      expect(intended.json()).toEqual({
        appealDecision: 'INTENDS_TO_APPEAL',
        scheduledPendingReleaseDate: result.scheduledPendingReleaseDate,
        appealDeadline: result.appealDeadline,
      });
      const held = await snapshot(resultId);
      await expectAppealRefused(applicant, resultId, 'intend-to-appeal');
      const early = await applicant.send('POST', `/api/results/${resultId}/release`);
      expectRefused(early, 409, 'APPEAL_NOT_ALLOWED');
      expect(early.json().message).toMatch(/held back until the outcome/);
      expect(await snapshot(resultId)).toEqual(held);
      expect(await orgRow()).toMatchObject({ status: 'RESULT_ISSUED' });

      // Casework records the outcome (once); the conviction the sheriff removed leaves the result.
      const outcome = await caseworkCall(t, 'POST', `/internal/casework/results/${resultId}/appeal-outcome`, {
        outcome: 'CONVICTIONS_REMOVED',
      });
      expect(outcome.json()).toEqual({ resultId, appealOutcome: 'CONVICTIONS_REMOVED' });
      const again = await caseworkCall(t, 'POST', `/internal/casework/results/${resultId}/appeal-outcome`, {
        outcome: 'CONVICTIONS_UNCHANGED',
      });
      expectRefused(again, 409, 'CASEWORK_NOT_ALLOWED');
      const after = (await applicant.get(`/api/results/${resultId}`)).json();
      expect(after.vettingInformation.convictions.map((c: { appealable: boolean }) => c.appealable)).toEqual([
        false,
      ]);
      expect(after.appealOutcome).toBe('CONVICTIONS_REMOVED');

      const released = await applicant.send('POST', `/api/results/${resultId}/release`);
      expect(released.json()).toMatchObject({ appealDecision: 'APPEAL_RELEASED', shareable: true });
      const done = await snapshot(resultId);
      await expectAppealRefused(applicant, resultId, 'release', 'intend-to-appeal');
      expect(await snapshot(resultId)).toEqual(done);
      expect((await applicant.get(`/api/results/${resultId}`)).json().shareAllowedNow).toBe(true);

      // Now the organisation has it: not viewed, then viewed once it opens it.
      expect(await orgRow()).toMatchObject({ status: 'RESULT_READY' });
      const org = await csg.get(`/api/organisation/RB1001/results/${resultId}`);
      expect(okBody(org)).toMatchObject({ resultId, status: 'RESULT_VIEWED' });
      expect(await orgRow()).toMatchObject({ status: 'RESULT_VIEWED' });
      const audits = (await auditOf('result.released')).filter(
        (a) => (a.detail as { resultId?: string }).resultId === resultId,
      );
      expect(audits.map((a) => a.outcome).sort()).toEqual(['refused', 'refused', 'success']);
    });

    it('"no" releases at once as wont-appeal; intent is then refused; the job never touches it', async () => {
      const { applicant, resultId } = await issuedResult(t, csg, 'level-2-convictions');
      const released = await applicant.send('POST', `/api/results/${resultId}/release`);
      expect(released.json()).toMatchObject({ appealDecision: 'WONT_APPEAL', shareable: true });
      const done = await snapshot(resultId);
      await expectAppealRefused(applicant, resultId, 'intend-to-appeal');
      expectRefused(
        await caseworkCall(t, 'POST', `/internal/casework/results/${resultId}/appeal-outcome`, {
          outcome: 'CONVICTIONS_UNCHANGED',
        }),
        409,
        'CASEWORK_NOT_ALLOWED',
      );
      expect(await snapshot(resultId)).toEqual(done);
    });

    it('has no question and nothing to release without an appealable conviction', async () => {
      const { applicant, resultId } = await issuedResult(t, csg, 'level-2-cautions');
      const before = await snapshot(resultId);
      expect(before.released).not.toBeNull();
      await expectAppealRefused(applicant, resultId, 'intend-to-appeal', 'release');
      expect(await snapshot(resultId)).toEqual(before);
    });

    it('the release job releases on the scheduled date exactly once with two workers polling, an intended appeal too', async () => {
      const start = t.clock.now();
      const tomorrow = addUtcDays(londonDate(start), 1);
      const who = await person();
      const due = await issuedResult(t, csg, 'level-2-convictions', {
        scheduledPendingReleaseDate: tomorrow,
        applicant: who.applicant,
      });
      const appealing = await issuedResult(t, csg, 'level-2-convictions', {
        scheduledPendingReleaseDate: tomorrow,
      });
      await appealing.applicant.send('POST', `/api/results/${appealing.resultId}/intend-to-appeal`);
      expect((await due.applicant.get(`/api/results/${due.resultId}`)).json().appealDeadline).toBe(
        londonDate(start),
      );
      // The organisation's list is read with the clock at the start (its session is of that day).
      const orgRow = async (token: string) =>
        (await csg.get('/ags/disclosure-summaries?pageSize=100'))
          .json()
          .summaries.find((s: { id: string }) => s.id === token);
      const releasesOf = async (id: string) =>
        (await auditOf('result.released')).filter((a) => (a.detail as { resultId?: string }).resultId === id);
      expect(await orgRow(appealing.token)).toMatchObject({ status: 'RESULT_ISSUED' });

      // The moment before the date: both held back, however many workers poll.
      t.clock.set(new Date(Date.parse(`${tomorrow}T00:00:00Z`) - 1));
      await t.jobs.enqueue('results.release');
      await t.jobs.enqueue('results.release');
      await Promise.all([t.jobs.runDue(), t.jobs.runDue()]);
      expect((await snapshot(due.resultId)).released).toBeNull();
      expect(await snapshot(appealing.resultId)).toMatchObject({
        appeal_decision: 'INTENDS_TO_APPEAL',
        released: null,
      });

      // At the date (00:00 UTC): each released exactly once with two workers polling, the intended appeal too
      // (spec 02 section 4: after the scheduled pending release date the result is released; decision 0047).
      t.clock.set(new Date(`${tomorrow}T00:00:00Z`));
      await t.jobs.enqueue('results.release');
      await t.jobs.enqueue('results.release');
      await Promise.all([t.jobs.runDue(), t.jobs.runDue()]);
      for (const { resultId } of [due, appealing]) {
        expect(await resultRow(resultId)).toMatchObject({
          appeal_decision: 'APPEAL_RELEASED',
          released_by: 'schedule',
          released_to_organisation_at: new Date(`${tomorrow}T00:00:00Z`),
        });
        const releases = await releasesOf(resultId);
        expect(releases.map((a) => a.outcome)).toEqual(['success']);
      }
      expect((await releasesOf(appealing.resultId))[0]!.detail).toMatchObject({
        by: 'schedule',
        appealDecision: 'INTENDS_TO_APPEAL',
      });
      // A later run changes nothing.
      t.clock.set(new Date(`${tomorrow}T00:20:00Z`));
      const released = await snapshot(appealing.resultId);
      await t.jobs.enqueue('results.release');
      await t.jobs.runDue();
      expect(await snapshot(appealing.resultId)).toEqual(released);
      expect(await releasesOf(appealing.resultId)).toHaveLength(1);
      // Nothing undoes a release: the applicant cannot change their mind afterwards, and an outcome recorded
      // late changes nothing.
      expectRefused(
        await (await who.again()).send('POST', `/api/results/${due.resultId}/intend-to-appeal`),
        409,
        'APPEAL_NOT_ALLOWED',
      );
      expectRefused(
        await caseworkCall(t, 'POST', `/internal/casework/results/${appealing.resultId}/appeal-outcome`, {
          outcome: 'CONVICTIONS_REMOVED',
        }),
        409,
        'CASEWORK_NOT_ALLOWED',
      );
      expect(await snapshot(appealing.resultId)).toEqual(released);
      // The organisation has it, as after any release (read with the clock back at the start).
      t.clock.set(start);
      expect(await orgRow(appealing.token)).toMatchObject({ status: 'RESULT_READY' });
      const org = await csg.get(`/api/organisation/RB1001/results/${appealing.resultId}`);
      expect(org.statusCode, org.body).toBe(200);
    });
  });

  it('a review request blocks sharing until casework decides, and the decision is emailed', async () => {
    const { applicant, resultId, applicationReference } = await issuedResult(t, csg, 'pvg-review-eligible');
    const before = (await applicant.get(`/api/results/${resultId}`)).json();
    expect(before).toMatchObject({
      disclosureTypeShortCode: 'SR',
      isReviewEligible: true,
      shareAllowedNow: true,
    });
    expect(before.higherLevelResultInformation.membershipNumber).toMatch(/^\d{13}[345]\d{2}$/);

    const requested = await applicant.send('POST', `/api/results/${resultId}/request-review`);
    expect(requested.json()).toEqual({
      status: 'REVIEW_REQUESTED',
      reviewExpiryDate: addWorkingDays(
        londonDate(t.clock.now()),
        REPRESENTATIONS_WORKING_DAYS,
        isScottishBankHoliday,
      ),
    });
    const during = (await applicant.get(`/api/results/${resultId}`)).json();
    expect(during).toMatchObject({ isUnderReview: true, status: 'REVIEW_REQUESTED', shareAllowedNow: false });
    expect((await applicant.get('/api/applicant-results-summary')).json().summaries[0]).toMatchObject({
      resultId,
      status: 'REVIEW_REQUESTED',
    });
    expectRefused(
      await applicant.send('POST', `/api/results/${resultId}/request-review`),
      409,
      'REVIEW_NOT_ALLOWED',
    );

    const decided = await caseworkCall(t, 'POST', `/internal/casework/results/${resultId}/review-decision`, {
      decision: 'UNSUCCESSFUL',
    });
    expect(decided.json()).toEqual({ resultId, reviewDecision: 'UNSUCCESSFUL' });
    expectRefused(
      await caseworkCall(t, 'POST', `/internal/casework/results/${resultId}/review-decision`, {
        decision: 'SUCCESSFUL',
      }),
      409,
      'CASEWORK_NOT_ALLOWED',
    );
    const email = await notifyMessage(t, applicationReference, 'local-template-review-decision');
    expect(email.body).toContain('independent reviewer');
    expect(Object.keys(personalisationOf(email)).sort()).toEqual(
      [...MESSAGE_FIELDS['review-decision']].sort(),
    );
    const after = (await applicant.get(`/api/results/${resultId}`)).json();
    expect(after).toMatchObject({
      isUnderReview: false,
      reviewDecision: 'UNSUCCESSFUL',
      shareAllowedNow: true,
    });
    expect(after.status).toBe('RESULT_VIEWED');

    // A result that is not review-eligible cannot be reviewed.
    const other = await issuedResult(t, csg, 'pvg-under-consideration');
    expectRefused(
      await other.applicant.send('POST', `/api/results/${other.resultId}/request-review`),
      409,
      'REVIEW_NOT_ALLOWED',
    );
  });

  describe('organisation results', () => {
    it('lists released results with the filters of spec 01, mine or the organisation, and records the view', async () => {
      const lead = await signedInCsg(t, 'lead-csg');
      const mine = await issuedResult(t, csg, 'pvg-under-consideration');
      const theirs = await issuedResult(t, lead, 'level-2-cautions');
      const all = (await csg.get('/api/organisation/RB1001/results-summary')).json();
      const ids = all.summaries.map((r: { resultId: string }) => r.resultId);
      expect(ids).toEqual(expect.arrayContaining([mine.resultId, theirs.resultId]));
      expect(all.summaries.find((r: { resultId: string }) => r.resultId === mine.resultId)).toMatchObject({
        name: 'Robin Test-Applicant',
        applicationReference: mine.applicationReference,
        csgCode: 'CSA100001',
        viewedStatus: 'NOT_VIEWED',
        status: 'RESULT_READY',
        schemeMembershipNumber: expect.stringMatching(/^\d{16}$/),
      });
      const own = (await csg.get('/api/organisation/RB1001/results-summary?userId=me')).json();
      expect(own.summaries.map((r: { resultId: string }) => r.resultId)).toContain(mine.resultId);
      expect(own.summaries.map((r: { resultId: string }) => r.resultId)).not.toContain(theirs.resultId);
      const byCsg = (await csg.get('/api/organisation/RB1001/results-summary?csgCode=CSA100003')).json();
      expect(byCsg.summaries.map((r: { resultId: string }) => r.resultId)).toEqual(
        expect.arrayContaining([theirs.resultId]),
      );
      expect(byCsg.summaries.map((r: { resultId: string }) => r.resultId)).not.toContain(mine.resultId);
      const today = londonDate(t.clock.now());
      const emptyDropped = await csg.get(
        `/api/organisation/RB1001/results-summary?applicantName=&csgCode=&viewedStatus=&dateOfIssue=${today}`,
      );
      expect(emptyDropped.statusCode, emptyDropped.body).toBe(200);
      expect(emptyDropped.json().totalElements).toBe(all.totalElements);
      const byName = (
        await csg.get('/api/organisation/RB1001/results-summary?applicantName=aPPLICANT')
      ).json();
      expect(byName.totalElements).toBe(all.totalElements);
      expect(
        (await csg.get('/api/organisation/RB1001/results-summary?applicantName=Nobody')).json().totalElements,
      ).toBe(0);
      // More than one word: found through the names' word edges (decision 0037), still "contains".
      const everyName = (await csg.get('/api/organisation/RB1001/results-summary?pageSize=100'))
        .json()
        .summaries.map((r: { name: string }) => r.name.toLowerCase()) as string[];
      const byWords = async (name: string) =>
        (
          await csg.get(`/api/organisation/RB1001/results-summary?applicantName=${encodeURIComponent(name)}`)
        ).json().totalElements;
      const containing = (text: string) => everyName.filter((n) => n.includes(text)).length;
      expect(containing('robin test-a')).toBeGreaterThan(0);
      expect(await byWords('ROBIN test-a')).toBe(containing('robin test-a'));
      expect(await byWords('bin test')).toBe(containing('bin test'));
      expect(await byWords('test-applicant robin')).toBe(0);
      expect(await byWords('robin  test')).toBe(0);
      // The summary searches the name each result holds, the database's copy of its application's (migration
      // 0018): taken when the result is added, and again whenever the application's name changes.
      const copied = await resultRow(mine.resultId);
      expect(copied.applicant_name_search).toBe('robin test-applicant');
      await t.database.db
        .updateTable('applications')
        .set({ applicant_name: 'Robin Renamed' })
        .where('id', '=', copied.application_id)
        .execute();
      expect((await resultRow(mine.resultId)).applicant_name_search).toBe('robin renamed');
      expect(await byWords('robin renamed')).toBe(1);
      await t.database.db
        .updateTable('applications')
        .set({ applicant_name: 'Robin Test-Applicant' })
        .where('id', '=', copied.application_id)
        .execute();
      expect(await byWords('robin renamed')).toBe(0);

      // The view confirmation leads here: the first read records the organisation's view.
      expect((await csg.get(`/api/organisation/RB1001/results/${mine.resultId}`)).statusCode).toBe(200);
      const viewed = (await csg.get('/api/organisation/RB1001/results-summary?viewedStatus=VIEWED')).json();
      expect(viewed.summaries.map((r: { resultId: string }) => r.resultId)).toContain(mine.resultId);
      const notViewed = (
        await csg.get('/api/organisation/RB1001/results-summary?viewedStatus=NOT_VIEWED')
      ).json();
      expect(notViewed.summaries.map((r: { resultId: string }) => r.resultId)).not.toContain(mine.resultId);
      const audit = (await auditOf('result.viewed')).filter(
        (a) => (a.detail as { resultId?: string; side?: string }).resultId === mine.resultId,
      );
      expect(audit.map((a) => (a.detail as { side: string }).side)).toContain('organisation');

      // A Level 1 countersignatory sees Level 1 results only.
      const level1 = await signedInCsg(t, 'level1-csg');
      const l1 = (await level1.get('/api/organisation/RB1001/results-summary')).json();
      expect(l1.summaries.map((r: { resultId: string }) => r.resultId)).not.toContain(mine.resultId);
      expectRefused(await level1.get(`/api/organisation/RB1001/results/${mine.resultId}`), 404, 'NOT_FOUND');
    });

    it('pages the summary like the applications list: pages of the chosen size, the count, a page past the end', async () => {
      const summary = async (query: string) => {
        const res = await csg.get(`/api/organisation/RB1001/results-summary?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { summaries: { resultId: string }[]; totalElements: number };
      };
      while ((await summary('pageSize=100')).totalElements < 12)
        await issuedResult(t, csg, 'level-2-cautions');
      const everything = await summary('pageSize=100');
      const total = everything.totalElements;
      expect(everything.summaries).toHaveLength(total);
      // The default page is 20 long.
      expect((await summary('')).summaries).toHaveLength(Math.min(20, total));
      const pages: string[] = [];
      for (let page = 1; (page - 1) * 10 < total; page++) {
        const one = await summary(`pageSize=10&page=${page}`);
        expect(one.totalElements).toBe(total);
        expect(one.summaries.length).toBe(Math.min(10, total - (page - 1) * 10));
        pages.push(...one.summaries.map((r) => r.resultId));
      }
      // The pages, one after another, are the whole list in its order.
      expect(pages).toEqual(everything.summaries.map((r) => r.resultId));
      const past = await summary(`pageSize=10&page=${Math.ceil(total / 10) + 1}`);
      expect(past).toMatchObject({ summaries: [], totalElements: total });
      // With a name, the matches are found once and paged the same way (the names here all contain it).
      const named: string[] = [];
      for (let page = 1; (page - 1) * 10 < total; page++) {
        const one = await summary(`pageSize=10&page=${page}&applicantName=t`);
        expect(one.totalElements).toBe(total);
        named.push(...one.summaries.map((r) => r.resultId));
      }
      expect(named).toEqual(pages);
      expect(await summary(`pageSize=10&page=${Math.ceil(total / 10) + 1}&applicantName=t`)).toMatchObject({
        summaries: [],
        totalElements: total,
      });

      const badSize = await csg.get('/api/organisation/RB1001/results-summary?pageSize=7');
      expectRefused(badSize, 400, 'VALIDATION_FAILED');
      expect(badSize.json().fieldErrors).toEqual({ pageSize: 'Select a number of results per page' });
      const badPage = await csg.get('/api/organisation/RB1001/results-summary?page=0');
      expectRefused(badPage, 400, 'VALIDATION_FAILED');
      expect(badPage.json().fieldErrors).toEqual({ page: 'Page must be a whole number of 1 or more' });
    });

    it.each([
      ['applicantName', 'a'.repeat(131)],
      ['applicantName', 'R2D2'],
      ['csgCode', 'CSA1000011'],
      ['csgCode', 'CSA-1'],
      ['dateOfIssue', '2026-02-30'],
      ['dateOfIssue', '23/11/2026'],
      ['viewedStatus', 'SEEN'],
    ])('refuses %s=%s with a field error', async (field, value) => {
      const res = await csg.get(
        `/api/organisation/RB1001/results-summary?${field}=${encodeURIComponent(value)}`,
      );
      expectRefused(res, 400, 'VALIDATION_FAILED');
      expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
      expect(res.json().fieldErrors[field]).toMatch(/ /);
    });

    it('accepts each filter at its limit, and refuses a date of issue in the future', async () => {
      for (const query of [
        `applicantName=${'a'.repeat(130)}`,
        'csgCode=CSA100001',
        `dateOfIssue=${londonDate(t.clock.now())}`,
      ]) {
        expect((await csg.get(`/api/organisation/RB1001/results-summary?${query}`)).statusCode, query).toBe(
          200,
        );
      }
      const tomorrow = new Date(t.clock.now().getTime() + DAY_MS);
      const res = await csg.get(
        `/api/organisation/RB1001/results-summary?dateOfIssue=${londonDate(tomorrow)}`,
      );
      expectRefused(res, 400, 'VALIDATION_FAILED');
      expect(res.json().fieldErrors.dateOfIssue).toMatch(/past/);
    });

    it('needs the declaration today, and answers countersignatory-empty for an empty record', async () => {
      // A new day: yesterday's declaration does not count.
      t.clock.advance(DAY_MS);
      const undeclared = new Browser(t);
      await undeclared.signIn('lead-csg');
      expectRefused(
        await undeclared.get('/api/organisation/RB1001/results-summary'),
        403,
        'DECLARATION_REQUIRED',
      );
      t.clock.advance(-DAY_MS);
      const empty = await signedInCsg(t, { ...customApplicant({ role: 'CSG' }), organisation: 'B' });
      await t.database.db
        .updateTable('users')
        .set({ countersignatory_id: null })
        .where('countersignatory_id', '=', 'csg-b-spare')
        .execute();
      await t.database.db.deleteFrom('countersignatories').where('id', '=', 'csg-b-spare').execute();
      expectRefused(
        await empty.get('/api/organisation/RB2002/results-summary'),
        403,
        'COUNTERSIGNATORY_EMPTY',
      );
    });
  });
});
