import { sql } from 'kysely';
import { register } from 'prom-client';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { NotifySendError, type NotifySender } from '../src/integrations/notify/types';
import { FakeClock } from '../src/platform/clock';
import {
  backoffMs,
  createOutboxService,
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_TEMPLATES,
  type OutboxMessage,
  type OutboxTemplate,
} from '../src/modules/outbox/service';
import {
  type Browser,
  caseworkCall,
  ENGINES,
  handOver,
  issuedResult,
  level2Payload,
  newDraft,
  signedInCsg,
  submittedApplication,
  type TestApp,
  stepUpByCode,
  onRecipientDetailsRoute,
  withTestApp,
  auditEntries,
} from './harness';

// The transactional outbox (decision 0041): a message commits with its change or not at all, is sent at least
// once with back-off, by one worker at a time, survives a crash between the commit and the send, and records
// Notify's delivery callbacks.

const log = pino({ level: 'silent' });
const TEMPLATE_IDS = Object.fromEntries(OUTBOX_TEMPLATES.map((t) => [t, `tpl-${t}`])) as Record<
  OutboxTemplate,
  string
>;

interface Sent {
  to: string;
  reference: string | undefined;
  personalisation: Record<string, string>;
}

/** A Notify that answers each send with the next scripted outcome (a status to throw, or 'ok'), then 'ok'. */
function scriptedNotify(script: (number | 'ok' | 'hang')[] = []) {
  const sent: Sent[] = [];
  const hanging: (() => void)[] = [];
  const send = async (
    _template: string,
    to: string,
    options: { personalisation: Record<string, string>; reference?: string },
  ) => {
    const next = script.shift() ?? 'ok';
    if (next === 'hang') {
      // A process that dies in the middle of the send: the call never comes back.
      await new Promise<void>((resolve) => hanging.push(resolve));
      throw new Error('the process died');
    }
    if (next !== 'ok') throw new NotifySendError(next);
    // Let other workers run between the claim and the end of the send.
    await new Promise((resolve) => setImmediate(resolve));
    sent.push({ to, reference: options.reference, personalisation: options.personalisation });
    return { id: `notify-${sent.length}` };
  };
  const notify: NotifySender = { sendEmail: send, sendSms: send };
  return { notify, sent, release: () => hanging.splice(0).forEach((r) => r()) };
}

const email = (n: number, extra: Partial<OutboxMessage> = {}): OutboxMessage => ({
  channel: 'email',
  template: 'handover',
  to: `person${n}@example.com`,
  personalisation: { signInLink: `https://example.test/${n}` },
  ...extra,
});

