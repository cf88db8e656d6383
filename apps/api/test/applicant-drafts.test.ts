import { describe, expect, it } from 'vitest';
import {
  type Browser,
  rowsWhere,
  okBody,
  DAY_MS,
  ENGINES,
  expectFieldRefused,
  applicantAnswers,
  handOver,
  level2Payload,
  newDraft,
  postCardAction,
  signedInApplicant,
  signedInCsg,
  type TestApp,
  customApplicant,
  withPeople,
  APPLICANT_PAYS_BY_CARD,
  auditEntries,
  applicationRow,
  withTestApp,
  newApplicant,
  handedOverToNewApplicant,
} from './harness';

/** The applicant's save of their draft's answers, as the applicant's pages send it. */
const applicantSave = (b: Browser, token: string, body: unknown) =>
  b.send('PUT', `/api/draftApplications/${token}/applicant`, body);

describe.each(ENGINES)('applicant drafts on $name', (engine) => {
  let t: TestApp, csg: Browser;
  withPeople(engine, {}, (s) => ({ t, csg } = s));

  it('links a handed-over application to one applicant only; the same person again is fine', async () => {
    const { token, linkId, applicationReference } = await handOver(t, csg);
    const alex = await signedInApplicant(t);
    const link = await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId });
    expect(okBody(link)).toEqual({
      status: 'READY_TO_START',
      disclosureTypeShortCode: 'LB',
      draftApplicationToken: token,
      onlinePaymentType: 'INVOICE',
    });
    expect(
      (await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId })).json().status,
    ).toBe('READY_TO_START');

    const someoneElse = await newApplicant(t);
    const refused = await someoneElse.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().backendCode).toBe('application_already_linked');
    // The hand-over the link page asks for first answers the same for someone else; its owner still reads it.
    const elsewhere = await someoneElse.get(`/api/draftApplications/${linkId}/handover`);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().backendCode).toBe('application_already_linked');
    expect((await alex.get(`/api/draftApplications/${linkId}/handover`)).json()).toMatchObject({
      applicationReference,
    });
    const unknown = await alex.send('POST', '/api/draftApplications/link/applicant', {
      uuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);

    // The applicant's draft carries the organisation's hand-over data.
    const draft = (await alex.get(`/api/draftApplications/${token}`)).json();
    expect(draft).toMatchObject({
      id: token,
      applicationReference,
      applicationTypeCode: 'LB',
      journeyId: 'level-2-csg',
      status: 'READY_TO_START',
      roleDetails: { position: 'Care worker' },
      onlinePaymentType: 'INVOICE',
      organisationName: 'Northfield Community Care (Organisation A)',
    });
    // The organisation still sees it with the applicant.
    const listed = (await csg.get('/ags/disclosure-summaries?pageSize=100')).json().summaries;
    expect(listed.find((s: { id: string }) => s.id === token).status).toBe('WITH_APPLICANT');
    const audit = await auditEntries(t, 'application.linked');
    expect(audit.map((a) => a.outcome).sort()).toEqual(['refused', 'refused', 'success']);
  });

  it('validates the applicant save payload field by field and stores nothing on a 400', async () => {
    const alex = await newApplicant(t);
    const { draftApplicationToken: token } = await newDraft(alex, 'LA');
    const now = t.clock.now();
    const year = now.getUTCFullYear();
    const good = applicantAnswers(now);
    expect((await applicantSave(alex, token, good)).statusCode).toBe(200);
    const before = (await alex.get(`/api/draftApplications/${token}`)).json();
    const longName = 'A'.repeat(101);
    const bad: Array<[Record<string, unknown>, string]> = [
      // names
      [{ currentName: { title: 'Mr', forename: 'Al3x', surname: 'Morgan' } }, 'currentName.forename'],
      [{ currentName: { title: 'Mr', forename: 'Alex', surname: '' } }, 'currentName.surname'],
      [{ currentName: { forename: 'Alex', surname: 'Morgan' } }, 'currentName.title'],
      [{ currentName: { title: 'Other', forename: 'Alex', surname: 'Morgan' } }, 'currentName.otherTitle'],
      [
        { currentName: { title: 'Other', otherTitle: 'X'.repeat(31), forename: 'Alex', surname: 'Morgan' } },
        'currentName.otherTitle',
      ],
      [
        { currentName: { title: 'Mr', forename: 'Alex', middleNames: longName, surname: 'M' } },
        'currentName',
      ],
      [{ mothersMaidenName: longName }, 'mothersMaidenName'],
      [{ mothersMaidenName: 'Sm1th' }, 'mothersMaidenName'],
      [
        {
          hasPreviousNames: true,
          previousNames: Array.from({ length: 21 }, () => ({ forename: 'Old', surname: 'Name' })),
        },
        'previousNames',
      ],
      [{ hasPreviousNames: true, previousNames: [{ forename: 'Old' }] }, 'previousNames'],
      // date of birth
      [{ dateOfBirth: { day: 31, month: 2, year: 1990 } }, 'dateOfBirth'],
      [{ dateOfBirth: { day: 12, month: 4 } }, 'dateOfBirth'],
      [{ dateOfBirth: { day: 1, month: 1, year: year + 1 } }, 'dateOfBirth'],
      [{ dateOfBirth: { day: 31, month: 12, year: 1899 } }, 'dateOfBirth'],
      [
        { dateOfBirth: { day: now.getUTCDate(), month: now.getUTCMonth() + 1, year: year - 11 } },
        'dateOfBirth',
      ],
      // personal details
      [{ gender: 'X' }, 'gender'],
      [{ placeOfBirth: 'P'.repeat(101) }, 'placeOfBirth'],
      [{ placeOfBirth: '12345' }, 'placeOfBirth'],
      [{ countryOfBirth: '' }, 'countryOfBirth'],
      // contact
      [{ contactDetails: { email: 'not-an-email', telephone: '07700900123' } }, 'contactDetails.email'],
      [{ contactDetails: { email: 'a@example.com', telephone: '123456' } }, 'contactDetails.telephone'],
      [
        { contactDetails: { email: 'a@example.com', telephone: '1234567890123456' } },
        'contactDetails.telephone',
      ],
      [
        { contactDetails: { email: 'a@example.com', telephone: '07700900123', alternateTelephone: 'abc' } },
        'contactDetails.alternateTelephone',
      ],
      // national insurance
      [{ nationalInsuranceNumber: { hasNINumber: true } }, 'nationalInsuranceNumber'],
      [{ nationalInsuranceNumber: { hasNINumber: true, niNumber: 'QQ123456E' } }, 'nationalInsuranceNumber'],
      [{ nationalInsuranceNumber: { hasNINumber: true, niNumber: 'BG123456A' } }, 'nationalInsuranceNumber'],
      // passport and licence
      [{ passport: { hasPassport: true, countryOfIssue: 'GB', passportNumber: '12345678' } }, 'passport'],
      [{ passport: { hasPassport: true, countryOfIssue: 'FR', passportNumber: 'X'.repeat(33) } }, 'passport'],
      [
        {
          drivingLicence: {
            hasDrivingLicence: true,
            countryOfIssue: 'GB',
            regionOfIssue: 'Northern Ireland',
            licenceNumber: '1234567',
          },
        },
        'drivingLicence',
      ],
      [
        {
          drivingLicence: {
            hasDrivingLicence: true,
            countryOfIssue: 'GB',
            regionOfIssue: 'Great Britain',
            licenceNumber: 'MORGA12345AB9CD',
          },
        },
        'drivingLicence',
      ],
      // scheme number and regulatory bodies
      [{ pvgNumber: '123' }, 'pvgNumber'],
      [{ pvgNumber: '1513230000000300' }, 'pvgNumber'],
      [{ pvgNumber: '1504230000000600' }, 'pvgNumber'],
      [{ regulatoryBodies: { isRegulatoryBodyMember: true, details: [] } }, 'regulatoryBodies'],
      // address
      [{ currentAddress: { ...good.currentAddress, line1: '' } }, 'currentAddress.line1'],
      [{ currentAddress: { ...good.currentAddress, postcode: 'NOPE' } }, 'currentAddress.postcode'],
      [{ currentAddress: { ...good.currentAddress, county: 'C'.repeat(33) } }, 'currentAddress.county'],
      [{ currentAddress: { ...good.currentAddress, line1: '1 Road <script>' } }, 'currentAddress.line1'],
      [
        { currentAddress: { ...good.currentAddress, residentFrom: { month: 1, year: year + 1 } } },
        'currentAddress.residentFrom',
      ],
      [
        { currentAddress: { ...good.currentAddress, residentFrom: { month: 1, year: year - 101 } } },
        'currentAddress.residentFrom',
      ],
      // checkboxes and the type
      [{ personalInfoAgreed: false }, 'personalInfoAgreed'],
      [{ schemeInfo: { applicationType: 'PA' } }, 'schemeInfo.applicationType'],
    ];
    for (const [payload, field] of bad) {
      expectFieldRefused(await applicantSave(alex, token, payload), payload, field);
    }
    expect((await alex.get(`/api/draftApplications/${token}`)).json()).toEqual(before);

    // The boundaries that pass.
    const ok = await applicantSave(alex, token, {
      currentName: {
        title: 'Other',
        otherTitle: 'X'.repeat(30),
        forename: 'Alex',
        surname: "O'Morgan-Smith",
      },
      mothersMaidenName: 'M'.repeat(100),
      hasPreviousNames: true,
      previousNames: Array.from({ length: 20 }, () => ({ forename: 'Old', surname: 'Name' })),
      placeOfBirth: 'St. Andrew’s & Leith 2',
      nationalInsuranceNumber: { hasNINumber: true, niNumber: 'qq 12 34 56 d' },
      passport: { hasPassport: true, countryOfIssue: 'GB', passportNumber: '123456789' },
      pvgNumber: '1504230000000300',
      // Extra and server-owned fields are ignored.
      applicationReference: 'DS-FORGED-00000',
      declaration: { agreed: true },
    });
    expect(okBody(ok)).toMatchObject({
      currentName: { otherTitle: 'X'.repeat(30) },
      nationalInsuranceNumber: { niNumber: 'QQ123456D' },
      declaration: { agreed: false },
    });
    expect(ok.json().previousNames).toHaveLength(20);
    expect(ok.json().applicationReference).not.toBe('DS-FORGED-00000');
  });

  it('keeps a bare yes whose details come on the next page, so a reload reads it back; not the declaration', async () => {
    const alex = await newApplicant(t);
    const { draftApplicationToken: token } = await newDraft(alex, 'LA');
    const saved = await applicantSave(alex, token, {
      passport: { hasPassport: true },
      drivingLicence: { hasDrivingLicence: true },
      regulatoryBodies: { isRegulatoryBodyMember: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = (await alex.get(`/api/draftApplications/${token}`)).json();
    expect(draft).toMatchObject({
      passport: { hasPassport: true },
      drivingLicence: { hasDrivingLicence: true },
      regulatoryBodies: { isRegulatoryBodyMember: true },
    });
    // Details half given, or a yes with no body chosen, are still refused.
    const half = { passport: { hasPassport: true, countryOfIssue: 'GB' } };
    expectFieldRefused(await applicantSave(alex, token, half), half, 'passport.passportNumber');
    const none = { regulatoryBodies: { isRegulatoryBodyMember: true, details: [] } };
    expectFieldRefused(await applicantSave(alex, token, none), none, 'regulatoryBodies');
    // The walk still needs the details: the draft cannot be submitted.
    const submit = await alex.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    expect(submit.statusCode, submit.body).toBe(400);
  });

  it('address history: residentTo derived from the following address; a gap or an overlap is refused', async () => {
    const alex = await newApplicant(t);
    const { draftApplicationToken: token } = await newDraft(alex, 'LA');
    const year = t.clock.now().getUTCFullYear();
    const address = (
      line1: string,
      from: { month: number; year: number },
      to?: { month: number; year: number },
    ) => ({
      line1,
      town: 'Edinburgh',
      postcode: 'EH6 6AA',
      country: 'GB',
      residentFrom: from,
      ...(to ? { residentTo: to } : {}),
    });
    const saved = await applicantSave(alex, token, {
      currentAddress: address('3 New Street', { month: 3, year: year - 2 }),
      previousAddresses: [
        address('2 Middle Street', { month: 6, year: year - 4 }),
        address('1 Old Street', { month: 1, year: year - 7 }),
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().previousAddresses.map((a: { residentTo: unknown }) => a.residentTo)).toEqual([
      { month: 3, year: year - 2 },
      { month: 6, year: year - 4 },
    ]);
    // Moving the current address's start re-derives the end of the previous one.
    const moved = await applicantSave(alex, token, {
      currentAddress: address('3 New Street', { month: 5, year: year - 2 }),
    });
    expect(moved.json().previousAddresses[0].residentTo).toEqual({ month: 5, year: year - 2 });

    const before = (await alex.get(`/api/draftApplications/${token}`)).json();
    const overlap = await applicantSave(alex, token, {
      previousAddresses: [address('2 Middle Street', { month: 6, year: year - 1 })],
    });
    expect(overlap.statusCode).toBe(400);
    expect(Object.values(overlap.json().fieldErrors).join(' ')).toMatch(/overlap|before|after/i);
    const gap = await applicantSave(alex, token, {
      currentAddress: address('3 New Street', { month: 5, year: year - 2 }),
      previousAddresses: [
        address('2 Middle Street', { month: 6, year: year - 4 }, { month: 1, year: year - 3 }),
      ],
    });
    expect(gap.statusCode).toBe(400);
    expect(Object.keys(gap.json().fieldErrors)).toContain('previousAddresses.0.residentTo');
    expect((await alex.get(`/api/draftApplications/${token}`)).json()).toEqual(before);
  });

  it('an applicant cannot read or change another applicant’s draft', async () => {
    const owner = await newApplicant(t);
    const { draftApplicationToken: token } = await newDraft(owner, 'LA');
    await applicantSave(owner, token, { mothersMaidenName: 'Owner' });
    const intruder = await newApplicant(t);
    const calls = [
      intruder.get(`/api/draftApplications/${token}`),
      intruder.send('PUT', `/api/draftApplications/${token}/applicant`, { mothersMaidenName: 'Intruder' }),
      intruder.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true }),
      intruder.get(`/api/draftApplications/${token}/submitted`),
      intruder.send('POST', `/api/draftApplications/${token}/payment`, { returnUrl: '/x' }),
      intruder.get(`/api/draftApplications/${token}/payment`),
      csg.get(`/api/draftApplications/${token}`),
      csg.send('PUT', `/api/draftApplications/${token}/applicant`, { mothersMaidenName: 'Csg' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    expect((await owner.get(`/api/draftApplications/${token}`)).json().mothersMaidenName).toBe('Owner');
    expect(
      (await intruder.get('/api/draftApplications/applicant-applications-summary')).json().totalElements,
    ).toBe(0);
    // A basic applicant walks no journeys.
    const basic = await signedInApplicant(t, 'applicant-basic');
    expect((await basic.send('POST', '/api/draftApplications', { applicationType: 'LA' })).statusCode).toBe(
      404,
    );
  });

  it('submission refuses an incomplete or tampered draft; an organisation-paid application is SUBMITTED at once', async () => {
    const { token, linkId, applicationReference, applicant: alex } = await handedOverToNewApplicant(t, csg);
    await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId });
    const now = t.clock.now();
    const answers = applicantAnswers(now);
    const { mothersMaidenName: _skip, ...incomplete } = answers;
    expect((await applicantSave(alex, token, incomplete)).statusCode).toBe(200);
    const refused = await alex.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().backendCode).toBe('INCOMPLETE_APPLICATION');

    // Tampered: a stored answer that no longer passes its step (written straight to the database).
    await applicantSave(alex, token, answers);
    const row = await applicationRow(t, token);
    const data = row.applicant_data as { draft: Record<string, unknown> };
    await t.database.db
      .updateTable('applications')
      .set({
        applicant_data: JSON.stringify({ ...data, draft: { ...data.draft, gender: 'X' } }),
      })
      .where('id', '=', token)
      .execute();
    const tampered = await alex.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    expect(tampered.json().backendCode).toBe('INCOMPLETE_APPLICATION');
    expect(
      (await alex.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: false })).json()
        .fieldErrors,
    ).toHaveProperty('agreed');
    expect((await alex.get(`/api/draftApplications/${token}/submitted`)).statusCode).toBe(409);

    await applicantSave(alex, token, { gender: 'M' });
    // A price or payment type from the browser is refused, not taken (strict request bodies).
    const priced = await alex.send('POST', `/api/draftApplications/${token}/submitted`, {
      agreed: true,
      amount: 0,
      onlinePaymentType: 'CARD',
    });
    expect(priced.statusCode).toBe(400);
    expect(Object.keys(priced.json().fieldErrors).sort()).toEqual(['amount', 'onlinePaymentType']);
    const submitted = await alex.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    expect(okBody(submitted)).toEqual({
      applicationReference,
      status: 'SUBMITTED',
      onlinePaymentType: 'INVOICE',
      paymentStatus: 'INVOICED',
      amount: 0,
      cardPaymentRequired: false,
    });
    // Frozen once submitted.
    expect((await applicantSave(alex, token, { gender: 'F' })).statusCode).toBe(409);
    const view = (await alex.get(`/api/draftApplications/${token}/submitted`)).json();
    expect(view).toMatchObject({
      applicationReference,
      organisationName: 'Northfield Community Care (Organisation A)',
      applicant: {
        currentName: { forename: 'Alex', surname: 'Morgan' },
        gender: 'M',
        mothersMaidenName: 'Smith',
      },
    });
    // The organisation's dashboard follows.
    const listed = (await csg.get('/ags/disclosure-summaries?pageSize=100')).json().summaries;
    expect(listed.find((s: { id: string }) => s.id === token).status).toBe('SUBMITTED');
    const sent = (await alex.get(`/api/draftApplications/${token}/submitted`)).json();
    expect(sent).toMatchObject({ journeyId: 'level-2-csg', applicationTypeCode: 'LB' });
  });

  it('applicant-started level 1: the server fixes the card fee; decline gives PAYMENT_FAILED, retry then SUBMITTED', async () => {
    const unverified = await newApplicant(t, { assuranceLevel: 'GPG45_LOW' });
    const created = await unverified.send('POST', '/api/draftApplications', { applicationType: 'LA' });
    expect(created.statusCode).toBe(201);
    const { draftApplicationToken: token, applicationReference } = created.json();
    expect(
      (await unverified.send('POST', '/api/draftApplications', { applicationType: 'PA' })).statusCode,
    ).toBe(400);
    expect((await applicantSave(unverified, token, applicantAnswers(t.clock.now()))).statusCode).toBe(200);
    const submitted = await unverified.send('POST', `/api/draftApplications/${token}/submitted`, {
      agreed: true,
    });
    expect(submitted.json()).toEqual({
      applicationReference,
      status: 'READY_TO_START',
      onlinePaymentType: 'CARD',
      paymentStatus: 'NONE',
      amount: 2500,
      cardPaymentRequired: true,
    });
    const base = `/api/draftApplications/${token}`;
    const body = {
      description: 'x',
      onlinePaymentType: 'FREE',
      returnUrl: '/applicant-apply/level-1/payment/redirect',
    };
    const first = (await unverified.send('POST', `${base}/payment`, body)).json();
    expect(first.status).toBe('CREATED');
    const payments = await rowsWhere(t, 'payments', { application_id: token });
    expect(payments).toMatchObject([{ amount: 2500, payment_type: 'CARD' }]);
    /** The payment as the applicant's payment page reads it, once the card page's `action` is posted. */
    const paymentAfter = async (nextUrl: string, action: 'confirm' | 'decline') => {
      await postCardAction(unverified, nextUrl, action);
      return (await unverified.get(`${base}/payment`)).json();
    };
    const latestSummary = async () =>
      (await unverified.get('/api/draftApplications/applicant-applications-summary')).json().summaries[0];
    expect(await paymentAfter(first.nextUrl, 'decline')).toEqual({
      status: 'FAILED',
      nextUrl: null,
      idVerified: false,
    });
    expect(await latestSummary()).toMatchObject({
      id: token,
      status: 'PAYMENT_FAILED',
      organisationName: null,
    });

    const retry = (await unverified.send('POST', `${base}/payment`, body)).json();
    expect(retry.status).toBe('CREATED');
    expect(await paymentAfter(retry.nextUrl, 'confirm')).toEqual({
      status: 'SUCCESS',
      nextUrl: null,
      idVerified: false,
    });
    expect(await latestSummary()).toMatchObject({ id: token, status: 'SUBMITTED', type: 'LA' });
    expect((await unverified.get(`${base}/submitted`)).json().status).toBe('SUBMITTED');
  });

  it('organisation chose "applicant pays": the applicant pays the fee by card', async () => {
    const { token, linkId, applicant: alex } = await handedOverToNewApplicant(t, csg, APPLICANT_PAYS_BY_CARD);
    const link = (await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId })).json();
    expect(link).toMatchObject({ disclosureTypeShortCode: 'LB', onlinePaymentType: 'CARD' });
    // The applicant pays, so the Level 2 is walked as the applicant's own level-2 journey.
    expect((await alex.get(`/api/draftApplications/${token}`)).json().journeyId).toBe('level-2');
    const summary = (await alex.get('/api/draftApplications/applicant-applications-summary')).json();
    expect(summary.summaries[0]).toMatchObject({ id: token, type: 'LB', onlinePaymentType: 'CARD' });
    expect((await applicantSave(alex, token, applicantAnswers(t.clock.now()))).statusCode).toBe(200);
    const submitted = (
      await alex.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true })
    ).json();
    expect(submitted).toMatchObject({ onlinePaymentType: 'CARD', amount: 2500, cardPaymentRequired: true });
    const pay = (
      await alex.send('POST', `/api/draftApplications/${token}/payment`, {
        returnUrl: '/applicant-apply/level-2/payment/redirect',
      })
    ).json();
    await postCardAction(alex, pay.nextUrl, 'confirm');
    expect((await alex.get(`/api/draftApplications/${token}/payment`)).json()).toMatchObject({
      status: 'SUCCESS',
      idVerified: true,
    });
    const listed = (await csg.get('/ags/disclosure-summaries?pageSize=100')).json().summaries;
    expect(listed.find((s: { id: string }) => s.id === token).status).toBe('SUBMITTED');
    const sent = (await alex.get(`/api/draftApplications/${token}/submitted`)).json();
    expect(sent).toMatchObject({ journeyId: 'level-2', applicationTypeCode: 'LB' });
  });

  it('dashboard paging, regulatory bodies, scheme membership and enhanced personal details', async () => {
    const person = await newApplicant(t);
    for (let i = 0; i < 6; i++) await newDraft(person, 'LA');
    const page = await person.get('/api/draftApplications/applicant-applications-summary?page=2&pageSize=5');
    expect(page.json().totalElements).toBe(6);
    expect(page.json().summaries).toHaveLength(1);
    expect(page.json().summaries[0]).toMatchObject({
      status: 'READY_TO_START',
      daysRemaining: null,
      type: 'LA',
    });
    expect(
      (await person.get('/api/draftApplications/applicant-applications-summary?pageSize=7')).statusCode,
    ).toBe(400);

    const bodies = (await person.get('/api/draftApplications/regulatory-body')).json();
    expect(bodies.length).toBeGreaterThan(5);
    expect(Object.keys(bodies[0]).sort()).toEqual(['code', 'name']);

    const verified = await signedInApplicant(t);
    expect((await verified.get('/api/scheme-membership-details/me')).json()).toEqual({
      pvgMembershipNumber: '1504230000000300',
      joinedChildSchemeOn: '2015-04-23',
      joinedAdultSchemeOn: '2018-09-03',
    });
    const none = await person.get('/api/scheme-membership-details/me');
    expect(none.statusCode).toBe(404);
    expect(none.json().backendCode).toBe('SCHEME_MEMBERSHIP_NOT_FOUND');
    expect(
      (await (await signedInApplicant(t, 'application-only')).get('/api/scheme-membership-details/me'))
        .statusCode,
    ).toBe(404);

    const details = (await verified.get('/api/personal-details/enhanced')).json();
    expect(details).toMatchObject({
      name: { forename: 'Alex', surname: 'Morgan' },
      dateOfBirth: '1990-04-12',
      emailAddress: 'alex.morgan@example.com',
      phoneNumber: '07700900123',
    });
    expect(details).toHaveProperty('address');
  });
});

