import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './harness';
import {
  ENGINES,
  ORIGIN,
  level2Payload,
  newDraft,
  signedInApplicant,
  signedInCsg,
  startTestApp,
  type TestApp,
} from './harness';

/** A raw JSON call, for bodies the harness's JSON.stringify would not produce (null, a bare string). */
const raw = (browser: Browser, method: 'POST' | 'PUT', url: string, payload: string) =>
  browser.request({
    method,
    url,
    payload,
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest' },
  });

describe.each(ENGINES)('input hygiene on $name', (engine) => {
  let t: TestApp;
  let csg: Browser;
  let applicant: Browser;
  beforeAll(async () => {
    t = await startTestApp(engine);
    csg = await signedInCsg(t);
    applicant = await signedInApplicant(t);
  });
  afterAll(async () => t.dispose());

  const feedbackRows = async () =>
    (await t.database.db.selectFrom('feedback').select('journey').execute()).length;
  const draftData = async (token: string) =>
    (
      await t.database.db
        .selectFrom('applications')
        .select(['data', 'applicant_data'])
        .where('id', '=', token)
        .executeTakeFirstOrThrow()
    ).data;

  describe('control characters and unpaired surrogates (item 6)', () => {
    it.each([
      ['NUL', 'level\u00002'],
      ['escape', 'level\u001b2'],
      ['a C1 control', 'level\u00852'],
      ['a lone high surrogate', 'level\ud8002'],
      ['a lone low surrogate', 'level\udc002'],
    ])('%s in a body field is a 400 naming the field, and nothing is stored', async (_label, journey) => {
      const before = await feedbackRows();
      const res = await csg.send('POST', '/api/feedback', { rating: 'SATISFIED', journey });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        backendCode: 'VALIDATION_FAILED',
        fieldErrors: { journey: expect.stringMatching(/characters/) },
      });
      expect(await feedbackRows()).toBe(before);
    });

    it('in a query string', async () => {
      for (const value of ['a%00b', 'a%1Fb', 'a%C2%85b']) {
        const res = await csg.get(`/ags/disclosure-summaries?applicantName=${value}`);
        expect(res.statusCode, value).toBe(400);
        expect(Object.keys(res.json().fieldErrors)).toEqual(['applicantName']);
      }
      const postcode = await applicant.get('/api/addressService/addresses?postcode=EH6%006AA');
      expect(postcode.json().fieldErrors).toEqual({ postcode: expect.any(String) });
    });

    it('deep inside a draft save, or in a field name', async () => {
      const { draftApplicationToken: token } = await newDraft(csg);
      const before = await draftData(token);
      const nested = await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, {
        applicantCurrentAddress: {
          line1: '1 High\u0000 Street',
          town: 'Leith',
          country: 'GB',
          postcode: 'EH6 6AA',
        },
      });
      expect(nested.statusCode).toBe(400);
      expect(Object.keys(nested.json().fieldErrors)).toEqual(['applicantCurrentAddress.line1']);
      const key = await raw(
        csg,
        'PUT',
        `/api/draftApplications/${token}/countersignatory`,
        '{"applicantEmail\\u0000":"a@example.com"}',
      );
      expect(key.statusCode).toBe(400);
      expect(await draftData(token)).toEqual(before);
    });
  });

  describe('strict request bodies (item 14)', () => {
    it.each([
      ['null', 'null'],
      ['a list', '[]'],
      ['a string', '"x"'],
      ['a number', '42'],
    ])('a draft save whose body is %s is a 400, nothing stored', async (_label, payload) => {
      const { draftApplicationToken: token } = await newDraft(csg);
      const before = await draftData(token);
      const res = await raw(csg, 'PUT', `/api/draftApplications/${token}/countersignatory`, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        backendCode: 'VALIDATION_FAILED',
        fieldErrors: { body: expect.any(String) },
      });
      expect(await draftData(token)).toEqual(before);
    });

    it('unknown fields are refused by name, at any depth, on every kind of route', async () => {
      const { draftApplicationToken: token } = await newDraft(csg);
      const before = await draftData(token);
      const save = await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, {
        ...level2Payload(),
        isAdmin: true,
        applicantName: { forename: 'Robin', surname: 'Test', nickname: 'Rob' },
      });
      expect(save.statusCode).toBe(400);
      expect(save.json().fieldErrors).toEqual({
        isAdmin: expect.any(String),
        'applicantName.nickname': expect.any(String),
      });
      expect(await draftData(token)).toEqual(before);

      const create = await csg.send('POST', '/api/draftApplications', {
        applicationType: 'LB',
        status: 'SUBMITTED',
      });
      expect(create.statusCode).toBe(400);
      expect(Object.keys(create.json().fieldErrors)).toEqual(['status']);
      const feedback = await csg.send('POST', '/api/feedback', {
        rating: 'SATISFIED',
        journey: 'level-2',
        x: 1,
      });
      expect(Object.keys(feedback.json().fieldErrors)).toEqual(['x']);
      const declaration = await raw(csg, 'POST', '/api/declaration', 'null');
      expect(declaration.statusCode).toBe(400);
    });

    it('numbers and yes/no answers sent as strings are not converted', async () => {
      const { draftApplicationToken: token } = await newDraft(csg);
      const before = await draftData(token);
      for (const [body, field] of [
        [{ applicantDateOfBirth: { day: '14', month: 3, year: 1990 } }, 'applicantDateOfBirth.day'],
        [{ applicantDateOfBirth: { day: 14, month: 3, year: '1990' } }, 'applicantDateOfBirth.year'],
        [{ confirmationOfIdentity: 'true' }, 'confirmationOfIdentity'],
      ] as const) {
        const res = await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, body);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
      }
      expect(await draftData(token)).toEqual(before);
      // The same values as numbers and booleans are fine.
      const ok = await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, {
        applicantDateOfBirth: { day: 14, month: 3, year: 1990 },
        confirmationOfIdentity: true,
      });
      expect(ok.statusCode, ok.body).toBe(200);
    });

    it("the applicant's save is strict too", async () => {
      const { draftApplicationToken: token } = await newDraft(applicant, 'LA');
      for (const body of [
        { gender: 'M', shoeSize: 9 },
        { dateOfBirth: { day: '12', month: 4, year: 1990 } },
      ]) {
        const res = await applicant.send('PUT', `/api/draftApplications/${token}/applicant`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const list = await raw(applicant, 'PUT', `/api/draftApplications/${token}/applicant`, '[]');
      expect(list.json().fieldErrors).toEqual({ body: expect.any(String) });
      const row = await t.database.db
        .selectFrom('applications')
        .select('applicant_data')
        .where('id', '=', token)
        .executeTakeFirstOrThrow();
      expect((row.applicant_data as { draft: object }).draft).toEqual({});
    });
  });
});
