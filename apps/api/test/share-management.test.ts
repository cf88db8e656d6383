import { describe, expect, it } from 'vitest';
import { SHARE_COOLDOWN_MS, SHARED_LINK_VALID_DAYS } from '@dis/domain';
import { writeAudit } from '../src/platform/audit';
import {
  Browser,
  caseworkCall,
  DAY_MS,
  ENGINES,
  issuedResult,
  signedInCsg,
  type TestApp,
  stepUpByCode,
  userIdOf,
  NAMED_RECIPIENT,
  onRecipientDetailsRoute,
  auditEntries,
  withTestApp,
  rowWhere,
  okBody,
  newApplicant,
} from './harness';

// "Who can see my result": the applicant lists every share of a result with each opening and stops a digital
// link; a paper copy becomes a print request that casework lists and marks sent. On both engines.

interface ShareEntry {
  shareId: string;
  channel: string;
  recipientKind: string;
  recipientName: string | null;
  sharedOn: string;
  expiresOn: string | null;
  status: string;
  stoppedOn: string | null;
  lockedOn: string | null;
  sentOn: string | null;
  openings: string[];
  canStop: boolean;
}

describe.each(ENGINES)('who can see my result and print requests on $name', (engine) => {
  let t: TestApp;
  let csg: Browser;
  withTestApp(engine, (app) => (t = app));

  /** A Level 2 result issued for a new applicant, who is signed in. */
  async function issued() {
    // A fresh countersignatory: earlier tests may have moved the clock past their session.
    csg = await signedInCsg(t);
    const applicant = await newApplicant(t);
    const { resultId, applicationReference } = await issuedResult(t, csg, 'level-2-cautions', { applicant });
    return { alex: applicant, resultId, applicationReference };
  }

  const stepUp = (browser: Browser) => stepUpByCode(t, browser);

  const list = (b: Browser, resultId: string) => b.get(`/api/results/${resultId}/shares`);
  const revoke = (b: Browser, resultId: string, shareId: string) =>
    b.send('POST', `/api/results/${resultId}/shares/${shareId}/revoke`, {});

  /** What a recipient's opening writes to the audit trail (the recipient links' own work). */
  const opened = (resultId: string, shareId: string) =>
    writeAudit(t.database.db, {
      event: 'shared_result.opened',
      outcome: 'success',
      detail: { shareId, resultId },
    });

  const auditOf = (event: string) => auditEntries(t, event);

  it('lists every share with its recipient, expiry and each opening; stopping a link is at once and idempotent', async () => {
    const { alex, resultId } = await issued();
    const empty = await list(alex, resultId);
    expect(okBody(empty)).toEqual({ resultId, disclosureTypeShortCode: 'LB', shares: [] });

    await stepUp(alex);
    const shared = await alex.send('POST', `/api/results/${resultId}/share`, {});
    expect(shared.statusCode, shared.body).toBe(200);
    const { shareId, sharedOn } = shared.json() as { shareId: string; sharedOn: string };
    await opened(resultId, shareId);
    await opened(resultId, shareId);
    // Another share's opening and a refused opening are not this share's.
    await opened(resultId, '00000000-0000-4000-8000-000000000000');
    await writeAudit(t.database.db, {
      event: 'shared_result.opened',
      outcome: 'refused',
      detail: { shareId, resultId },
    });

    const listed = await list(alex, resultId);
    expect(listed.statusCode, listed.body).toBe(200);
    const [entry] = (listed.json() as { shares: ShareEntry[] }).shares;
    expect(entry).toEqual({
      shareId,
      channel: 'DIGITAL',
      recipientKind: 'ORGANISATION',
      recipientName: expect.any(String),
      sharedOn,
      // The organisation gets no link: nothing expires (it reads the result in its own account).
      expiresOn: null,
      status: 'ACTIVE',
      stoppedOn: null,
      lockedOn: null,
      sentOn: null,
      openings: [expect.any(String), expect.any(String)],
      canStop: true,
      // The organisation is not emailed.
      emailDelivery: null,
    });
    expect(entry!.recipientName!.length).toBeGreaterThan(0);
    expect(new Date(entry!.openings[0]!).getTime()).toBeLessThanOrEqual(
      new Date(entry!.openings[1]!).getTime(),
    );
    const views = await auditOf('result.shares_viewed');
    expect(views.at(-1)).toMatchObject({
      outcome: 'success',
      user_id: await userIdOf(alex),
      detail: { resultId, shares: 1 },
    });

    const stopped = await revoke(alex, resultId, shareId);
    expect(okBody(stopped)).toMatchObject({ shareId, status: 'STOPPED', canStop: false });
    const stoppedOn = (stopped.json() as ShareEntry).stoppedOn;
    expect(stoppedOn).toBe(t.clock.now().toISOString());
    const row = await t.database.db
      .selectFrom('result_shares')
      .select('revoked_at')
      .where('id', '=', shareId)
      .executeTakeFirstOrThrow();
    expect(new Date(row.revoked_at!).toISOString()).toBe(stoppedOn);

    // Again, later: the same answer, the first stop time kept.
    t.clock.advance(60_000);
    const again = await revoke(alex, resultId, shareId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'STOPPED', stoppedOn });
    expect(((await list(alex, resultId)).json() as { shares: ShareEntry[] }).shares[0]).toMatchObject({
      status: 'STOPPED',
      stoppedOn,
      openings: [expect.any(String), expect.any(String)],
    });
    const revocations = await auditOf('result.share_revoked');
    expect(revocations.slice(-2).map((r) => [r.outcome, r.detail])).toEqual([
      ['success', { resultId, shareId }],
      ['success', { resultId, shareId, alreadyStopped: true }],
    ]);
  });

  it('shows a link past its expiry as expired; a share with the organisation is no link and does not expire', async () => {
    const { alex, resultId } = await issued();
    await stepUp(alex);
    const toOrganisation = (await alex.send('POST', `/api/results/${resultId}/share`, {})).json() as {
      shareId: string;
    };
    // A named recipient's link: the B2B route (recipient details).
    await onRecipientDetailsRoute(t, resultId);
    t.clock.advance(SHARE_COOLDOWN_MS);
    await stepUp(alex);
    const linked = await alex.send('POST', `/api/results/${resultId}/share/thirdparty`, NAMED_RECIPIENT);
    expect(linked.statusCode, linked.body).toBe(200);
    const { shareId } = linked.json() as { shareId: string };
    await t.database.db
      .updateTable('result_shares')
      .set({ created_at: new Date(t.clock.now().getTime() - SHARED_LINK_VALID_DAYS * DAY_MS) })
      .where('id', '=', toOrganisation.shareId)
      .execute();
    // Straight into the store's row: the clock would end the session long before 14 days pass.
    await t.database.db
      .updateTable('result_shares')
      .set({ created_at: new Date(t.clock.now().getTime() - SHARED_LINK_VALID_DAYS * DAY_MS) })
      .where('id', '=', shareId)
      .execute();
    const { shares } = (await list(alex, resultId)).json() as { shares: ShareEntry[] };
    expect(shares.find((one) => one.shareId === shareId)).toMatchObject({
      recipientKind: 'PERSON',
      status: 'EXPIRED',
      canStop: false,
    });
    expect(shares.find((one) => one.shareId === toOrganisation.shareId)).toMatchObject({
      recipientKind: 'ORGANISATION',
      expiresOn: null,
      status: 'ACTIVE',
    });
  });

  it('a paper copy cannot be stopped, and becomes a print request casework lists and marks sent', async () => {
    const { alex, resultId, applicationReference } = await issued();
    await stepUp(alex);
    const paper = await alex.send('POST', `/api/results/${resultId}/share/paper`, {});
    expect(paper.statusCode, paper.body).toBe(200);
    const { shareId } = paper.json() as { shareId: string };

    const [entry] = ((await list(alex, resultId)).json() as { shares: ShareEntry[] }).shares;
    expect(entry).toMatchObject({
      shareId,
      channel: 'PAPER',
      recipientKind: 'APPLICANT_BY_POST',
      recipientName: null,
      expiresOn: null,
      status: 'PAPER_REQUESTED',
      canStop: false,
    });
    const refused = await revoke(alex, resultId, shareId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ backendCode: 'SHARE_NOT_REVOCABLE' });
    expect(
      (
        await t.database.db
          .selectFrom('result_shares')
          .select('revoked_at')
          .where('id', '=', shareId)
          .executeTakeFirstOrThrow()
      ).revoked_at,
    ).toBeNull();
    expect((await auditOf('print_request.created')).at(-1)).toMatchObject({
      outcome: 'success',
      detail: { resultId, shareId },
    });

    const requests = await caseworkCall(t, 'GET', '/internal/casework/print-requests');
    expect(requests.statusCode, requests.body).toBe(200);
    const { disclosure_number: disclosureNumber } = await rowWhere(t, 'results', { id: resultId });
    const waiting = {
      id: shareId,
      resultId,
      applicationReference,
      disclosureNumber,
      requestedAt: t.clock.now().toISOString(),
      status: 'REQUESTED',
      sentAt: null,
    };
    expect((requests.json() as { printRequests: unknown[] }).printRequests).toContainEqual(waiting);
    expect(
      (await caseworkCall(t, 'GET', '/internal/casework/print-requests', undefined, null)).statusCode,
    ).toBe(401);

    const page = await t.app.inject({ method: 'GET', url: '/local/casework' });
    expect(page.body).toContain('Paper copies to print');
    expect(page.body).toContain(applicationReference);
    expect(page.body).toContain(disclosureNumber);

    const sent = await caseworkCall(t, 'POST', `/internal/casework/print-requests/${shareId}/sent`);
    expect(okBody(sent)).toEqual({ ...waiting, status: 'SENT', sentAt: t.clock.now().toISOString() });
    const again = await caseworkCall(t, 'POST', `/internal/casework/print-requests/${shareId}/sent`);
    expect(again.json()).toEqual(sent.json());
    expect(
      (
        await caseworkCall(
          t,
          'POST',
          '/internal/casework/print-requests/00000000-0000-4000-8000-000000000000/sent',
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await caseworkCall(t, 'POST', '/internal/casework/print-requests/nonsense/sent')).statusCode,
    ).toBe(404);
    expect(((await list(alex, resultId)).json() as { shares: ShareEntry[] }).shares[0]).toMatchObject({
      status: 'PAPER_SENT',
      sentOn: t.clock.now().toISOString(),
    });
    expect((await auditOf('print_request.sent')).at(-1)).toMatchObject({
      outcome: 'success',
      detail: { shareId, resultId, source: 'casework-api', alreadySent: true },
    });
  });

  it('another applicant, an organisation, an application-only user and no one signed in are refused', async () => {
    const { alex, resultId } = await issued();
    await stepUp(alex);
    const { shareId } = (await alex.send('POST', `/api/results/${resultId}/share`, {})).json() as {
      shareId: string;
    };
    const sam = await newApplicant(t);
    const samsOwn = await issued();
    const basic = new Browser(t);
    await basic.signIn('applicant-basic');
    const applicationOnly = new Browser(t);
    await applicationOnly.signIn('application-only');
    const anonymous = new Browser(t);
    csg = await signedInCsg(t);

    const notFound = { status: 404, backendCode: 'NOT_FOUND' };
    for (const other of [sam, basic, applicationOnly, csg]) {
      expect((await list(other, resultId)).json()).toMatchObject(notFound);
      expect((await revoke(other, resultId, shareId)).json()).toMatchObject(notFound);
    }
    // A share of one result named under another of the caller's own results is not found either.
    expect((await revoke(samsOwn.alex, samsOwn.resultId, shareId)).json()).toMatchObject(notFound);
    // Missing records answer the same as another person's.
    expect((await list(alex, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject(notFound);
    expect((await list(alex, 'not-a-result')).json()).toMatchObject(notFound);
    expect((await revoke(alex, resultId, 'not-a-share')).json()).toMatchObject(notFound);
    expect((await list(anonymous, resultId)).statusCode).toBe(401);
    expect((await revoke(anonymous, resultId, shareId)).statusCode).toBe(401);

    // Nothing changed, and the applicants' refusals are in the audit trail (the wrong roles never reach it).
    expect(((await list(alex, resultId)).json() as { shares: ShareEntry[] }).shares[0]).toMatchObject({
      status: 'ACTIVE',
    });
    const refusedBy = (await auditOf('result.share_revoked'))
      .filter((r) => r.outcome === 'refused')
      .map((r) => r.user_id);
    expect(refusedBy).toContain(await userIdOf(sam));
    expect(refusedBy).toContain(await userIdOf(basic));
    expect(refusedBy).not.toContain(await userIdOf(csg));
    expect(refusedBy).not.toContain(await userIdOf(applicationOnly));
  });
});