describe.each(ENGINES)('applicant lifecycle over time on $name', (engine) => {
  // Each test moves the clock forward for good, so each has an app (and clock) of its own.
  let t: TestApp, csg: Browser;
  withPeople(engine, {}, (s) => ({ t, csg } = s), { each: true });

  it('date of birth: a mismatch with the identity record is refused and counted; the third locks for 24 hours', async () => {
    const persona = customApplicant({ birthdate: '1988-07-01' });
    const person = await signedInApplicant(t, persona);
    const { draftApplicationToken: token } = await newDraft(person, 'LA');
    const wrong = { dateOfBirth: { day: 2, month: 7, year: 1988 } };
    const right = { dateOfBirth: { day: 1, month: 7, year: 1988 } };
    const first = await applicantSave(person, token, wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json().backendCode).toBe('DOB_MISMATCH');
    expect(Object.keys(first.json().fieldErrors)).toEqual(['dateOfBirth']);
    // A match resets the count.
    expect((await applicantSave(person, token, right)).statusCode).toBe(200);
    expect((await applicantSave(person, token, wrong)).json().backendCode).toBe('DOB_MISMATCH');
    expect((await applicantSave(person, token, wrong)).json().backendCode).toBe('DOB_MISMATCH');
    const third = await applicantSave(person, token, wrong);
    expect(third.statusCode).toBe(400);
    expect(third.json().backendCode).toBe('DOB_MISMATCH_ATTEMPTS_EXCEEDED');
    // Locked: even the right date is refused, other answers still save.
    expect((await applicantSave(person, token, right)).json().backendCode).toBe(
      'DOB_MISMATCH_ATTEMPTS_EXCEEDED',
    );
    expect((await applicantSave(person, token, { mothersMaidenName: 'Smith' })).statusCode).toBe(200);
    expect((await person.get(`/api/draftApplications/${token}`)).json().dateOfBirth).toEqual(
      right.dateOfBirth,
    );
    t.clock.advance(24 * 60 * 60 * 1000 - 60_000);
    const stillLocked = await signedInApplicant(t, persona);
    expect((await applicantSave(stillLocked, token, right)).json().backendCode).toBe(
      'DOB_MISMATCH_ATTEMPTS_EXCEEDED',
    );
    t.clock.advance(60_000);
    expect((await applicantSave(stillLocked, token, right)).statusCode).toBe(200);
  });

  it('an expired application: link and saves are refused with 410, and the job marks it EXPIRED for good', async () => {
    const handed = await handedOverToNewApplicant(t, csg);
    const { token, linkId, persona } = handed;
    let alex = handed.applicant;
    expect(
      (await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId })).statusCode,
    ).toBe(200);
    const other = await handOver(t, csg);

    t.clock.advance(14 * DAY_MS - 60_000);
    await t.jobs.enqueue('applications.expire', {}, { unique: true });
    await t.jobs.runDue();
    let row = await applicationRow(t, token);
    expect(row.status).toBe('WITH_APPLICANT');

    t.clock.advance(60_000);
    // Before the job runs, the 14 days already count.
    // Sessions end after 30 idle minutes: people sign in again after the clock moves.
    alex = await signedInApplicant(t, persona);
    const late = await newApplicant(t);
    const gone = await late.send('POST', '/api/draftApplications/link/applicant', { uuid: other.linkId });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().backendCode).toBe('APPLICATION_EXPIRED');
    expect((await applicantSave(alex, token, { mothersMaidenName: 'Smith' })).statusCode).toBe(410);

    t.clock.advance(60 * 60 * 1000);
    await t.jobs.runDue();
    alex = await signedInApplicant(t, persona);
    row = await applicationRow(t, token);
    expect(row.status).toBe('EXPIRED');
    expect(new Date(row.status_last_changed).getTime()).toBe(t.clock.now().getTime());
    // Cannot be reactivated: still refused, and the job leaves it alone.
    expect((await applicantSave(alex, token, { mothersMaidenName: 'Smith' })).statusCode).toBe(410);
    expect(
      (await alex.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true })).statusCode,
    ).toBe(410);
    expect(
      (await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId })).statusCode,
    ).toBe(410);
    const summaries = (await alex.get('/api/draftApplications/applicant-applications-summary')).json();
    expect(summaries.summaries[0]).toMatchObject({ id: token, status: 'EXPIRED', type: 'LB' });
    // The job queued its next run.
    const pending = await rowsWhere(t, 'jobs', { kind: 'applications.expire', status: 'pending' });
    expect(pending).toHaveLength(1);
  });

  it('a declared application whose card payment is still owed expires too: the payment is refused with 410', async () => {
    const handed = await handedOverToNewApplicant(t, csg, APPLICANT_PAYS_BY_CARD);
    const { token, linkId, persona } = handed;
    let alex = handed.applicant;
    await alex.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId });
    expect((await applicantSave(alex, token, applicantAnswers(t.clock.now()))).statusCode).toBe(200);
    const declared = await alex.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    expect(declared.json()).toMatchObject({ cardPaymentRequired: true });

    // 14 days on, before the expiry job has run: the overdue application takes no payment.
    t.clock.advance(14 * DAY_MS);
    alex = await signedInApplicant(t, persona);
    const pay = await alex.send('POST', `/api/draftApplications/${token}/payment`, {
      returnUrl: '/applicant-apply/level-2/payment/redirect',
    });
    expect(pay.statusCode).toBe(410);
    expect(pay.json().backendCode).toBe('APPLICATION_EXPIRED');
    expect(await t.database.db.selectFrom('payments').where('application_id', '=', token).execute()).toEqual(
      [],
    );
  });
});