describe.each(ENGINES)('the outbox on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app));

  const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));
  const worker = (notify: NotifySender) =>
    createOutboxService({ db: t.database.db, clock, notify, templateIds: TEMPLATE_IDS, log });
  const row = (id: string) =>
    t.database.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const write = async (outbox: ReturnType<typeof worker>, message: OutboxMessage) =>
    (await t.database.db.transaction().execute((trx) => outbox.enqueue(trx, message)))!;

  it('retries 429 and 5xx with exponential back-off, then sends with the row id as the reference', async () => {
    const { notify, sent } = scriptedNotify([429, 503, 500]);
    const outbox = worker(notify);
    const id = await write(outbox, email(1));
    expect(await outbox.dispatch([id])).toMatchObject({ sent: 0, retried: 1 });
    let r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1, last_error: 'http-429' });
    expect(new Date(r.next_attempt_at).getTime()).toBe(clock.now().getTime() + backoffMs(1));

    // Not due yet: the job leaves it alone.
    expect(await outbox.sendDue()).toMatchObject({ sent: 0, retried: 0 });
    clock.advance(backoffMs(1));
    expect(await outbox.sendDue()).toMatchObject({ retried: 1 });
    r = await row(id);
    expect(r).toMatchObject({ attempts: 2, last_error: 'http-503' });
    expect(new Date(r.next_attempt_at).getTime()).toBe(clock.now().getTime() + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    clock.advance(backoffMs(2));
    expect(await outbox.sendDue()).toMatchObject({ retried: 1 });
    clock.advance(backoffMs(3));
    expect(await outbox.sendDue()).toMatchObject({ sent: 1 });
    expect(sent).toEqual([
      { to: 'person1@example.com', reference: id, personalisation: email(1).personalisation },
    ]);
    r = await row(id);
    expect(r).toMatchObject({ status: 'sent', attempts: 4, notify_id: 'notify-1' });
    // A sent row keeps no personalisation (links, codes, names).
    expect(r.personalisation).toEqual({});
  });

  it('records a permanent failure at once for a refusal, and after a bounded number of tries for 5xx', async () => {
    const refused = scriptedNotify([400]);
    const a = worker(refused.notify);
    const first = await write(a, email(2));
    expect(await a.dispatch([first])).toMatchObject({ failed: 1 });
    expect(await row(first)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'http-400',
      personalisation: {},
    });

    const down = scriptedNotify(Array.from({ length: OUTBOX_MAX_ATTEMPTS }, () => 500));
    const b = worker(down.notify);
    const second = await write(b, email(3));
    for (let i = 0; i < OUTBOX_MAX_ATTEMPTS; i += 1) {
      await b.sendDue();
      clock.advance(backoffMs(OUTBOX_MAX_ATTEMPTS));
    }
    expect(await row(second)).toMatchObject({
      status: 'failed',
      attempts: OUTBOX_MAX_ATTEMPTS,
      last_error: 'http-500',
    });
    // Failed for good: never tried again.
    await b.sendDue();
    expect((await row(second)).attempts).toBe(OUTBOX_MAX_ATTEMPTS);
    expect(down.sent).toEqual([]);
  });

  it('never sends a one-time code after it expires', async () => {
    const { notify, sent } = scriptedNotify([503]);
    const outbox = worker(notify);
    const id = await write(outbox, {
      channel: 'sms',
      template: 'one-time-code',
      to: '07700900123',
      personalisation: { code: '123456' },
      sendBy: new Date(clock.now().getTime() + 15 * 60_000),
    });
    await outbox.dispatch([id]);
    clock.advance(15 * 60_000);
    expect(await outbox.sendDue()).toMatchObject({ expired: 1, sent: 0 });
    expect(await row(id)).toMatchObject({ status: 'expired', personalisation: {} });
    expect(sent).toEqual([]);
  });

  it('two workers never send one row twice', async () => {
    const { notify, sent } = scriptedNotify();
    const [a, b] = [worker(notify), worker(notify)];
    const ids: string[] = [];
    for (let n = 0; n < 30; n += 1) ids.push(await write(a, email(100 + n)));
    // Both workers' jobs and both dispatches at once.
    await Promise.all([a.sendDue(), b.sendDue(), a.dispatch(ids), b.dispatch(ids.slice(10))]);
    const references = sent.map((s) => s.reference).filter((r) => ids.includes(r!));
    expect(references.sort()).toEqual([...ids].sort());
    expect(new Set(references).size).toBe(ids.length);
  });

  it('a crash between the commit and the send loses nothing: the row is sent after the restart', async () => {
    // Killed right after the commit: the row was never claimed. The next process's job sends it.
    const before = worker(scriptedNotify().notify);
    const unsent = await write(before, email(200));
    const restarted = scriptedNotify();
    expect(await worker(restarted.notify).sendDue()).toMatchObject({ sent: 1 });
    expect(restarted.sent.map((s) => s.reference)).toEqual([unsent]);

    // Killed in the middle of the send: the row is held by the dead worker's lease, then sent again with the same
    // reference (Notify can recognise it), once.
    const dying = scriptedNotify(['hang']);
    const dead = worker(dying.notify);
    const held = await write(dead, email(201));
    void dead.dispatch([held]);
    await expect.poll(async () => (await row(held)).claim).not.toBeNull();
    const next = scriptedNotify();
    const live = worker(next.notify);
    expect(await live.sendDue()).toMatchObject({ sent: 0 });
    clock.advance(OUTBOX_LEASE_MS + 1);
    expect(await live.sendDue()).toMatchObject({ sent: 1 });
    expect(next.sent.map((s) => s.reference)).toEqual([held]);
    expect(await row(held)).toMatchObject({ status: 'sent', attempts: 2 });
    // The dead worker's late answer changes nothing: its claim is gone.
    dying.release();
    await expect.poll(async () => (await row(held)).status).toBe('sent');
  });

  it('a change and its message commit together or not at all', async () => {
    const csg = await signedInCsg(t);
    const { db } = t.database;
    // A failure after the hand-over's statements (its audit record is the last one written).
    await sql`create or replace function fail_audit() returns trigger language plpgsql as $$
      begin
        if new.event in ('application.handover', 'result.email_ready') then raise exception 'injected failure'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger fail_audit before insert on audit_events for each row execute function fail_audit()`.execute(
      db,
    );
    const { draftApplicationToken: token } = await newDraft(csg);
    await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, level2Payload());
    await csg.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    const failed = await csg.send('PUT', `/api/draftApplications/${token}/complete`);
    expect(failed.statusCode).toBe(500);
    const app = () =>
      db
        .selectFrom('applications')
        .select(['status', 'link_id'])
        .where('id', '=', token)
        .executeTakeFirstOrThrow();
    const about = (id: string) =>
      db.selectFrom('outbox_messages').selectAll().where('about_id', '=', id).execute();
    expect((await app()).link_id).toBeNull();
    expect(await about(token)).toEqual([]);

    await sql`drop trigger fail_audit on audit_events`.execute(db);
    expect((await csg.send('PUT', `/api/draftApplications/${token}/complete`)).statusCode).toBe(200);
    expect((await app()).status).toBe('WITH_APPLICANT');
    expect(await about(token)).toMatchObject([{ template: 'handover', status: 'sent' }]);

    // Issuing a result: the result, the application's status and the "ready" email, or none of them.
    const submitted = await submittedApplication(t, csg);
    await sql`create trigger fail_audit before insert on audit_events for each row execute function fail_audit()`.execute(
      db,
    );
    const path = `/internal/casework/applications/${submitted.applicationReference}/result`;
    expect((await caseworkCall(t, 'POST', path, { preset: 'level-2-cautions' })).statusCode).toBe(500);
    const results = () =>
      db.selectFrom('results').select('id').where('application_id', '=', submitted.token).execute();
    expect(await results()).toEqual([]);
    const status = await db
      .selectFrom('applications')
      .select('status')
      .where('id', '=', submitted.token)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('SUBMITTED');
    expect(await about(submitted.token)).toMatchObject([{ template: 'handover' }]);
    await sql`drop trigger fail_audit on audit_events`.execute(db);
    expect((await caseworkCall(t, 'POST', path, { preset: 'level-2-cautions' })).statusCode).toBe(200);
    const [result] = await results();
    expect(await about(result!.id)).toMatchObject([{ template: 'result-ready', status: 'sent' }]);
  });

  it('records delivery callbacks with the right token only; the local Notify bounces @bounce.example', async () => {
    const csg = await signedInCsg(t);
    const bounced = await handOver(t, csg, 'LB', { applicantEmail: 'nobody@bounce.example' });
    const delivered = await handOver(t, csg);
    const message = (id: string) =>
      t.database.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('about_id', '=', id)
        .executeTakeFirstOrThrow();
    // The stand-in called the callback as Notify would.
    expect(await message(bounced.token)).toMatchObject({
      status: 'sent',
      delivery_status: 'permanent-failure',
    });
    expect(await message(delivered.token)).toMatchObject({ status: 'sent', delivery_status: 'delivered' });
    // The organisation's application details say so.
    const details = async (token: string) =>
      (await csg.get(`/api/application/${token}`)).json().handoverEmail;
    expect(await details(bounced.token)).toBe('NOT_DELIVERED');
    expect(await details(delivered.token)).toBe('DELIVERED');
    // Casework's page lists the permanent failure.
    const page = await t.app.inject({ method: 'GET', url: '/local/casework/undelivered' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('nobody@bounce.example');
    expect(page.body).not.toContain(`>${'robin.applicant@example.com'}<`);

    const id = (await message(delivered.token)).id;
    const callback = (
      authorization: string | undefined,
      body: unknown = { id: 'n-1', reference: id, status: 'technical-failure' },
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/notify/callbacks/delivery-status',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        payload: JSON.stringify(body),
      });
    expect((await callback(undefined)).statusCode).toBe(401);
    expect((await callback('Bearer wrong-token-of-the-same-length-as-it')).statusCode).toBe(401);
    expect((await callback(`Basic ${t.config.notifyCallbackToken}`)).statusCode).toBe(401);
    expect((await message(delivered.token)).delivery_status).toBe('delivered');

    const right = `Bearer ${t.config.notifyCallbackToken}`;
    expect((await callback(right)).statusCode).toBe(204);
    expect((await message(delivered.token)).delivery_status).toBe('technical-failure');
    // An unknown reference is answered (Notify need not retry it) and changes nothing.
    expect((await callback(right, { id: 'n-2', reference: null, status: 'delivered' })).statusCode).toBe(204);
    expect((await callback(right, { id: 'n-2', reference: id, status: 'opened' })).statusCode).toBe(400);
    const refusals = await auditEntries(t, 'notify.callback', 'refused');
    expect(refusals.filter((r) => r.detail.reason === 'token')).toHaveLength(3);
  });

  it('casework lists what is stuck, and the metrics show the depth, the oldest age and the sends', async () => {
    const { db } = t.database;
    const id = await db
      .transaction()
      .execute((trx) => t.services.outbox.enqueue(trx, email(300, { template: 'result-ready' })));
    t.clock.advance(6 * 60_000);
    const listed = await caseworkCall(t, 'GET', '/internal/casework/outbox');
    expect(listed.statusCode).toBe(200);
    const body = listed.json() as {
      unsent: { id: string; status: string }[];
      undelivered: { template: string }[];
    };
    expect(body.unsent.map((m) => m.id)).toContain(id);
    expect(body.undelivered.length).toBeGreaterThan(0);
    expect((await caseworkCall(t, 'GET', '/internal/casework/outbox', undefined, null)).statusCode).toBe(401);

    // The app built last in this process is the one the gauges read.
    const depth = await register.getSingleMetricAsString('outbox_depth');
    expect(depth).toMatch(/^outbox_depth [1-9]/m);
    const age = await register.getSingleMetricAsString('outbox_oldest_unsent_age_seconds');
    expect(Number(/^outbox_oldest_unsent_age_seconds (\S+)/m.exec(age)![1])).toBeGreaterThanOrEqual(360);
    // The job sends it; the depth falls and the send is counted by template and outcome.
    await t.jobs.runDue();
    await t.services.outbox.sendDue();
    expect(
      (
        await db
          .selectFrom('outbox_messages')
          .select('status')
          .where('id', '=', id!)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('sent');
    expect(await register.getSingleMetricAsString('outbox_sends_total')).toMatch(
      /outbox_sends_total\{template="result-ready",outcome="sent"\} [1-9]/,
    );
  });

  it("shows a recipient's undelivered email in who can see my result, and the next share need not wait", async () => {
    const csg = await signedInCsg(t);
    const issued = await issuedResult(t, csg, 'level-2-cautions');
    // A B2B result is shared on the recipient-details route.
    await onRecipientDetailsRoute(t, issued.resultId);
    const alex: Browser = issued.applicant;
    expect((await alex.get(`/api/results/${issued.resultId}`)).statusCode).toBe(200);
    await stepUpByCode(t, alex);

    const recipient = (email: string) => ({
      recipientName: 'Sam Employer',
      recipientAddress: { line1: '2 Harbour Wynd', town: 'Edinburgh', postcode: 'EH6 6AB', country: 'GB' },
      recipientEmail: email,
      recipientPhoneNumber: '07700900456',
      recipientPositionAppliedFor: 'Care assistant',
      applicantEmail: 'alex.morgan@example.com',
    });
    const share = (email: string) =>
      alex.send('POST', `/api/results/${issued.resultId}/share/thirdparty`, recipient(email));
    const first = await share('sam@bounce.example');
    expect(first.statusCode, first.body).toBe(200);
    const listed = (await alex.get(`/api/results/${issued.resultId}/shares`)).json() as {
      shares: { shareId: string; emailDelivery: string | null }[];
    };
    expect(listed.shares).toEqual([
      expect.objectContaining({ shareId: first.json().shareId, emailDelivery: 'NOT_DELIVERED' }),
    ]);
    const options = (await alex.get(`/api/results/${issued.resultId}/share-options`)).json() as {
      allowed: boolean;
    };
    expect(options.allowed).toBe(true);

    // Straight away (a second later): no cooldown after an email that was not delivered.
    t.clock.advance(1000);
    const again = await share('sam.employer@example.com');
    expect(again.statusCode, again.body).toBe(200);
    const after = (await alex.get(`/api/results/${issued.resultId}/shares`)).json() as {
      shares: { emailDelivery: string | null }[];
    };
    expect(after.shares.map((s) => s.emailDelivery)).toEqual(['DELIVERED', 'NOT_DELIVERED']);
    // After a delivered one, the cooldown holds as before.
    const third = await share('another@example.com');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ backendCode: 'SHARE_COOLDOWN_TIMER_NOT_MET' });
  });
});
