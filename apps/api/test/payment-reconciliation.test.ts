import { describe, expect, it } from 'vitest';
import * as h from './harness';
import {
  PAYMENT_RECONCILE_INTERVAL_MS,
  PAYMENT_RECONCILE_MIN_AGE_MS,
  PAYMENT_RECONCILE_REQUEST_ID,
} from '../src/modules/payments/reconciliation';
import { LOCAL_PAYMENT_EXPIRY_MS } from '../src/integrations/payments/local';

const MINUTE_MS = 60 * 1000;

describe.each(h.ENGINES)('payment reconciliation job on $name', (engine) => {
  // Each test moves the clock forward for good, so each has an app (and clock) of its own.
  let t: h.TestApp, csg: h.Browser;
  h.withPeople(engine, {}, (s) => ({ t, csg } = s), { each: true });

  const reconcile = async () => {
    await t.jobs.enqueue('payments.reconcile', {}, { unique: true });
    await t.jobs.runDue();
  };
  /** The reconciliation job's runs in a status: `pending` is the next one queued. */
  const reconcileJobs = (status: 'pending' | 'done') =>
    t.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'payments.reconcile')
      .where('status', '=', status)
      .execute();
  const application = (token: string) => h.applicationRow(t, token);
  const paymentsOf = (token: string) =>
    t.database.db.selectFrom('payments').selectAll().where('application_id', '=', token).execute();
  /** The audit entries the job wrote for an event. */
  const jobAudit = (event: string) =>
    t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('event', '=', event)
      .where('request_id', '=', PAYMENT_RECONCILE_REQUEST_ID)
      .execute();
  const handoverMails = async (reference: string) =>
    t.database.db
      .selectFrom('notify_outbox')
      .selectAll()
      .where('reference', 'in', await h.outboxReferences(t, [reference]))
      .where('kind', '=', 'email')
      .execute();

  /** An organisation-started application the applicant pays for by card, declared and at the card page. */
  async function applicantAtCardPage() {
    const { token, linkId, applicationReference, applicant, persona } = await h.handedOverToNewApplicant(
      t,
      csg,
      h.APPLICANT_PAYS_BY_CARD,
    );
    await applicant.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId });
    const saved = await applicant.send(
      'PUT',
      `/api/draftApplications/${token}/applicant`,
      h.applicantAnswers(t.clock.now()),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const declared = await applicant.send('POST', `/api/draftApplications/${token}/submitted`, {
      agreed: true,
    });
    expect(declared.json()).toMatchObject({ cardPaymentRequired: true });
    const pay = await applicant.send('POST', `/api/draftApplications/${token}/payment`, {
      returnUrl: '/applicant-apply/level-2/payment/redirect',
    });
    expect(pay.json()).toMatchObject({ status: 'CREATED' });
    return { token, applicationReference, persona, applicant, nextUrl: pay.json().nextUrl as string };
  }

  /** An organisation application paid by card (CARD_CSG), declared and at the card page. */
  async function organisationAtCardPage() {
    const { draftApplicationToken: token, applicationReference } = await h.newDraft(csg);
    const saved = await csg.send(
      'PUT',
      `/api/draftApplications/${token}/countersignatory`,
      h.level2Payload({ onlinePaymentType: 'CARD_CSG', invoiceSubAccountCode: undefined }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const declared = await csg.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    expect(declared.json()).toMatchObject({ onlinePaymentType: 'CARD_CSG', cardPaymentRequired: true });
    const pay = await csg.send('POST', `/api/draftApplications/${token}/payment`, {
      returnUrl: '/csg-apply/level-2/payment/redirect',
    });
    expect(pay.json()).toMatchObject({ status: 'CREATED' });
    return { token, applicationReference, nextUrl: pay.json().nextUrl as string };
  }

  it('an applicant who pays and never comes back: SUBMITTED after the job, and it no longer expires', async () => {
    const { token, persona, applicant, nextUrl } = await applicantAtCardPage();
    // The card page's redirect back is never followed: the tab is closed.
    expect((await h.postCardAction(applicant, nextUrl, 'confirm')).statusCode).toBe(303);
    expect((await application(token)).status).toBe('WITH_APPLICANT');

    t.clock.advance(PAYMENT_RECONCILE_MIN_AGE_MS);
    await reconcile();
    const row = await application(token);
    expect(row.status).toBe('SUBMITTED');
    expect(await paymentsOf(token)).toMatchObject([{ active: false, state: 'success' }]);
    const audit = await jobAudit('payment.finished');
    expect(audit).toMatchObject([{ outcome: 'success', user_id: null }]);

    // The applicant's summary and the organisation's dashboard agree.
    const alex = await h.signedInApplicant(t, persona);
    const summary = (await alex.get('/api/draftApplications/applicant-applications-summary')).json();
    expect(summary.summaries.find((s: { id: string }) => s.id === token)).toMatchObject({
      status: 'SUBMITTED',
    });
    csg = await h.signedInCsg(t);
    const listed = (await csg.get('/ags/disclosure-summaries?pageSize=100')).json().summaries;
    expect(listed.find((s: { id: string }) => s.id === token).status).toBe('SUBMITTED');
    expect((await alex.get(`/api/draftApplications/${token}/payment`)).json()).toMatchObject({
      status: 'SUCCESS',
    });

    // Paid, so the 14 days no longer apply.
    t.clock.advance(15 * h.DAY_MS);
    await t.jobs.enqueue('applications.expire', {}, { unique: true });
    await t.jobs.runDue();
    expect((await application(token)).status).toBe('SUBMITTED');

    // The job queued its next run, one interval on.
    const pending = await reconcileJobs('pending');
    expect(pending).toHaveLength(1);
    const done = await reconcileJobs('done');
    expect(done.length).toBeGreaterThanOrEqual(2);
  });

  it('the job re-enqueues itself one interval on', async () => {
    await reconcile();
    const pending = await reconcileJobs('pending');
    expect(pending).toHaveLength(1);
    expect(new Date(pending[0]!.run_at).getTime()).toBe(
      t.clock.now().getTime() + PAYMENT_RECONCILE_INTERVAL_MS,
    );
    // Not due yet: nothing runs; once due, it runs and queues the next.
    expect(await t.jobs.runDue()).toBe(0);
    t.clock.advance(PAYMENT_RECONCILE_INTERVAL_MS);
    expect(await t.jobs.runDue()).toBe(1);
    expect(await reconcileJobs('pending')).toHaveLength(1);
  });

  it('an applicant whose card is declined and who never comes back: PAYMENT_FAILED after the job', async () => {
    const persona = h.customApplicant({ assuranceLevel: 'GPG45_LOW' });
    const person = await h.signedInApplicant(t, persona);
    const { draftApplicationToken: token } = await h.newDraft(person, 'LA');
    const answers = h.applicantAnswers(t.clock.now());
    const saved = await person.send('PUT', `/api/draftApplications/${token}/applicant`, answers);
    expect(saved.statusCode).toBe(200);
    await person.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    const pay = (
      await person.send('POST', `/api/draftApplications/${token}/payment`, {
        returnUrl: '/applicant-apply/level-1/payment/redirect',
      })
    ).json();
    await h.postCardAction(person, pay.nextUrl, 'decline');

    t.clock.advance(PAYMENT_RECONCILE_MIN_AGE_MS + MINUTE_MS);
    await reconcile();
    expect((await application(token)).status).toBe('PAYMENT_FAILED');
    expect(await paymentsOf(token)).toMatchObject([{ active: false, state: 'failed' }]);
    const again = await h.signedInApplicant(t, persona);
    const summary = (await again.get('/api/draftApplications/applicant-applications-summary')).json();
    expect(summary.summaries[0]).toMatchObject({ id: token, status: 'PAYMENT_FAILED' });
    // Retry still works: a new card payment.
    const retry = await again.send('POST', `/api/draftApplications/${token}/payment`, {
      returnUrl: '/applicant-apply/level-1/payment/redirect',
    });
    expect(retry.json()).toMatchObject({ status: 'CREATED' });
  });

  it('a payment younger than the threshold is left alone; one still on the card page too, until the provider expires it', async () => {
    const { token, applicant, nextUrl } = await applicantAtCardPage();
    // Paid a minute ago: the person is probably on the way back, so the job does not ask yet.
    await h.postCardAction(applicant, nextUrl, 'confirm');
    t.clock.advance(PAYMENT_RECONCILE_MIN_AGE_MS - MINUTE_MS);
    await reconcile();
    expect(await paymentsOf(token)).toMatchObject([{ active: true }]);
    expect((await application(token)).status).toBe('WITH_APPLICANT');

    // Another left on the card page (opened, never finished): asked about, still in progress, left alone.
    const other = await applicantAtCardPage();
    expect((await other.applicant.get(other.nextUrl)).statusCode).toBe(200);
    // The next run, one interval on: the first is old enough now, the other not finished.
    t.clock.advance(PAYMENT_RECONCILE_INTERVAL_MS);
    expect(await t.jobs.runDue()).toBe(1);
    expect((await application(token)).status).toBe('SUBMITTED');
    expect(await paymentsOf(other.token)).toMatchObject([{ active: true, state: 'created' }]);
    expect((await application(other.token)).status).toBe('WITH_APPLICANT');
    const local = await t.database.db
      .selectFrom('local_payments')
      .select('status')
      .where('payment_id', '=', (await paymentsOf(other.token))[0]!.provider_payment_id!)
      .executeTakeFirstOrThrow();
    expect(local.status).toBe('started');

    // 90 minutes after its creation the provider reports it failed (P0020): settled as a failure.
    t.clock.advance(LOCAL_PAYMENT_EXPIRY_MS);
    const remote = await t.database.db
      .selectFrom('payments')
      .select('provider_payment_id')
      .where('application_id', '=', other.token)
      .executeTakeFirstOrThrow();
    expect(await t.jobs.runDue()).toBe(1);
    expect((await application(other.token)).status).toBe('PAYMENT_FAILED');
    expect(await paymentsOf(other.token)).toMatchObject([{ active: false, state: 'failed' }]);
    // The expired card page can no longer be paid, and sends the person back.
    expect((await h.postCardAction(other.applicant, other.nextUrl, 'confirm')).statusCode).toBe(303);
    const stillExpired = await t.database.db
      .selectFrom('local_payments')
      .select('status')
      .where('payment_id', '=', remote.provider_payment_id!)
      .executeTakeFirstOrThrow();
    expect(stillExpired.status).toBe('started');
    expect((await other.applicant.get(other.nextUrl)).statusCode).toBe(303);
  });

  it('an organisation that pays by card and never loads the confirmation: handed over by the job, one email', async () => {
    const { token, applicationReference, nextUrl } = await organisationAtCardPage();
    await h.postCardAction(csg, nextUrl, 'confirm');
    expect((await application(token)).link_id).toBeNull();

    t.clock.advance(PAYMENT_RECONCILE_MIN_AGE_MS);
    await reconcile();
    const row = await application(token);
    expect(row.status).toBe('WITH_APPLICANT');
    expect(row.link_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.expired_duration_days).toBe(14);
    const mails = await handoverMails(applicationReference);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe('robin.applicant@example.com');
    expect(mails[0]!.body).toContain(`uuid=${row.link_id}`);
    const audit = await jobAudit('application.handover');
    expect(audit).toMatchObject([{ outcome: 'success', user_id: null }]);

    // A second run, and a late load of the confirmation page, hand over nothing more.
    t.clock.advance(PAYMENT_RECONCILE_INTERVAL_MS);
    await t.jobs.runDue();
    csg = await h.signedInCsg(t);
    const confirmation = await csg.send('PUT', `/api/draftApplications/${token}/complete`);
    expect(h.okBody(confirmation)).toMatchObject({ applicationReference });
    expect(await handoverMails(applicationReference)).toHaveLength(1);
    expect((await application(token)).link_id).toBe(row.link_id);
    const listed = (await csg.get('/ags/disclosure-summaries?pageSize=100')).json().summaries;
    expect(listed.find((s: { reference: string }) => s.reference === applicationReference).status).toBe(
      'WITH_APPLICANT',
    );
  });

  it('an organisation back from the card page that closes the tab before the confirmation: handed over too', async () => {
    const { token, applicationReference, nextUrl } = await organisationAtCardPage();
    await h.postCardAction(csg, nextUrl, 'confirm');
    // The redirect page settles the payment; the confirmation page never loads.
    expect((await csg.get(`/api/draftApplications/${token}/payment`)).json().status).toBe('SUCCESS');
    expect((await application(token)).link_id).toBeNull();

    // Too soon: the browser is probably on its way to the confirmation.
    await reconcile();
    expect((await application(token)).link_id).toBeNull();

    t.clock.advance(PAYMENT_RECONCILE_INTERVAL_MS);
    await t.jobs.runDue();
    expect((await application(token)).status).toBe('WITH_APPLICANT');
    expect(await handoverMails(applicationReference)).toHaveLength(1);
    t.clock.advance(PAYMENT_RECONCILE_INTERVAL_MS);
    await t.jobs.runDue();
    expect(await handoverMails(applicationReference)).toHaveLength(1);
  });

  it('an organisation card payment declined and abandoned: PAYMENT_FAILED, nothing handed over', async () => {
    const { token, applicationReference, nextUrl } = await organisationAtCardPage();
    await h.postCardAction(csg, nextUrl, 'decline');
    t.clock.advance(PAYMENT_RECONCILE_MIN_AGE_MS);
    await reconcile();
    const row = await application(token);
    expect(row.status).toBe('PAYMENT_FAILED');
    expect(row.link_id).toBeNull();
    expect(await handoverMails(applicationReference)).toHaveLength(0);
  });

  it('a provider error for one payment does not stop another from settling', async () => {
    const broken = await organisationAtCardPage();
    t.clock.advance(MINUTE_MS);
    const fine = await applicantAtCardPage();
    await h.postCardAction(fine.applicant, fine.nextUrl, 'confirm');
    // The provider no longer knows the older payment: asking about it throws.
    const [brokenPayment] = await paymentsOf(broken.token);
    await t.database.db
      .deleteFrom('local_payments')
      .where('payment_id', '=', brokenPayment!.provider_payment_id!)
      .execute();

    t.clock.advance(PAYMENT_RECONCILE_MIN_AGE_MS);
    await reconcile();
    expect((await application(fine.token)).status).toBe('SUBMITTED');
    // The broken one stays as it was, to be asked about again on the next run; the job itself succeeded.
    expect(await paymentsOf(broken.token)).toMatchObject([{ active: true }]);
    expect((await application(broken.token)).status).toBe('DRAFT');
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('kind', '=', 'payments.reconcile')
      .execute();
    expect(jobs.filter((j) => j.status === 'done')).toHaveLength(1);
    expect(jobs.filter((j) => j.status === 'pending')).toHaveLength(1);
    expect(jobs.every((j) => j.last_error === null)).toBe(true);
  });

  it('a payment row the provider never answered for (the server stopped) is cleared, and the person can retry', async () => {
    const { token, persona } = await applicantAtCardPage();
    // As if the server had stopped after saving the row but before the provider's answer.
    await t.database.db.deleteFrom('payments').where('application_id', '=', token).execute();
    await t.database.db
      .insertInto('payments')
      .values({
        id: 'orphan-payment',
        application_id: token,
        provider_payment_id: null,
        amount: 2500,
        payment_type: 'CARD',
        description: 'Level 2',
        return_path: '/applicant-apply/level-2/payment/redirect',
        state: 'pending',
        next_url: null,
        created_at: t.clock.now(),
        finished_at: null,
      })
      .execute();
    // Younger than the threshold: it may still be on its way, so it is left alone.
    await reconcile();
    expect(await paymentsOf(token)).toMatchObject([{ id: 'orphan-payment', active: true }]);

    // The next run (one interval on, which is past the threshold) clears it.
    t.clock.advance(PAYMENT_RECONCILE_INTERVAL_MS);
    await reconcile();
    expect(await paymentsOf(token)).toMatchObject([{ id: 'orphan-payment', active: false, state: 'error' }]);
    expect((await application(token)).status).toBe('PAYMENT_FAILED');

    const signedIn = await h.signedInApplicant(t, persona);
    const retry = await signedIn.send('POST', `/api/draftApplications/${token}/payment`, {
      returnUrl: '/applicant-apply/level-2/payment/redirect',
    });
    expect(retry.json()).toMatchObject({ status: 'CREATED' });
  });
});
