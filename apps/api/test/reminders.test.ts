import { describe, expect, it } from 'vitest';
import { APPLICATION_EXPIRY_DAYS } from '@dis/domain';
import {
  customApplicant,
  DAY_MS,
  ENGINES,
  enteredFor,
  handOver,
  issuedResult,
  signedInApplicant,
  signedInCsg,
  submittedApplication,
  type TestApp,
  applicationRow,
  withTestApp,
} from './harness';

// Reminders before deadlines (decision 0041), under the fake clock: each fires once at its boundary (not a
// millisecond before), never after the person acted, and not for a person who turned reminders off.

describe.each(ENGINES)('reminders on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app));

  /** The clock set to `at`, then a countersignatory and a new applicant (of `persona`) signed in. */
  async function signedInAt(at: string) {
    const start = new Date(at);
    t.clock.set(start);
    const persona = customApplicant();
    return { start, persona, csg: await signedInCsg(t), applicant: await signedInApplicant(t, persona) };
  }

  const run = async () => t.services.reminders.sendDue(t.clock.now());
  const messages = (template: string, aboutId?: string) =>
    t.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('template', '=', template)
      .$if(aboutId !== undefined, (q) => q.where('about_id', '=', aboutId!))
      .execute();
  const applicationReferenceOf = async (resultId: string) => {
    const row = await t.database.db
      .selectFrom('results')
      .innerJoin('applications', 'applications.id', 'results.application_id')
      .select('applications.reference')
      .where('results.id', '=', resultId)
      .executeTakeFirstOrThrow();
    return row.reference;
  };
  const delivered = async (to: string, subject: RegExp) =>
    (
      await t.database.db.selectFrom('notify_outbox').selectAll().where('to_address', '=', to).execute()
    ).filter((m) => subject.test(m.subject));

  it('hand-over link, draft and the countersignatory digest: once, 3 days before expiry, not after submitting', async () => {
    const start = new Date('2027-01-04T09:00:00.000Z');
    t.clock.set(start);
    const csg = await signedInCsg(t);
    // A: handed over, link never opened. B: opened (linked), not submitted. C: submitted.
    const a = await handOver(t, csg);
    const persona = customApplicant();
    const b = await handOver(t, csg, 'LB', enteredFor(persona));
    const applicant = await signedInApplicant(t, persona);
    expect(
      (await applicant.send('POST', '/api/draftApplications/link/applicant', { uuid: b.linkId })).statusCode,
    ).toBe(200);
    const c = await submittedApplication(t, csg);
    const csgRow = await applicationRow(t, a.token);

    const boundary = start.getTime() + (APPLICATION_EXPIRY_DAYS - 3) * DAY_MS;
    t.clock.set(new Date(boundary - 1));
    await run();
    expect(await messages('reminder-handover')).toEqual([]);
    expect(await messages('reminder-draft')).toEqual([]);
    expect(await messages('reminder-countersignatory')).toEqual([]);

    t.clock.set(new Date(boundary));
    await run();
    expect(await messages('reminder-handover', a.token)).toMatchObject([
      { recipient: 'robin.applicant@example.com', status: 'sent' },
    ]);
    expect(await messages('reminder-handover', b.token)).toEqual([]);
    expect(await messages('reminder-draft', b.token)).toMatchObject([{ status: 'sent' }]);
    expect(await messages('reminder-draft', a.token)).toEqual([]);
    expect(await messages('reminder-handover', c.token)).toEqual([]);
    expect(await messages('reminder-draft', c.token)).toEqual([]);
    const [digest] = await messages('reminder-countersignatory', csgRow.countersignatory_id!);
    expect(digest).toMatchObject({ status: 'sent' });
    // The local Notify stand-in has the emails, with the link again and the deadline.
    const [handoverEmail] = await delivered('robin.applicant@example.com', /^Reminder: continue/);
    expect(handoverEmail!.body).toContain(`/oauth2/authorization/dis?uuid=${a.linkId}`);
    expect(handoverEmail!.body).toContain('18 January 2027');
    const digestEmail = (await t.database.db.selectFrom('notify_outbox').selectAll().execute()).find((m) =>
      m.subject.startsWith('Applications expiring soon'),
    )!;
    expect(digestEmail.body).toContain(a.applicationReference);
    expect(digestEmail.body).toContain(b.applicationReference);
    expect(digestEmail.body).not.toContain(c.applicationReference);

    // Once: later the same day and the next day, nothing new (the digest does not repeat an application).
    t.clock.set(new Date(boundary + 2 * 60 * 60 * 1000));
    expect(await run()).toBe(0);
    t.clock.set(new Date(boundary + DAY_MS));
    expect(await run()).toBe(0);
    expect(await messages('reminder-handover')).toHaveLength(1);
    expect(await messages('reminder-countersignatory')).toHaveLength(1);
    const audits = await t.database.db
      .selectFrom('audit_events')
      .select('detail')
      .where('event', '=', 'reminder.written')
      .execute();
    expect(audits.map((r) => r.detail.kind).sort()).toEqual(['countersignatory', 'draft', 'handover']);
  });

  it('results: not viewed, viewing ending, share window closing and the appeal deadline, once each, not after acting', async () => {
    const { start, csg, applicant } = await signedInAt('2027-03-01T09:00:00.000Z');
    const { resultId } = await issuedResult(t, csg, 'level-2-cautions', { applicant });
    const other = await issuedResult(t, csg, 'level-2-cautions', { applicant });
    const { db } = t.database;
    const set = (id: string, changes: Record<string, unknown>) =>
      db.updateTable('results').set(changes).where('id', '=', id).execute();
    /** Nothing a millisecond before the boundary; at it, a reminder about the first result only. */
    const remindsAtBoundary = async (template: string, boundary: number) => {
      t.clock.set(new Date(boundary - 1));
      await run();
      expect(await messages(template)).toEqual([]);
      t.clock.set(new Date(boundary));
      await run();
      expect(await messages(template, resultId)).toMatchObject([{ status: 'sent' }]);
      expect(await messages(template, other.resultId)).toEqual([]);
    };
    // The other result: viewed at once (acted), so never "not viewed"; shared (acted), so no share reminder.
    await set(other.resultId, { first_viewed_at: start, shared_at: start });

    // Not viewed: 3 days after it is ready.
    t.clock.set(new Date(start.getTime() + 3 * DAY_MS - 1));
    await run();
    expect(await messages('reminder-result-unviewed')).toEqual([]);
    t.clock.set(new Date(start.getTime() + 3 * DAY_MS));
    await run();
    expect(await messages('reminder-result-unviewed', resultId)).toMatchObject([{ status: 'sent' }]);
    await run();
    expect(await messages('reminder-result-unviewed')).toHaveLength(1);

    // Viewing ends 14 days after the first view: reminded 2 days before (the other result, viewed at the start).
    const viewingBoundary = start.getTime() + 12 * DAY_MS;
    t.clock.set(new Date(viewingBoundary - 1));
    await set(resultId, { first_viewed_at: new Date(viewingBoundary - 1) });
    await run();
    expect(await messages('reminder-viewing-ends', other.resultId)).toEqual([]);
    t.clock.set(new Date(viewingBoundary));
    await run();
    expect(await messages('reminder-viewing-ends', other.resultId)).toMatchObject([{ status: 'sent' }]);
    // The first result was viewed just now: its viewing ends far later.
    expect(await messages('reminder-viewing-ends', resultId)).toEqual([]);

    // The share window (open to the end of the share expiry date): reminded 2 days before it closes, unless shared.
    const expiry = new Date(viewingBoundary + 5 * DAY_MS).toISOString().slice(0, 10);
    await set(resultId, { share_expiry_date: expiry, shareable: true });
    await set(other.resultId, { share_expiry_date: expiry, shareable: true });
    const shareBoundary = new Date(`${expiry}T00:00:00.000Z`).getTime() - DAY_MS;
    await remindsAtBoundary('reminder-share-window', shareBoundary);

    // An intended appeal: 3 days before the deadline (the day before the scheduled pending release date).
    const release = new Date(shareBoundary + 10 * DAY_MS).toISOString().slice(0, 10);
    await set(resultId, {
      has_appealable_convictions: true,
      released_to_organisation_at: null,
      released_by: null,
      appeal_decision: 'INTENDS_TO_APPEAL',
      scheduled_pending_release_date: release,
    });
    await set(other.resultId, {
      has_appealable_convictions: true,
      released_to_organisation_at: null,
      released_by: null,
      appeal_decision: 'INTENDS_TO_APPEAL',
      scheduled_pending_release_date: release,
      // Acted: the outcome is recorded.
      appeal_outcome: 'CONVICTIONS_UNCHANGED',
    });
    const appealBoundary = new Date(`${release}T00:00:00.000Z`).getTime() - 4 * DAY_MS;
    await remindsAtBoundary('reminder-appeal', appealBoundary);
    await run();
    expect(await messages('reminder-appeal')).toHaveLength(1);
    const [appealMessage] = await messages('reminder-appeal', resultId);
    const [appealEmail] = await delivered(appealMessage!.recipient, /appeal deadline/);
    // The deadline is the day before the scheduled pending release date.
    expect(appealEmail!.body).toContain(`application ${await applicationReferenceOf(resultId)}`);
  });

  it('honours the reminder setting: turned off, no reminder; transactional emails still go', async () => {
    const { start, persona, csg, applicant } = await signedInAt('2027-06-01T09:00:00.000Z');
    expect((await applicant.get('/api/personal-details/me/reminders')).json()).toEqual({ remindersOn: true });
    const off = await applicant.send('PUT', '/api/personal-details/me/reminders', { remindersOn: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await applicant.get('/api/personal-details/me/reminders')).json()).toEqual({
      remindersOn: false,
    });
    const { resultId } = await issuedResult(t, csg, 'level-2-cautions', { applicant });
    // The "result ready" email is not a reminder: it went.
    expect(await messages('result-ready', resultId)).toMatchObject([{ status: 'sent' }]);
    t.clock.set(new Date(start.getTime() + 3 * DAY_MS));
    await run();
    expect(await messages('reminder-result-unviewed', resultId)).toEqual([]);

    // On again before the deadline passes: the reminder comes.
    const again = await signedInApplicant(t, persona);
    expect(
      (await again.send('PUT', '/api/personal-details/me/reminders', { remindersOn: true })).statusCode,
    ).toBe(200);
    await run();
    expect(await messages('reminder-result-unviewed', resultId)).toHaveLength(1);
    const changes = await t.database.db
      .selectFrom('audit_events')
      .select('detail')
      .where('event', '=', 'reminders.setting_changed')
      .execute();
    expect(changes.map((c) => c.detail.remindersOn)).toEqual([false, true]);
    expect(
      (await again.send('PUT', '/api/personal-details/me/reminders', { remindersOn: 'no' })).statusCode,
    ).toBe(400);
  });
});
