import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { NOTIFICATIONS_APPLICATION_NAME } from '../src/platform/db/notifications';
import {
  DAY_MS,
  ENGINES,
  handOver,
  issuedResult,
  signedInCsg,
  startTestApp,
  type Browser,
  type TestApp,
  withPeople,
} from './harness';

/**
 * Organisation list pages are kept by the organisation's list version (decision 0034): triggers change the version
 * with any change a list shows, whoever writes it, so a kept page is never out of date; what depends on the time is
 * worked out on every request.
 */
describe.each(ENGINES)('organisation lists kept by version on $name', (engine) => {
  let t: TestApp, csg: Browser;
  withPeople(engine, {}, (s) => ({ t, csg } = s));

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

/**
 * On PostgreSQL the versions are held in memory and raised by the database's notifications (decision 0036), so a
 * kept page costs no read at all. Another server's change reaches this one by notification; while the notifications'
 * connection is lost, every version is read from the database again.
 */
const postgres = ENGINES.find((engine) => engine.name.startsWith('PostgreSQL'));
describe.skipIf(!postgres)('list versions heard from PostgreSQL notifications', () => {
  let t: TestApp;
  let csg: Browser;
  /** Another server's connection to the same database: its changes are not this server's own. */
  let other: pg.Client;
  /** What the notifications' connection went through, heard on a channel of the test's own. */
  const states: boolean[] = [];
  beforeAll(async () => {
    t = await startTestApp(postgres!);
    csg = await signedInCsg(t);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.database.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    other = new pg.Client({ connectionString: url.href });
    await other.connect();
    t.database.notifications!.listen('dis_test_probe', {
      message: () => {},
      live: (listening) => states.push(listening),
    });
  });
  afterAll(async () => {
    await other.end();
    await t.dispose();
  });

  const listed = async (token: string) =>
    (await csg.get('/ags/disclosure-summaries?pageSize=100'))
      .json()
      .summaries.find((s: { id: string }) => s.id === token);
  /** Waits until the notifications' connection has gone through `count` states, the last `listening`. */
  const until = async (count: number, listening: boolean) =>
    expect.poll(() => states[count - 1], { timeout: 30_000 }).toBe(listening);

  it("holds the version without reading it, and another server's change is seen once its notification is in", async () => {
    const { token } = await handOver(t, csg);
    const first = await listed(token);
    expect(first).toMatchObject({ status: 'WITH_APPLICANT' });

    // Behind the notifications' back (no trigger, and the version table moved by hand, which notifies nothing):
    // the version is not read again, so the kept page is answered.
    await other.query('alter table applications disable trigger applications_list_changed');
    await other.query(`update applications set applicant_name = 'Behind The Back' where id = $1`, [token]);
    await other.query('alter table applications enable trigger applications_list_changed');
    await other.query(
      `update organisation_list_versions set version = version + 1 where organisation_code = 'RB1001'`,
    );
    expect(await listed(token)).toEqual(first);

    // Another server's change: its trigger notifies when it commits; once the notification is in, it is seen.
    await other.query(
      `update applications set status = 'TERMINATED', status_last_changed = now() where id = $1`,
      [token],
    );
    expect(await t.database.notifications!.sync()).toBe(true);
    expect(await listed(token)).toMatchObject({ status: 'TERMINATED', applicantName: 'Behind The Back' });
  });

  it('reads the versions from the database while the connection is lost, and listens again', async () => {
    const { token } = await handOver(t, csg);
    expect(await listed(token)).toMatchObject({ status: 'WITH_APPLICANT' });
    await until(1, true);

    // The connection ends (a restart, a fail-over): notifications may be missed from here on.
    await other.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [NOTIFICATIONS_APPLICATION_NAME],
    );
    await until(2, false);
    await other.query(`update applications set applicant_name = 'While Deaf' where id = $1`, [token]);
    expect(await listed(token)).toMatchObject({ applicantName: 'While Deaf' });

    // Connected again: held and followed as before.
    await until(3, true);
    await other.query(`update applications set applicant_name = 'Heard Again' where id = $1`, [token]);
    expect(await t.database.notifications!.sync()).toBe(true);
    expect(await listed(token)).toMatchObject({ applicantName: 'Heard Again' });
  });
});
