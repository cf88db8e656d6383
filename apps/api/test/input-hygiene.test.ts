import { describe, expect, it } from 'vitest';
import {
  Browser as AnonymousBrowser,
  caseworkCall,
  ENGINES,
  ORIGIN,
  issuedResult,
  level2Payload,
  newDraft,
  type Browser,
  type TestApp,
  withPeople,
  asApplicant,
  rowCount,
  applicationRow,
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
  let t: TestApp, csg: Browser, applicant: Browser;
  withPeople(engine, { applicant: asApplicant() }, (s) => ({ t, csg, applicant } = s));

  const feedbackRows = async () =>
    (await t.database.db.selectFrom('feedback').select('journey').execute()).length;
  const draftData = async (token: string) => (await applicationRow(t, token)).data;

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
      const row = await applicationRow(t, token);
      expect((row.applicant_data as { draft: object }).draft).toEqual({});
    });
  });
  describe('path parameters (issue 30, finding 2)', () => {
    const auditRows = () => rowCount(t, 'audit_events');

    it('a NUL or another control character in any path parameter is a 400 naming it, never a 500', async () => {
      const { resultId } = await issuedResult(t, csg, 'level-2-cautions', { applicant });
      const uuid = '00000000-0000-4000-8000-000000000000';
      const calls: Array<[Browser | 'casework', 'GET' | 'POST', string, string]> = [
        [applicant, 'GET', '/api/results/%00', 'id'],
        [applicant, 'GET', '/api/results/basic/%00', 'id'],
        [applicant, 'GET', '/api/results/%00/shares', 'id'],
        [applicant, 'GET', '/api/results/%00/share-options', 'id'],
        [applicant, 'POST', '/api/results/%00/release', 'id'],
        [applicant, 'POST', `/api/results/${resultId}/shares/%00/revoke`, 'shareId'],
        [applicant, 'POST', `/api/results/%1B${resultId}/shares/${uuid}/revoke`, 'id'],
        [applicant, 'GET', '/api/draftApplications/%00/progress', 'token'],
        [csg, 'GET', '/api/organisation/RB1001/results/%00', 'id'],
        [csg, 'GET', '/api/organisation/%C2%85RB1001/results-summary', 'orgCode'],
        [csg, 'GET', '/api/draftApplications/%7F', 'token'],
        [csg, 'GET', '/api/countersignatories/%00', 'id'],
        [new AnonymousBrowser(t), 'GET', `/api/shared-results/basic/${uuid}/%00`, 'b'],
        ['casework', 'GET', '/internal/casework/applications/%00', 'reference'],
        ['casework', 'POST', '/internal/casework/results/%00/review-decision', 'id'],
      ];
      for (const [caller, method, url, param] of calls) {
        const before = await auditRows();
        const res =
          caller === 'casework'
            ? await caseworkCall(t, method, url, method === 'POST' ? { decision: 'SUCCESSFUL' } : undefined)
            : method === 'GET'
              ? await caller.get(url)
              : await caller.send(method, url);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
        expect(res.json(), url).toMatchObject({
          status: 400,
          backendCode: 'VALIDATION_FAILED',
          fieldErrors: { [param]: expect.stringMatching(/characters/) },
        });
        // Nothing reached a record's audit row (the casework API audits every call, refused ones too).
        expect(await auditRows(), url).toBe(before + (caller === 'casework' ? 1 : 0));
      }
    });

    it('an id of the wrong shape is not found, as one that is not the caller’s', async () => {
      for (const [browser, url] of [
        [applicant, '/api/results/not-a-uuid'],
        [applicant, '/api/results/basic/12345'],
        [applicant, `/api/draftApplications/${'a'.repeat(44)}/progress`],
        [csg, '/api/organisation/RB1001/results/x'],
        [csg, '/api/draftApplications/short'],
        [csg, '/api/costcentres/RB-1001'],
      ] as const) {
        const res = await browser.get(url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
        expect(res.json().backendCode, url).toBe('NOT_FOUND');
      }
      const reference = await caseworkCall(t, 'GET', '/internal/casework/applications/NOPE-1');
      expect(reference.statusCode).toBe(404);
    });
  });

  describe('unknown query parameters (issue 30, finding 11)', () => {
    it('a misspelt filter is a 400 naming it, not a silently wider list', async () => {
      const list = await csg.get('/ags/disclosure-summaries?stauts=SUBMITTED&pageSize=10');
      expect(list.statusCode, list.body).toBe(400);
      expect(list.json()).toMatchObject({
        backendCode: 'VALIDATION_FAILED',
        fieldErrors: { stauts: expect.stringMatching(/not one the service accepts/) },
      });
      const results = await csg.get('/api/organisation/RB1001/results-summary?viewed=VIEWED');
      expect(Object.keys(results.json().fieldErrors)).toEqual(['viewed']);
      const mine = await applicant.get('/api/draftApplications/applicant-applications-summary?size=5');
      expect(Object.keys(mine.json().fieldErrors)).toEqual(['size']);
      // The declared ones are still taken.
      expect((await csg.get('/ags/disclosure-summaries?status=SUBMITTED&pageSize=10')).statusCode).toBe(200);
    });

    it('a route that declares no query refuses any', async () => {
      for (const url of [
        '/api/declaration?agreed=true',
        '/api/config?debug=1',
        '/oauth2/api/userinformation?x=',
      ]) {
        const res = await csg.get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().backendCode, url).toBe('VALIDATION_FAILED');
      }
      const post = await csg.send('POST', '/api/feedback?rating=SATISFIED', {
        rating: 'SATISFIED',
        journey: 'level-2',
      });
      expect(post.statusCode).toBe(400);
      expect(Object.keys(post.json().fieldErrors)).toEqual(['rating']);
    });

    it('the sign-in redirects still take the provider’s and the link’s parameters', async () => {
      // /oauth2/authorization/dis?uuid=… (the hand-over email's link) and /oauth2/callback?code=…&state=…&iss=…
      const browser = new AnonymousBrowser(t);
      const { visited } = await browser.signIn(
        'applicant-verified',
        '/oauth2/authorization/dis?uuid=00000000-0000-4000-8000-000000000000',
      );
      expect(visited.some((url) => url.includes('/oauth2/callback?') && url.includes('state='))).toBe(true);
      expect((await browser.get('/oauth2/api/userinformation')).statusCode).toBe(200);
    });
  });

  describe('spec 01 sections 7 and 9 (issue 29 item 11)', () => {
    it("refuses an organisation list page size other than 10, 20, 50 or 100 with the spec's error shape", async () => {
      for (const size of ['7', '0', '5', '30', '1000', 'abc', '-10', '10.5']) {
        const res = await csg.get(`/ags/disclosure-summaries?pageSize=${size}`);
        expect(res.statusCode, size).toBe(400);
        expect(res.json(), size).toEqual({
          status: 400,
          message: 'There is a problem with the details you sent',
          backendCode: 'VALIDATION_FAILED',
          fieldErrors: { pageSize: 'Select a number of results per page' },
          requestId: expect.any(String),
        });
      }
      for (const size of ['10', '20', '50', '100', '']) {
        const res = await csg.get(`/ags/disclosure-summaries?pageSize=${size}`);
        expect(res.statusCode, `${size}: ${res.body}`).toBe(200);
      }
    });

    const typeOf = async (token: string) => (await applicationRow(t, token)).type_code;

    it('creates the applicant-only Level 1 draft from a POST with no body; a body may still name the type', async () => {
      for (const payload of ['', '{}', '{"applicationType":"LA"}']) {
        const res = await raw(applicant, 'POST', '/api/draftApplications', payload);
        expect(res.statusCode, `${payload}: ${res.body}`).toBe(201);
        expect(await typeOf(res.json().draftApplicationToken), payload).toBe('LA');
      }
      // A body is read when sent: a type the applicant may not start, an unknown field or a null is refused.
      for (const payload of ['{"applicationType":"LB"}', '{"applicationType":"LA","x":1}', 'null']) {
        const res = await raw(applicant, 'POST', '/api/draftApplications', payload);
        expect(res.statusCode, payload).toBe(400);
        expect(res.json().backendCode, payload).toBe('VALIDATION_FAILED');
      }
    });

    it('an organisation still names the type; an empty body elsewhere is still refused', async () => {
      const none = await raw(csg, 'POST', '/api/draftApplications', '');
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({
        backendCode: 'VALIDATION_FAILED',
        fieldErrors: { applicationType: expect.any(String) },
      });
      const { draftApplicationToken: token } = await newDraft(csg);
      expect((await raw(csg, 'PUT', `/api/draftApplications/${token}/countersignatory`, '')).statusCode).toBe(
        400,
      );
      expect((await raw(csg, 'POST', `/api/draftApplications/${token}/submitted`, '')).statusCode).toBe(400);
      expect((await raw(applicant, 'POST', '/api/feedback', '')).statusCode).toBe(400);
    });
  });
});
