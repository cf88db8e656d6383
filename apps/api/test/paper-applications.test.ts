import { describe, expect, it } from 'vitest';
import {
  Browser,
  caseworkCall,
  customApplicant,
  ENGINES,
  ORIGIN,
  signedInApplicant,
  type TestApp,
  emailOfPersona,
  auditOutcomes,
  postForm,
  withTestApp,
  rowsWhere,
  okBody,
  newApplicant,
} from './harness';

// Applications received on paper, channel P (spec 01 section 3, spec 02 section 3; decision 0053): casework
// registers one for an identity (email and date of birth), the applicant whose verified account has that identity
// sees it on their dashboard, casework issues its result with the usual call, and the result carries channel P.

const PATH = '/internal/casework/paper-applications';
const SUMMARY = '/api/draftApplications/applicant-applications-summary?page=1&pageSize=10';

describe.each(ENGINES)('Paper applications on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app));

  const register = (body: unknown) => caseworkCall(t, 'POST', PATH, body);
  const paper = (overrides: Record<string, unknown> = {}) => ({
    reference: 'DS-PAPER-00001',
    typeCode: 'LB',
    forename: 'Morag',
    surname: 'Applicant',
    email: 'morag@example.com',
    dateOfBirth: '1985-06-07',
    address: { line1: '1 High Street', town: 'Perth', postcode: 'PH1 1AA' },
    ...overrides,
  });

  it('casework registers one, its applicant sees it, casework issues its result, the result says channel P', async () => {
    const persona = customApplicant({ birthdate: '1985-06-07' });
    const body = paper({ reference: 'DS-PAPER-00001', email: emailOfPersona(persona).toUpperCase() });
    const created = await register(body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      reference: 'DS-PAPER-00001',
      typeCode: 'LB',
      channel: 'P',
      status: 'SUBMITTED',
      claimed: false,
    });
    const stored = await t.database.db
      .selectFrom('applications')
      .select(['status', 'channel', 'applicant_user_id'])
      .where('reference', '=', 'DS-PAPER-00001')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'SUBMITTED', channel: 'P', applicant_user_id: null });

    // Casework sees it as a submitted application; before its applicant's account has it, no result yet.
    const seen = await caseworkCall(t, 'GET', '/internal/casework/applications/DS-PAPER-00001');
    expect(seen.json()).toMatchObject({
      status: 'SUBMITTED',
      typeCode: 'LB',
      applicantName: 'Morag Applicant',
    });

    // Nobody to issue a result to until its applicant's account has it.
    const early = await caseworkCall(t, 'POST', '/internal/casework/applications/DS-PAPER-00001/result', {
      preset: 'level-2-cautions',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('received on paper');

    // Someone else's verified account does not get it.
    const other = await newApplicant(t, { birthdate: '1985-06-07' });
    expect((await other.get(SUMMARY)).json().summaries).toEqual([]);

    // The applicant with that identity sees it on their dashboard like any other.
    const applicant = await signedInApplicant(t, persona);
    const list = await applicant.get(SUMMARY);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().summaries).toEqual([
      expect.objectContaining({
        reference: 'DS-PAPER-00001',
        status: 'SUBMITTED',
        type: 'LB',
        resultId: null,
      }),
    ]);

    const issued = await caseworkCall(t, 'POST', '/internal/casework/applications/DS-PAPER-00001/result', {
      preset: 'level-2-cautions',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const resultId = issued.json().resultId as string;
    const result = await applicant.get(`/api/results/${resultId}`);
    expect(okBody(result)).toMatchObject({ channel: 'P', applicationReference: 'DS-PAPER-00001' });
    expect((await applicant.get(SUMMARY)).json().summaries[0]).toMatchObject({ resultId });

    const audit = await auditOutcomes(t, 'paper_application.%');
    expect(audit).toEqual(
      expect.arrayContaining([
        { event: 'paper_application.registered', outcome: 'success' },
        { event: 'paper_application.claimed', outcome: 'success' },
      ]),
    );
    // The identity is kept only as a hash.
    const identity = await t.database.db.selectFrom('paper_applications').selectAll().execute();
    expect(JSON.stringify(identity)).not.toContain('example.com');
  });

  it('a second registration of the same reference is 409', async () => {
    expect((await register(paper({ reference: 'DS-PAPER-00002' }))).statusCode).toBe(201);
    const again = await register(paper({ reference: 'DS-PAPER-00002', typeCode: 'PA' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      backendCode: 'CONFLICT',
      fieldErrors: { reference: expect.any(String) },
    });
    const rows = await t.database.db
      .selectFrom('applications')
      .select('type_code')
      .where('reference', '=', 'DS-PAPER-00002')
      .execute();
    expect(rows).toEqual([{ type_code: 'LB' }]);
  });

  it('bad input is 400 with an error for each field', async () => {
    const bad = await register({
      reference: 'paper-1',
      typeCode: 'BD',
      forename: '  ',
      email: 'not an email',
      dateOfBirth: '1985-02-30',
      address: { line1: '1 High Street' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(
      ['address.town', 'dateOfBirth', 'email', 'forename', 'reference', 'surname', 'typeCode'].sort(),
    );
    const none = await rowsWhere(t, 'applications', { reference: 'paper-1' });
    expect(none).toEqual([]);
  });

  it('only the casework token may register one', async () => {
    expect(
      (await caseworkCall(t, 'POST', PATH, paper({ reference: 'DS-PAPER-00003' }), null)).statusCode,
    ).toBe(401);
    expect(
      (await caseworkCall(t, 'POST', PATH, paper({ reference: 'DS-PAPER-00003' }), 'wrong')).statusCode,
    ).toBe(401);
    const signedIn = await signedInApplicant(t);
    expect((await signedIn.send('POST', PATH, paper({ reference: 'DS-PAPER-00003' }))).statusCode).toBe(401);
    const anonymous = new Browser(t);
    expect((await anonymous.send('POST', PATH, paper({ reference: 'DS-PAPER-00003' }))).statusCode).toBe(401);
    const rows = await rowsWhere(t, 'applications', { reference: 'DS-PAPER-00003' });
    expect(rows).toEqual([]);
  });

  it('the local casework page registers one with its form, with errors in a GOV.UK error summary', async () => {
    const casework = new Browser(t);
    const post = (fields: Record<string, string>, origin = ORIGIN) =>
      postForm(casework, '/local/casework/paper', fields, { origin });
    expect((await casework.get('/local/casework')).body).toContain('href="/local/casework/paper"');
    const page = await casework.get('/local/casework/paper');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Register a paper application');
    expect(page.body).not.toContain('value="BD"');

    const persona = customApplicant({ birthdate: '1979-03-04' });
    const fields = {
      reference: 'DS-PAPR1-00001',
      typeCode: 'PA',
      forename: 'Ewan',
      middleNames: '',
      surname: 'Applicant',
      email: emailOfPersona(persona),
      dateOfBirth: '1979-03-04',
      line1: '2 Low Road',
      line2: '',
      town: '',
      county: '',
      postcode: '',
      country: '',
    };
    const bad = await post({ ...fields, email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('There is a problem');
    expect(bad.body).toContain('href="#email"');
    expect(bad.body).toContain('href="#town"');
    expect(bad.body).toContain('value="nope"');

    const done = await post({ ...fields, town: 'Dundee' });
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe('/local/casework/paper?registered=DS-PAPR1-00001');
    expect((await casework.get(String(done.headers.location))).body).toContain(
      'Paper application DS-PAPR1-00001 has been registered',
    );
    const again = await post({ ...fields, town: 'Dundee' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already exists');
    expect(
      (await post({ ...fields, reference: 'DS-PAPR1-00002', town: 'Dundee' }, 'https://evil.example'))
        .statusCode,
    ).toBe(403);

    const applicant = await signedInApplicant(t, persona);
    expect((await applicant.get(SUMMARY)).json().summaries).toEqual([
      expect.objectContaining({ reference: 'DS-PAPR1-00001', status: 'SUBMITTED', type: 'PA' }),
    ]);
  });
});