describe.each(ENGINES)('organisation draft fixes found on the applicant side on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app));

  it('"yes, on behalf of another organisation" saves on its own; the walk still needs the name and email', async () => {
    const csg = await signedInCsg(t);
    const { draftApplicationToken: token } = await newDraft(csg);
    const put = (body: unknown) => csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, body);
    const { csgAnotherOrganisation: _no, ...rest } = level2Payload();
    expect((await put(rest)).statusCode).toBe(200);
    const yes = await put({ csgAnotherOrganisation: { isCsgForAnotherOrganisation: true } });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().anotherOrganisation).toEqual({ isCsgForAnotherOrganisation: true });
    const badEmail = await put({
      csgAnotherOrganisation: { isCsgForAnotherOrganisation: true, organisationEmail: 'nope' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(Object.keys(badEmail.json().fieldErrors)).toEqual(['csgAnotherOrganisation.organisationEmail']);
    const incomplete = await csg.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
    expect(incomplete.json().backendCode).toBe('INCOMPLETE_APPLICATION');
    const full = await put({
      csgAnotherOrganisation: {
        isCsgForAnotherOrganisation: true,
        organisationName: 'Other Org',
        organisationEmail: 'office@other.example.org',
      },
    });
    expect(full.json().anotherOrganisation).toEqual({
      isCsgForAnotherOrganisation: true,
      organisationName: 'Other Org',
      organisationEmail: 'office@other.example.org',
    });
    // Saving "yes" again keeps the details already given.
    expect(
      (await put({ csgAnotherOrganisation: { isCsgForAnotherOrganisation: true } })).json()
        .anotherOrganisation,
    ).toMatchObject({ organisationName: 'Other Org' });
    expect(
      (await csg.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true })).statusCode,
    ).toBe(200);
  });

  it('a sub-account code is cleared with null and whenever the payment method is not INVOICE', async () => {
    const csg = await signedInCsg(t);
    const { draftApplicationToken: token } = await newDraft(csg);
    const put = (body: unknown) => csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, body);
    expect(
      (await put({ onlinePaymentType: 'INVOICE', invoiceSubAccountCode: 'A200' })).json().payment,
    ).toMatchObject({
      subAccountCode: 'A200',
    });
    const cleared = await put({ invoiceSubAccountCode: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().payment.subAccountCode).toBeUndefined();
    await put({ invoiceSubAccountCode: 'A300' });
    const card = await put({ onlinePaymentType: 'CARD_CSG' });
    expect(card.json().payment).toEqual({ type: 'CARD_CSG' });
    const details = (await csg.get(`/api/draftApplications/${token}`)).json();
    expect(details.payment.subAccountCode).toBeUndefined();
  });
});
