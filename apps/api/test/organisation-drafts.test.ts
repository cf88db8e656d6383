import { describe, expect, it } from 'vitest';
import {
  Browser,
  DAY_MS,
  ENGINES,
  expectFieldRefused,
  level2Payload,
  newDraft,
  postCardAction,
  signedInCsg,
  type TestApp,
  withPeople,
  asCsg,
  auditOutcomes,
  applicationRow,
  withTestApp,
  rowsWhere,
  okBody,
  enteredApplicantDetails,
} from './harness';

async function outbox(browser: Browser) {
  return (await browser.get('/local/notify/messages')).json() as Array<{
    to: string;
    subject: string;
    body: string;
    personalisation: Record<string, string>;
  }>;
}

/** Presses a button on the local card page, as a person would. */
async function pressCardButton(browser: Browser, nextUrl: string, action: 'confirm' | 'decline' | 'cancel') {
  const page = await browser.get(nextUrl);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Confirm payment');
  return postCardAction(browser, nextUrl, action);
}

describe.each(ENGINES)('organisation drafts on $name', (engine) => {
  let t: TestApp, csg: Browser, other: Browser;
  withPeople(engine, { other: asCsg('csg-other-org') }, (s) => ({ t, csg, other } = s));

  it('creates a draft with an unguessable token and a reference, filled from the register', async () => {
    const { draftApplicationToken, applicationReference } = await newDraft(csg);
    expect(draftApplicationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(applicationReference).toMatch(/^DS-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const draft = (await csg.get(`/api/draftApplications/${draftApplicationToken}`)).json();
    expect(draft).toMatchObject({
      id: draftApplicationToken,
      applicationReference,
      applicationTypeCode: 'LB',
      registeredBody: { registeredBodyOrSubAccountCode: 'RB1001', csgCode: 'CSA100001' },
    });
  });

  it('refuses a type the role may not start', async () => {
    const bad = await csg.send('POST', '/api/draftApplications', { applicationType: 'BD' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.applicationType).toBe('Select the type of application');
    const level1 = await signedInCsg(t, 'level1-csg');
    expect((await level1.send('POST', '/api/draftApplications', { applicationType: 'LB' })).statusCode).toBe(
      400,
    );
    expect((await level1.send('POST', '/api/draftApplications', { applicationType: 'LA' })).statusCode).toBe(
      201,
    );
  });

  it('validates the save payload field by field and stores nothing on a bad value', async () => {
    const { draftApplicationToken: token } = await newDraft(csg);
    const before = (await csg.get(`/api/draftApplications/${token}`)).json();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ applicationTypeCode: 'ZZ' }, 'applicationTypeCode'],
      [{ applicationTypeCode: 'PA' }, 'applicationTypeCode'],
      [{ applicantEmail: 'not-an-email' }, 'applicantEmail'],
      [{ applicantName: { forename: 'R0bin', surname: 'Ok' } }, 'applicantName.forename'],
      [{ applicantName: { forename: 'Robin', surname: '' } }, 'applicantName.surname'],
      [{ applicantDateOfBirth: { day: 31, month: 2, year: 1990 } }, 'applicantDateOfBirth'],
      [{ applicantDateOfBirth: { day: 1, month: 1, year: 2099 } }, 'applicantDateOfBirth'],
      [
        { applicantCurrentAddress: { line1: '', town: 'Leith', postcode: 'EH6 6AA', country: 'GB' } },
        'applicantCurrentAddress.line1',
      ],
      [
        { applicantCurrentAddress: { line1: '1 Road', town: 'Leith', postcode: 'NOPE', country: 'GB' } },
        'applicantCurrentAddress.postcode',
      ],
      [{ confirmationOfIdentity: 'yes' }, 'confirmationOfIdentity'],
      [{ confirmRoleQualifies: 'yes' }, 'confirmRoleQualifies'],
      [
        {
          csgAnotherOrganisation: {
            isCsgForAnotherOrganisation: true,
            organisationName: 'Org',
            organisationEmail: 'x',
          },
        },
        'csgAnotherOrganisation.organisationEmail',
      ],
      [{ roleDetails: { position: 'x'.repeat(65) } }, 'roleDetails.position'],
      [
        { roleDetails: { volunteerForQualifyingOrganisation: true } },
        'roleDetails.volunteerForQualifyingOrganisation',
      ],
      [{ workforces: ['SOMETHING'] }, 'workforces'],
      [{ onlinePaymentType: 'CASH' }, 'onlinePaymentType'],
      [{ invoiceSubAccountCode: 'A-1' }, 'invoiceSubAccountCode'],
      [{ invoiceSubAccountCode: 'B100' }, 'invoiceSubAccountCode'],
      [{ whoWillPay: 'Someone' }, 'whoWillPay'],
      [{ declarationDate: '2020-13-45' }, 'declarationDate'],
    ];
    for (const [payload, field] of bad) {
      const res = await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, {
        ...level2Payload(),
        ...payload,
      });
      expectFieldRefused(res, payload, field);
    }
    expect((await csg.get(`/api/draftApplications/${token}`)).json()).toEqual(before);

    const ok = await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, {
      ...level2Payload(),
      // The register decides these, not the browser.
      registeredBody: { registeredBodyName: 'Somebody Else', registeredBodyOrSubAccountCode: 'RB2002' },
      csgCode: 'CSB200001',
    });
    expect(okBody(ok)).toMatchObject({
      confirmRoleQualifies: true,
      verified: true,
      registeredBody: { registeredBodyOrSubAccountCode: 'RB1001', csgCode: 'CSA100001' },
      applicant: { email: 'robin.applicant@example.com', roleDetails: { position: 'Care worker' } },
      payment: { whoWillPay: 'Organisation', type: 'INVOICE', subAccountCode: 'A200' },
    });
  });

  it("one organisation cannot read or change another's draft", async () => {
    const { draftApplicationToken: token } = await newDraft(csg);
    await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, level2Payload());
    const calls = [
      other.get(`/api/draftApplications/${token}`),
      other.send('PUT', `/api/draftApplications/${token}/countersignatory`, {
        applicantEmail: 'x@example.com',
      }),
      other.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true }),
      other.send('POST', `/api/draftApplications/${token}/payment`, { returnUrl: '/x' }),
      other.get(`/api/draftApplications/${token}/payment`),
      other.send('PUT', `/api/draftApplications/${token}/complete`),
      other.get(`/api/draftApplications/${token}/handover`),
      other.get(`/api/application/${token}`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    expect((await csg.get(`/api/draftApplications/${token}`)).json().applicant.email).toBe(
      'robin.applicant@example.com',
    );
    expect((await csg.get(`/api/draftApplications/${token}`)).json().declaration).toBeUndefined();
  });

  it('refuses an incomplete or tampered draft at submission', async () => {
    const { draftApplicationToken: token } = await newDraft(csg);
    await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, {
      roleDetails: { position: 'Care worker' },
    });
    const incomplete = await csg.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().backendCode).toBe('INCOMPLETE_APPLICATION');
    // Who pays is the organisation but no payment method: the walk stops at select-payment-method.
    await csg.send(
      'PUT',
      `/api/draftApplications/${token}/countersignatory`,
      level2Payload({ onlinePaymentType: 'FREE' }),
    );
    const tampered = await csg.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().backendCode).toBe('INCOMPLETE_APPLICATION');
    const notTicked = await csg.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: false });
    expect(notTicked.statusCode).toBe(400);
    expect(Object.keys(notTicked.json().fieldErrors)).toEqual(['agreed']);
    expect((await csg.get(`/api/draftApplications/${token}`)).json().declaration).toBeUndefined();
  });

  it('sets the price and payment type itself, whatever the browser sends', async () => {
    // The applicant pays: CARD, at the level 2 fee, even though the browser said FREE.
    const a = await newDraft(csg);
    await csg.send(
      'PUT',
      `/api/draftApplications/${a.draftApplicationToken}/countersignatory`,
      level2Payload({ whoWillPay: 'Applicant', onlinePaymentType: 'CARD' }),
    );
    await csg.send('PUT', `/api/draftApplications/${a.draftApplicationToken}/countersignatory`, {
      onlinePaymentType: 'FREE',
    });
    const priced = await csg.send('POST', `/api/draftApplications/${a.draftApplicationToken}/submitted`, {
      agreed: true,
      amount: 0,
    });
    expect(priced.json().fieldErrors).toEqual({ amount: expect.any(String) });
    const applicantPays = await csg.send(
      'POST',
      `/api/draftApplications/${a.draftApplicationToken}/submitted`,
      { agreed: true },
    );
    expect(applicantPays.json()).toMatchObject({
      onlinePaymentType: 'CARD',
      amount: 2500,
      cardPaymentRequired: false,
    });

    // A PVG volunteer for a qualifying voluntary organisation (organisation A qualifies): FREE.
    const b = await newDraft(csg, 'PA');
    const pvg = {
      roleDetails: { position: 'Youth leader', volunteerForQualifyingOrganisation: true },
      workforces: ['CHILD'],
      ...enteredApplicantDetails({
        applicantName: { forename: 'Sam', surname: 'Volunteer' },
        applicantDateOfBirth: { day: 1, month: 6, year: 2000 },
        applicantEmail: 'sam.volunteer@example.com',
      }),
      onlinePaymentType: 'CARD_CSG',
    };
    expect(
      (await csg.send('PUT', `/api/draftApplications/${b.draftApplicationToken}/countersignatory`, pvg))
        .statusCode,
    ).toBe(200);
    const free = await csg.send('POST', `/api/draftApplications/${b.draftApplicationToken}/submitted`, {
      agreed: true,
    });
    expect(free.json()).toMatchObject({ onlinePaymentType: 'FREE', paymentStatus: 'FREE', amount: 0 });

    // Organisation B is not a qualifying voluntary organisation: the same answers are refused.
    const c = await newDraft(other, 'PA');
    await other.send('PUT', `/api/draftApplications/${c.draftApplicationToken}/countersignatory`, pvg);
    const refused = await other.send('POST', `/api/draftApplications/${c.draftApplicationToken}/submitted`, {
      agreed: true,
    });
    expect(refused.statusCode).toBe(400);

    // Invoice: INVOICED at the fee, with the sub-account code.
    const d = await newDraft(csg);
    await csg.send(
      'PUT',
      `/api/draftApplications/${d.draftApplicationToken}/countersignatory`,
      level2Payload(),
    );
    const invoiced = await csg.send('POST', `/api/draftApplications/${d.draftApplicationToken}/submitted`, {
      agreed: true,
    });
    expect(invoiced.json()).toMatchObject({
      onlinePaymentType: 'INVOICE',
      paymentStatus: 'INVOICED',
      amount: 2500,
    });
    const stored = (await csg.get(`/api/draftApplications/${d.draftApplicationToken}`)).json();
    expect(stored.declaration).toMatchObject({ agreed: true });
    expect(stored.declaration.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Declared drafts are frozen.
    expect(
      (
        await csg.send('PUT', `/api/draftApplications/${d.draftApplicationToken}/countersignatory`, {
          applicantEmail: 'a@example.com',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('completion hands over to the applicant once, with the sign-in link by email', async () => {
    const { draftApplicationToken: token, applicationReference } = await newDraft(csg);
    await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, level2Payload());
    // Not listed while a draft.
    const listed = () =>
      csg
        .get('/ags/disclosure-summaries?pageSize=100')
        .then((r) => r.json().summaries as Array<{ reference: string; status: string }>);
    expect((await listed()).some((s) => s.reference === applicationReference)).toBe(false);
    expect((await csg.send('PUT', `/api/draftApplications/${token}/complete`)).statusCode).toBe(400);
    await csg.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    const done = await csg.send('PUT', `/api/draftApplications/${token}/complete`);
    expect(okBody(done)).toEqual({ applicationReference, applicantName: 'Robin Test-Applicant' });
    const again = await csg.send('PUT', `/api/draftApplications/${token}/complete`);
    expect(again.json()).toEqual(done.json());

    const row = await applicationRow(t, token);
    expect(row.status).toBe('WITH_APPLICANT');
    expect(row.expired_duration_days).toBe(14);
    expect(new Date(row.status_last_changed).getTime()).toBe(t.clock.now().getTime());
    expect(row.link_id).toMatch(/^[0-9a-f-]{36}$/);
    const mails = (await outbox(csg)).filter(
      (m) => m.personalisation.applicationReference === applicationReference,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('robin.applicant@example.com');
    expect(mails[0]!.body).toContain(`http://localhost:3000/oauth2/authorization/dis?uuid=${row.link_id}`);
    expect(mails[0]!.body).toContain('14 days');
    expect(mails[0]!.body).not.toContain(token);

    expect((await listed()).find((s) => s.reference === applicationReference)?.status).toBe('WITH_APPLICANT');
    const details = (await csg.get(`/api/application/${token}`)).json();
    expect(details).toMatchObject({
      handoverComplete: true,
      applicationTypeCode: 'LB',
      expiredDurationDays: 14,
      countersignatory: {
        applicantName: 'Robin Test-Applicant',
        applicantDateOfBirth: '1990-03-14',
        applicantEmail: 'robin.applicant@example.com',
        onlinePaymentType: 'INVOICE',
        invoiceSubAccountCode: 'A200',
      },
    });
    const handover = (await csg.get(`/api/draftApplications/${token}/handover`)).json();
    expect(handover).toMatchObject({
      draftApplicationToken: token,
      applicationReference,
      applicationTypeCode: 'LB',
      onlinePaymentType: 'INVOICE',
    });
    const events = await t.database.db
      .selectFrom('audit_events')
      .select('event')
      .where('request_id', 'is not', null)
      .execute();
    const names = new Set(events.map((e) => e.event));
    for (const e of ['application.draft_created', 'application.declaration_signed', 'application.handover'])
      expect(names.has(e), e).toBe(true);

    // The applicant reaches the hand-over data with the link identifier, not the draft token.
    const applicant = new Browser(t);
    await applicant.signIn('applicant-verified');
    expect((await applicant.get(`/api/draftApplications/${row.link_id}/handover`)).json()).toMatchObject({
      applicationReference,
    });
    expect((await applicant.get(`/api/draftApplications/${token}/handover`)).statusCode).toBe(404);
    const unknown = await applicant.get(
      '/api/draftApplications/00000000-0000-4000-8000-000000000000/handover',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().backendCode).toBe('ApplicationDetails.NotFound');

    // 14 days after the hand-over: gone.
    t.clock.advance(14 * DAY_MS);
    try {
      // The hand-over needs no declaration (applicants call it too).
      const later = new Browser(t);
      await later.signIn('csg');
      const gone = await later.get(`/api/draftApplications/${token}/handover`);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().backendCode).toBe('APPLICATION_EXPIRED');
    } finally {
      t.clock.advance(-14 * DAY_MS);
    }
  });

  it('card payment: one payment per double submit, a forged or stale return changes nothing, decline then retry', async () => {
    const card = level2Payload({ onlinePaymentType: 'CARD_CSG', invoiceSubAccountCode: undefined });
    const a = await newDraft(csg);
    const b = await newDraft(csg);
    for (const { draftApplicationToken } of [a, b]) {
      await csg.send('PUT', `/api/draftApplications/${draftApplicationToken}/countersignatory`, card);
      const submitted = await csg.send('POST', `/api/draftApplications/${draftApplicationToken}/submitted`, {
        agreed: true,
      });
      expect(submitted.json()).toMatchObject({
        onlinePaymentType: 'CARD_CSG',
        amount: 2500,
        cardPaymentRequired: true,
      });
    }
    const base = `/api/draftApplications/${a.draftApplicationToken}`;
    expect(
      (await csg.send('POST', `${base}/payment`, { returnUrl: 'https://evil.example/return' })).statusCode,
    ).toBe(400);
    expect(
      (await csg.send('POST', `${base}/payment`, { returnUrl: '//evil.example/return' })).statusCode,
    ).toBe(400);

    const body = {
      description: 'free please',
      onlinePaymentType: 'FREE',
      returnUrl: '/csg-apply/level-2/payment/redirect',
    };
    const [first, second] = await Promise.all([
      csg.send('POST', `${base}/payment`, body),
      csg.send('POST', `${base}/payment`, body),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('CREATED');
    expect(second.json()).toEqual(first.json());
    const payments = await rowsWhere(t, 'payments', { application_id: a.draftApplicationToken });
    expect(payments).toHaveLength(1);
    expect(payments[0]!.amount).toBe(2500);
    const local = await t.database.db.selectFrom('local_payments').selectAll().execute();
    expect(local.filter((p) => p.reference === payments[0]!.description.split(' ').at(-1))).toHaveLength(1);

    // A return before paying (forged) changes nothing.
    expect((await csg.get(`${base}/payment`)).json()).toMatchObject({ status: 'CREATED' });
    expect((await csg.send('PUT', `${base}/complete`)).statusCode).toBe(409);

    // Paying for B never completes A (stale or someone else's payment).
    const bPay = (
      await csg.send('POST', `/api/draftApplications/${b.draftApplicationToken}/payment`, body)
    ).json();
    const returned = await pressCardButton(csg, bPay.nextUrl, 'confirm');
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe('http://localhost:3000/csg-apply/level-2/payment/redirect');
    expect((await csg.get(`${base}/payment`)).json().status).toBe('CREATED');
    expect((await csg.get(`/api/draftApplications/${b.draftApplicationToken}/payment`)).json().status).toBe(
      'SUCCESS',
    );

    // Declined: PAYMENT_FAILED, listed, nothing handed over; retry makes a new payment.
    await pressCardButton(csg, first.json().nextUrl, 'decline');
    expect((await csg.get(`${base}/payment`)).json()).toMatchObject({ status: 'FAILED', nextUrl: null });
    let row = await applicationRow(t, a.draftApplicationToken);
    expect(row.status).toBe('PAYMENT_FAILED');
    expect(row.link_id).toBeNull();
    expect((await csg.send('PUT', `${base}/complete`)).json().backendCode).toBe('PAYMENT_FAILED');
    // The stale declined page cannot be paid afterwards.
    await postCardAction(csg, first.json().nextUrl, 'confirm');
    expect((await csg.get(`${base}/payment`)).json().status).toBe('FAILED');

    const retry = (await csg.send('POST', `${base}/payment`, body)).json();
    expect(retry.status).toBe('CREATED');
    expect(retry.nextUrl).not.toBe(first.json().nextUrl);
    await pressCardButton(csg, retry.nextUrl, 'confirm');
    expect((await csg.get(`${base}/payment`)).json().status).toBe('SUCCESS');
    expect((await csg.send('PUT', `${base}/complete`)).statusCode).toBe(200);
    row = await applicationRow(t, a.draftApplicationToken);
    expect(row.status).toBe('WITH_APPLICANT');
    const audit = await auditOutcomes(t, 'payment.%');
    expect(audit.filter((e) => e.event === 'payment.started').length).toBeGreaterThanOrEqual(3);
    expect(audit.some((e) => e.event === 'payment.finished' && e.outcome === 'failure')).toBe(true);
  });
});

describe.each(ENGINES)('address lookup, feedback and access of the draft routes on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app));

  it('looks up addresses: found, none, unavailable, invalid postcode', async () => {
    const browser = new Browser(t);
    expect((await browser.get('/api/addressService/addresses?postcode=EH6%206AA')).statusCode).toBe(401);
    await browser.signIn('applicant-verified');
    const found = await browser.get('/api/addressService/addresses?postcode=eh66aa');
    expect(found.statusCode).toBe(200);
    const body = found.json();
    expect(body.header.totalresults).toBe(body.results.length);
    expect(body.results[0].DPA).toMatchObject({
      POSTCODE: 'EH6 6AA',
      POST_TOWN: 'EDINBURGH',
      THOROUGHFARE_NAME: 'HARBOUR WYND',
    });
    // The address chosen from the list, by its id: that address, or not found with the id in the message.
    const uprn = body.results[1].DPA.UPRN as string;
    const one = await browser.get(`/api/addressService/addresses?postcode=EH6%206AA&addressId=${uprn}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().results.map((r: { DPA: { UPRN: string } }) => r.DPA.UPRN)).toEqual([uprn]);
    expect(one.json().header.totalresults).toBe(1);
    const missing = await browser.get('/api/addressService/addresses?postcode=EH6%206AA&addressId=999000111');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      backendCode: 'ADDRESS_NOT_FOUND',
      message: 'Address id 999000111 not found',
    });
    const none = await browser.get('/api/addressService/addresses?postcode=AB12%203CD');
    expect(none.statusCode).toBe(404);
    expect(none.json().backendCode).toBe('NO_ADDRESSES_FOR_POSTCODE');
    const down = await browser.get('/api/addressService/addresses?postcode=ZZ99%209ZZ');
    expect(down.statusCode).toBe(503);
    expect(down.json().backendCode).toBe('POSTCODE_RESULTS_UNAVAILABLE');
    const invalid = await browser.get('/api/addressService/addresses?postcode=NOTAPOSTCODE');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toEqual({ postcode: 'Enter a real postcode' });
    const empty = await browser.get('/api/addressService/addresses');
    expect(empty.json().fieldErrors).toEqual({ postcode: 'Enter a postcode' });
  });

  it('stores feedback locally', async () => {
    const browser = await signedInCsg(t);
    expect(
      (await browser.send('POST', '/api/feedback', { rating: 'SATISFIED', journey: 'level-2' })).statusCode,
    ).toBe(204);
    const bad = await browser.send('POST', '/api/feedback', { journey: 'level-2' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['rating']);
    expect(await t.database.db.selectFrom('feedback').select(['rating', 'journey']).execute()).toEqual([
      { rating: 'SATISFIED', journey: 'level-2' },
    ]);
  });

  it('every draft route: 401 signed out, not found for an applicant, not found for another organisation', async () => {
    const owner = await signedInCsg(t);
    const { draftApplicationToken: token } = await newDraft(owner);
    const routes: Array<['GET' | 'POST' | 'PUT', string]> = [
      ['POST', '/api/draftApplications'],
      ['GET', `/api/draftApplications/${token}`],
      ['PUT', `/api/draftApplications/${token}/countersignatory`],
      ['POST', `/api/draftApplications/${token}/submitted`],
      ['POST', `/api/draftApplications/${token}/payment`],
      ['GET', `/api/draftApplications/${token}/payment`],
      ['PUT', `/api/draftApplications/${token}/complete`],
      ['GET', `/api/draftApplications/${token}/handover`],
      ['GET', `/api/application/${token}`],
    ];
    const anonymous = new Browser(t);
    const applicant = new Browser(t);
    await applicant.signIn('applicant-verified');
    const otherOrg = await signedInCsg(t, 'csg-other-org');
    // Each route's own body, so that only access and ownership can refuse it.
    const bodyFor = (url: string) =>
      url.endsWith('/draftApplications')
        ? { applicationType: 'LB' }
        : url.endsWith('/submitted')
          ? { agreed: true }
          : url.endsWith('/payment')
            ? { returnUrl: '/x' }
            : {};
    const call = (b: Browser, [method, url]: (typeof routes)[number]) =>
      method === 'GET' ? b.get(url) : b.send(method, url, bodyFor(url));
    for (const route of routes) {
      expect((await call(anonymous, route)).statusCode, `${route[1]} signed out`).toBe(401);
      // Applicants create their own applications on the same path: LB is not one they may start.
      expect((await call(applicant, route)).statusCode, `${route[1]} applicant`).toBe(
        route[1] === '/api/draftApplications' ? 400 : 404,
      );
      if (route[1] !== '/api/draftApplications')
        expect((await call(otherOrg, route)).statusCode, `${route[1]} other organisation`).toBe(404);
    }
    // The declaration of the day is required first.
    const undeclared = new Browser(t);
    await undeclared.signIn('lead-csg');
    expect((await undeclared.get(`/api/draftApplications/${token}`)).json().backendCode).toBe(
      'DECLARATION_REQUIRED',
    );
  });
});
