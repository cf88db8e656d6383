import { describe, expect, it } from 'vitest';
import { DAY_MS, IDENTITY_DOCUMENTS_DAYS, UNVERIFIED_PAYMENT_FEE_PENCE } from '@dis/domain';
import {
  applicantAnswers,
  type Browser,
  caseworkCall,
  customApplicant,
  ENGINES,
  newApplicant,
  postCardAction,
  signedInApplicant,
  type TestApp,
  withTestApp,
} from './harness';

// Spec 02 section 9 (issue 29 item 14, decision 0055): an applicant-only Level 1 paid for before the identity was
// verified needs its identity documents within 14 calendar days or it is cancelled without refund: the
// `applications.cancel-unverified` job at its boundary with the service clock, the email through the outbox, the
// status the applicant sees, and casework recording that the documents arrived.
describe.each(ENGINES)('identity documents of an unverified Level 1 on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app));

  /** An unverified applicant's Level 1, declared and paid by card: submitted. */
  async function submittedUnverified() {
    const persona = customApplicant({ assuranceLevel: 'GPG45_LOW' });
    const applicant = await signedInApplicant(t, persona);
    const created = await applicant.send('POST', '/api/draftApplications', { applicationType: 'LA' });
    const { draftApplicationToken: token, applicationReference: reference } = created.json();
    const saved = await applicant.send(
      'PUT',
      `/api/draftApplications/${token}/applicant`,
      applicantAnswers(t.clock.now()),
    );
    expect(saved.statusCode).toBe(200);
    const declared = await applicant.send('POST', `/api/draftApplications/${token}/submitted`, {
      agreed: true,
    });
    expect(declared.json()).toMatchObject({
      amount: UNVERIFIED_PAYMENT_FEE_PENCE,
      cardPaymentRequired: true,
    });
    const payment = await applicant.send('POST', `/api/draftApplications/${token}/payment`, {
      description: 'x',
      onlinePaymentType: 'CARD',
      returnUrl: '/applicant-apply/level-1/payment/redirect',
    });
    await postCardAction(applicant, payment.json().nextUrl, 'confirm');
    expect((await applicant.get(`/api/draftApplications/${token}/payment`)).json().status).toBe('SUCCESS');
    return { persona, applicant, token, reference };
  }

  const statusOf = async (applicant: Browser, token: string) =>
    (await applicant.get(`/api/draftApplications/${token}/submitted`)).json() as {
      status: string;
      identityDocumentsDueBy: string | null;
    };

  const runJob = async () => {
    await t.jobs.enqueue('applications.cancel-unverified');
    await t.jobs.runDue();
  };

  it('cancels it without refund 14 calendar days after the declaration, not a second sooner, and emails the applicant', async () => {
    const declaredAt = t.clock.now();
    const { persona, applicant, token, reference } = await submittedUnverified();
    const submitted = await statusOf(applicant, token);
    expect(submitted.status).toBe('SUBMITTED');
    expect(submitted.identityDocumentsDueBy).toBe(
      new Date(declaredAt.getTime() + IDENTITY_DOCUMENTS_DAYS * DAY_MS).toISOString(),
    );
    const due = new Date(submitted.identityDocumentsDueBy!);

    t.clock.set(new Date(due.getTime() - 1000));
    await runJob();
    // Fourteen days on, the applicant signs in again to look.
    const later = await signedInApplicant(t, persona);
    expect((await statusOf(later, token)).status).toBe('SUBMITTED');

    t.clock.set(due);
    await runJob();
    const cancelled = await statusOf(later, token);
    expect(cancelled.status).toBe('TERMINATED');
    expect(cancelled.identityDocumentsDueBy).toBeNull();
    // The applicant's own list says so too.
    const summary = (await later.get('/api/draftApplications/applicant-applications-summary')).json();
    expect(summary.summaries.find((row: { id: string }) => row.id === token)).toMatchObject({
      status: 'TERMINATED',
    });
    const emails = await t.database.db
      .selectFrom('outbox_messages')
      .select(['template', 'recipient'])
      .where('about_id', '=', token)
      .where('template', '=', 'identity-documents-cancelled')
      .execute();
    expect(emails).toHaveLength(1);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['event', 'detail'])
      .where('event', '=', 'application.cancelled')
      .execute();
    expect(audit.map((row) => JSON.stringify(row.detail)).join()).toContain(reference);

    // Once: another run neither cancels again nor writes a second email.
    await runJob();
    expect(
      await t.database.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('about_id', '=', token)
        .where('template', '=', 'identity-documents-cancelled')
        .execute(),
    ).toHaveLength(1);
  });

  it('leaves it when casework records the documents arrived, and refuses that for an application not waiting', async () => {
    const { persona, applicant, token, reference } = await submittedUnverified();
    const received = await caseworkCall(
      t,
      'POST',
      `/internal/casework/applications/${reference}/identity-documents-received`,
    );
    expect(received.statusCode).toBe(200);
    expect(received.json()).toEqual({ reference, status: 'SUBMITTED', awaitingIdentityDocuments: false });
    expect((await statusOf(applicant, token)).identityDocumentsDueBy).toBeNull();
    t.clock.advance((IDENTITY_DOCUMENTS_DAYS + 1) * DAY_MS);
    await runJob();
    expect((await statusOf(await signedInApplicant(t, persona), token)).status).toBe('SUBMITTED');
    const again = await caseworkCall(
      t,
      'POST',
      `/internal/casework/applications/${reference}/identity-documents-received`,
    );
    expect(again.statusCode).toBe(409);
    const unknown = await caseworkCall(
      t,
      'POST',
      '/internal/casework/applications/NOPE0000/identity-documents-received',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('awaits nothing from a verified applicant’s Level 1', async () => {
    const applicant = await newApplicant(t);
    const created = await applicant.send('POST', '/api/draftApplications', { applicationType: 'LA' });
    const { draftApplicationToken: token } = created.json();
    await applicant.send('PUT', `/api/draftApplications/${token}/applicant`, applicantAnswers(t.clock.now()));
    await applicant.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    expect((await statusOf(applicant, token)).identityDocumentsDueBy).toBeNull();
  });
});
