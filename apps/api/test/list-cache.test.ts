import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  DAY_MS,
  ENGINES,
  handOver,
  issuedResult,
  signedInCsg,
  startTestApp,
  type Browser,
  type TestApp,
} from './harness';

/**
 * Organisation list pages are kept by the organisation's list version (decision 0034): triggers change the version
 * with any change a list shows, whoever writes it, so a kept page is never out of date; what depends on the time is
 * worked out on every request.
 */
describe.each(ENGINES)('organisation lists kept by version on $name', (engine) => {
  let t: TestApp;
  let csg: Browser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    csg = await signedInCsg(t);
  });
  afterAll(async () => t.dispose());

  const version = async (code = 'RB1001') =>
    (
      await sql<{ version: string }>`
        select version from organisation_list_versions where organisation_code = ${code}`.execute(
        t.database.db,
      )
    ).rows[0]?.version ?? '0';
  const listed = async (token: string, as = csg) =>
    (await as.get('/ags/disclosure-summaries?pageSize=100'))
      .json()
      .summaries.find((s: { id: string }) => s.id === token);

  it('answers a repeated page from what it kept, and any change to a listed row, by any writer, is seen at once', async () => {
    const { token } = await handOver(t, csg);
    const first = await listed(token);
    expect(first).toMatchObject({ status: 'WITH_APPLICANT', daysRemaining: 14 });
    const before = await version();

    // Kept: with the trigger off, a change made behind the version's back is not seen (which shows the page was
    // kept), and the page is read again once the version moves.
    await sql`alter table applications disable trigger applications_list_changed`.execute(t.database.db);
    await sql`update applications set applicant_name = 'Behind The Back' where id = ${token}`.execute(
      t.database.db,
    );
    await sql`alter table applications enable trigger applications_list_changed`.execute(t.database.db);
    expect(await listed(token)).toEqual(first);
    expect(await version()).toBe(before);

    // A writer the services do not know (a job, a migration): the trigger moves the version in its transaction.
    await sql`update applications set status = 'TERMINATED', status_last_changed = now() where id = ${token}`.execute(
      t.database.db,
    );
    expect(Number(await version())).toBeGreaterThan(Number(before));
    expect(await listed(token)).toMatchObject({ status: 'TERMINATED', applicantName: 'Behind The Back' });

    // The organisation's name comes from the register: a change there is seen too.
    await sql`update registered_bodies set name = 'Renamed Body' where code = 'RB1001'`.execute(
      t.database.db,
    );
    expect(await listed(token)).toMatchObject({ organisationName: 'Renamed Body' });
    // A countersignatory's code (the results summary shows it, both lists filter by it).
    const beforeCode = await version();
    await sql`update countersignatories set countersignatory_code = countersignatory_code
      where registered_body_code = 'RB1001'`.execute(t.database.db);
    expect(Number(await version())).toBeGreaterThan(Number(beforeCode));
  });

  it('changes no version for what no list shows: the applicant answers and the organisation drafts', async () => {
    const { token } = await handOver(t, csg);
    const { draftApplicationToken: draft } = (
      await csg.send('POST', '/api/draftApplications', { applicationType: 'LB' })
    ).json();
    const before = await version();
    await sql`update applications set applicant_data = '{"x": 1}'::jsonb where id = ${token}`.execute(
      t.database.db,
    );
    await sql`update applications set applicant_name = 'Still A Draft' where id = ${draft}`.execute(
      t.database.db,
    );
    expect(await version()).toBe(before);
  });

  it("keeps the results summary by the same version: a result's release and the organisation's viewing are seen", async () => {
    const { resultId, token } = await issuedResult(t, csg, 'level-2-cautions');
    const summary = async () =>
      (await csg.get('/api/organisation/RB1001/results-summary?pageSize=100'))
        .json()
        .summaries.find((s: { resultId: string }) => s.resultId === resultId);
    // Issued and released (a new results row): on both lists.
    expect(await summary()).toMatchObject({ viewedStatus: 'NOT_VIEWED' });
    expect(await listed(token)).toMatchObject({ status: 'RESULT_READY' });
    await sql`update results set organisation_viewed_at = now() where id = ${resultId}`.execute(
      t.database.db,
    );
    expect(await summary()).toMatchObject({ viewedStatus: 'VIEWED' });
    expect(await listed(token)).toMatchObject({ status: 'RESULT_VIEWED' });
  });

  it('never answers one organisation, or one filter, with what was kept for another', async () => {
    const other = await signedInCsg(t, 'csg-other-org');
    const mine = (await csg.get('/ags/disclosure-summaries?pageSize=100')).json();
    const theirs = (await other.get('/ags/disclosure-summaries?pageSize=100')).json();
    expect(mine.totalElements).toBeGreaterThan(0);
    expect(theirs.summaries.map((s: { id: string }) => s.id)).not.toContain(mine.summaries[0].id);
    const terminated = (await csg.get('/ags/disclosure-summaries?pageSize=100&status=TERMINATED')).json();
    expect(terminated.summaries.every((s: { status: string }) => s.status === 'TERMINATED')).toBe(true);
    expect(terminated.totalElements).toBeLessThan(mine.totalElements);
  });
  it('works out days left on every request, from kept rows (last: it moves the clock on)', async () => {
    const { token } = await handOver(t, csg);
    expect(await listed(token)).toMatchObject({ daysRemaining: 14 });
    const kept = await version();
    // Days later (signed in again: the session has timed out meanwhile).
    t.clock.advance(2 * DAY_MS);
    expect(await listed(token, await signedInCsg(t))).toMatchObject({ daysRemaining: 12 });
    t.clock.advance(13 * DAY_MS);
    // Past the 14 days and before the expiry job has run: EXPIRED, with nothing written.
    expect(await listed(token, await signedInCsg(t))).toMatchObject({ status: 'EXPIRED' });
    expect(await version()).toBe(kept);
  });
});
