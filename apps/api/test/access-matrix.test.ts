import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl } from '../src/platform/access';
import * as h from './harness';

/** One signed-in browser per role, to call every route as each of them. */
const PERSONA_BY_ROLE = {
  APPLICANT: 'applicant-verified',
  APPLICATION_ONLY: 'application-only',
  APPLICANT_BASIC: 'applicant-basic',
  CSG: 'csg',
  LEVEL1_CSG: 'level1-csg',
} as const;
type RoleName = keyof typeof PERSONA_BY_ROLE;

/** What each role gets from a route only `allowed` may use: 404 for every other role. */
const only = (allowed: Partial<Record<RoleName, number>>): Record<RoleName, number> => ({
  APPLICANT: 404,
  APPLICATION_ONLY: 404,
  APPLICANT_BASIC: 404,
  CSG: 404,
  LEVEL1_CSG: 404,
  ...allowed,
});

/** A concrete URL for a route pattern, owned by the persona calling it where the route takes an id. */
function sampleUrl(url: string, role: RoleName): string {
  const own =
    role === 'LEVEL1_CSG' ? { csg: 'csg-a-lee', org: 'RB1001' } : { csg: 'csg-a-casey', org: 'RB1001' };
  return url.replace(':id', url.includes('costcentres') ? own.org : own.csg);
}

describe.each(h.ENGINES)('route-by-role access matrix on $name', (engine) => {
  let t: h.TestApp;
  const browsers = new Map<RoleName | 'anonymous', h.Browser>();
  beforeAll(async () => {
    t = await h.startTestApp(engine);
    browsers.set('anonymous', new h.Browser(t));
    for (const [role, persona] of Object.entries(PERSONA_BY_ROLE)) {
      const browser = new h.Browser(t);
      await browser.signIn(persona);
      if (role === 'CSG' || role === 'LEVEL1_CSG')
        await browser.send('POST', '/api/declaration', { agreed: true });
      browsers.set(role as RoleName, browser);
    }
  });
  afterAll(async () => t.dispose());

  it('every product API route declares who may call it', () => {
    const apiRoutes = t.routes.filter((r) => /^\/(api|ags|oauth2\/api)\//.test(r.url));
    expect(apiRoutes.length).toBeGreaterThan(5);
    for (const route of apiRoutes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('answers each role as the route declares: 401 signed out, not-found for a wrong role, through for the right one', async () => {
    const routes = t.routes.filter(
      (r) =>
        r.method === 'GET' &&
        /^\/(api|ags|oauth2\/api)\//.test(r.url) &&
        typeof r.access === 'object' &&
        // Routes keyed by a draft token or a link id, and the postcode lookup (needs a postcode), have their
        // own matrix in organisation-drafts.test.ts. Results by id have theirs below.
        !/:(?!id\b)|\/addressService\/|\/results\//.test(r.url),
    );
    const outcomes: string[] = [];
    for (const route of routes) {
      const access = route.access as { roles: readonly string[] };
      const anonymous = await browsers.get('anonymous')!.get(sampleUrl(route.url, 'CSG'));
      outcomes.push(`${route.url} anonymous ${anonymous.statusCode}`);
      expect(anonymous.statusCode, `${route.url} signed out`).toBe(401);
      for (const role of Object.keys(PERSONA_BY_ROLE) as RoleName[]) {
        const res = await browsers.get(role)!.get(sampleUrl(route.url, role));
        const allowed = access.roles.includes(role);
        if (allowed) {
          expect([200, 204], `${route.url} as ${role}: ${res.body}`).toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${route.url} as ${role}`).toBe(404);
        }
      }
    }
    expect(outcomes.length).toBe(routes.length);
  });

  it('refused access is written to the audit trail', async () => {
    await browsers.get('APPLICANT')!.get('/ags/disclosure-summaries');
    const refused = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('event', '=', 'access.refused')
      .execute();
    expect(refused.some((e) => (e.detail as { route?: string }).route === '/ags/disclosure-summaries')).toBe(
      true,
    );
  });

  it("a countersignatory cannot read another organisation's countersignatory or cost centres", async () => {
    const csg = browsers.get('CSG')!;
    expect((await csg.get('/api/countersignatories/csg-b-jamie')).statusCode).toBe(404);
    expect((await csg.get('/api/costcentres/RB2002')).statusCode).toBe(404);
    const own = await csg.get('/api/costcentres/RB1001');
    expect(own.json()).toEqual([
      { costCentreCode: 'A100' },
      { costCentreCode: 'A200' },
      { costCentreCode: 'A300' },
    ]);
  });

  it('CSV batch routes: organisation roles of the batch organisation only; the report: its lead only', async () => {
    const batchRoutes = t.routes.filter((r) => r.url.startsWith('/submitApplicationService/'));
    expect(batchRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /submitApplicationService/v2/bulkApplications/:id',
      'GET /submitApplicationService/v2/bulkApplications/:id/error-report',
      'GET /submitApplicationService/v2/bulkApplications/template',
      'POST /submitApplicationService/v2/bulkApplications',
      'POST /submitApplicationService/v2/bulkApplications/validate',
    ]);
    for (const route of batchRoutes)
      expect(route.access, route.url).toEqual(
        expect.objectContaining({ roles: expect.arrayContaining(['CSG', 'LEVEL1_CSG']) }),
      );
    // A batch of organisation A, made directly: the matrix is about who reaches it, not how it was uploaded.
    const id = 'matrixbatch0000000000';
    await t.database.db
      .insertInto('batches')
      .values({
        id,
        organisation_code: 'RB1001',
        countersignatory_id: 'csg-a-casey',
        uploaded_by: (await t.database.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id,
        filename: 'RB1001_20261123_000000.csv',
        status: 'PROCESSED',
        created_at: new Date(),
        submitted_at: null,
        processed_at: null,
        declaration_date: null,
      })
      .execute();
    const urls = [
      `/submitApplicationService/v2/bulkApplications/${id}`,
      `/submitApplicationService/v2/bulkApplications/${id}/error-report`,
      '/submitApplicationService/v2/bulkApplications/template',
    ];
    for (const url of urls) {
      expect((await browsers.get('anonymous')!.get(url)).statusCode, url).toBe(401);
      for (const role of Object.keys(PERSONA_BY_ROLE) as RoleName[]) {
        const res = await browsers.get(role)!.get(url);
        expect(res.statusCode, `${url} as ${role}`).toBe(role === 'CSG' || role === 'LEVEL1_CSG' ? 200 : 404);
      }
    }
    const other = new h.Browser(t);
    await other.signIn('csg-other-org');
    await other.send('POST', '/api/declaration', { agreed: true });
    for (const url of urls.slice(0, 2)) expect((await other.get(url)).statusCode, url).toBe(404);

    const report = '/api/organisation/RB1001/detail-corrections';
    expect((await browsers.get('anonymous')!.get(report)).statusCode).toBe(401);
    for (const role of Object.keys(PERSONA_BY_ROLE) as RoleName[])
      expect((await browsers.get(role)!.get(report)).statusCode, `report as ${role}`).toBe(404);
    const lead = new h.Browser(t);
    await lead.signIn('lead-csg');
    expect((await lead.get(report)).statusCode).toBe(200);
    expect((await lead.get('/api/organisation/RB2002/detail-corrections')).statusCode).toBe(404);
  });

  it('every CSV batch route × role × row type: the uploader, or a role reaching the type', async () => {
    // Decision 0042. A batch per application type an organisation starts, each with one ready row of that type,
    // uploaded by the full countersignatory (CSG) of organisation A; the Level 1 countersignatory is of A too.
    const db = t.database.db;
    const userId = async (role: RoleName) =>
      (await browsers.get(role)!.get('/oauth2/api/userinformation')).json().id as string;
    const uploader = await userId('CSG');
    const types = ['LA', 'LB', 'LC', 'PA', 'PC'] as const;
    const batchOf: Record<string, string> = {};
    for (const type of types) {
      const id = `matrix${type}batch00000000000`;
      batchOf[type] = id;
      await db
        .insertInto('batches')
        .values({
          id,
          organisation_code: 'RB1001',
          countersignatory_id: 'csg-a-casey',
          uploaded_by: uploader,
          filename: `RB1001_20261123_1000${types.indexOf(type)}0.csv`,
          status: 'AWAITING',
          created_at: new Date(),
          submitted_at: null,
          processed_at: null,
          declaration_date: null,
        })
        .execute();
      await db
        .insertInto('batch_rows')
        .values({
          batch_id: id,
          row_index: 1,
          status: 'READY',
          applicant_surname: 'Matrix',
          type_code: type,
          draft: JSON.stringify({}),
          errors: JSON.stringify([]),
          application_id: null,
        })
        .execute();
    }
    type Call = [string, 'GET' | 'POST', (id: string) => string];
    const base = '/submitApplicationService/v2/bulkApplications';
    const calls: Call[] = [
      ['view', 'GET', (id) => `${base}/${id}`],
      ['error report', 'GET', (id) => `${base}/${id}/error-report`],
    ];
    // Every batch route is in the table: the two above by id, and the upload, check and template below.
    expect(
      t.routes
        .filter((r) => r.url.startsWith(base))
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual(
      [
        ...calls.map(([, method, url]) => `${method} ${url(':id')}`),
        `GET ${base}/template`,
        `POST ${base}`,
        `POST ${base}/validate`,
      ].sort(),
    );
    const reaches: Record<RoleName, readonly string[]> = {
      CSG: types,
      LEVEL1_CSG: ['LA'],
      APPLICANT: [],
      APPLICATION_ONLY: [],
      APPLICANT_BASIC: [],
    };
    const expected = (role: RoleName, type: string) => (reaches[role].includes(type) ? 200 : 404);
    const send = (browser: h.Browser, [, , url]: Call, id: string) => browser.get(url(id));
    const cases: string[] = [];
    for (const role of [
      'APPLICANT',
      'APPLICATION_ONLY',
      'APPLICANT_BASIC',
      'LEVEL1_CSG',
      'CSG',
    ] as RoleName[]) {
      for (const type of types) {
        for (const call of calls) {
          const res = await send(browsers.get(role)!, call, batchOf[type]!);
          const label = `${role} ${call[0]} of a ${type} batch: ${res.statusCode} ${res.body}`;
          cases.push(label);
          expect(res.statusCode, label).toBe(expected(role, type));
        }
      }
    }
    for (const type of types)
      for (const call of calls)
        expect((await send(browsers.get('anonymous')!, call, batchOf[type]!)).statusCode).toBe(401);
    expect(cases.length).toBe(5 * types.length * calls.length);
    // The upload and the file's check: organisation roles reach them (an empty form is no file), the others do not.
    for (const role of Object.keys(PERSONA_BY_ROLE) as RoleName[])
      for (const url of [base, `${base}/validate`]) {
        const res = await browsers.get(role)!.request({
          method: 'POST',
          url,
          payload: '--x--\r\n',
          headers: {
            'content-type': 'multipart/form-data; boundary=x',
            origin: 'http://localhost:3000',
            'x-requested-with': 'XMLHttpRequest',
          },
        });
        const organisation = role === 'CSG' || role === 'LEVEL1_CSG';
        expect(res.statusCode, `${url} as ${role}: ${res.body}`).toBe(organisation ? 400 : 404);
        if (organisation) expect(res.json().backendCode).toBe('CSV_FILE_REQUIRED');
      }
  });

  it('organisation routes behind the declaration refuse until it is signed today', async () => {
    const lead = new h.Browser(t);
    await lead.signIn('lead-csg');
    const before = await lead.get('/ags/disclosure-summaries');
    expect(before.statusCode).toBe(403);
    expect(before.json().backendCode).toBe('DECLARATION_REQUIRED');
    const notTicked = await lead.send('POST', '/api/declaration', { agreed: false });
    expect(notTicked.statusCode).toBe(400);
    expect(Object.keys(notTicked.json().fieldErrors)).toEqual(['agreed']);
    expect((await lead.get('/ags/disclosure-summaries')).statusCode).toBe(403);
    expect((await lead.send('POST', '/api/declaration', { agreed: true })).json()).toMatchObject({
      signedToday: true,
    });
    expect((await lead.get('/ags/disclosure-summaries')).json()).toEqual({ summaries: [], totalElements: 0 });
    // The next day in the UK needs a new declaration.
    t.clock.advance(24 * 60 * 60 * 1000);
    const tomorrow = new h.Browser(t);
    await tomorrow.signIn('lead-csg');
    expect((await tomorrow.get('/api/declaration')).json().signedToday).toBe(false);
    t.clock.advance(-24 * 60 * 60 * 1000);
  });

  it('token routes check role against application type: a draft of each type per role', async () => {
    // Countersignatory and Level 1 countersignatory are both of organisation A. Drafts of every type an
    // organisation starts, plus handed-over Level 1 and Level 2 applications for the hand-over routes.
    const csg = browsers.get('CSG')!;
    const drafts: Record<string, string> = {};
    for (const type of ['LA', 'LB', 'LC', 'PA', 'PC'])
      drafts[type] = (await h.newDraft(csg, type)).draftApplicationToken;
    const handedOver: Record<string, string> = {};
    for (const type of ['LA', 'LB']) handedOver[type] = (await h.handOver(t, csg, type)).token;
    // Declared but not completed: the completion of the hand-over must refuse a role that may not reach it.
    const declaredLb = (await h.newDraft(csg, 'LB')).draftApplicationToken;
    await csg.send('PUT', `/api/draftApplications/${declaredLb}/countersignatory`, h.level2Payload());
    await csg.send('POST', `/api/draftApplications/${declaredLb}/submitted`, { agreed: true });

    type Call = [string, 'GET' | 'POST' | 'PUT', (token: string) => string, unknown?];
    const draftRoutes: Call[] = [
      ['read draft', 'GET', (tk) => `/api/draftApplications/${tk}`],
      ['save', 'PUT', (tk) => `/api/draftApplications/${tk}/countersignatory`, {}],
      ['declare', 'POST', (tk) => `/api/draftApplications/${tk}/submitted`, { agreed: false }],
      ['start payment', 'POST', (tk) => `/api/draftApplications/${tk}/payment`, { returnUrl: 'https://x' }],
      ['payment status', 'GET', (tk) => `/api/draftApplications/${tk}/payment`],
      ['complete', 'PUT', (tk) => `/api/draftApplications/${tk}/complete`, {}],
      ['details', 'GET', (tk) => `/api/application/${tk}`],
      ['applicant save', 'PUT', (tk) => `/api/draftApplications/${tk}/applicant`, {}],
      ['submitted view', 'GET', (tk) => `/api/draftApplications/${tk}/submitted`],
    ];
    const handoverRoutes: Call[] = [
      ['hand-over', 'GET', (tk) => `/api/draftApplications/${tk}/handover`],
      ['details', 'GET', (tk) => `/api/application/${tk}`],
    ];
    const call = (b: h.Browser, [, method, url, body]: Call, token: string) =>
      method === 'GET' ? b.get(url(token)) : b.send(method, url(token), body ?? {});
    // The organisation roles that may reach each type; applicants own none of these applications.
    const reaches: Record<RoleName, readonly string[]> = {
      CSG: ['LA', 'LB', 'LC', 'PA', 'PC'],
      LEVEL1_CSG: ['LA'],
      APPLICANT: [],
      APPLICATION_ONLY: [],
      APPLICANT_BASIC: [],
    };
    const organisationOnly = (route: Call) => !['applicant save', 'submitted view'].includes(route[0]);
    const cases: string[] = [];
    for (const role of Object.keys(PERSONA_BY_ROLE) as RoleName[]) {
      const browser = browsers.get(role)!;
      const check = async (routes: Call[], tokens: Record<string, string>) => {
        for (const [type, token] of Object.entries(tokens)) {
          for (const route of routes) {
            const res = await call(browser, route, token);
            const label = `${role} ${route[0]} on ${type}: ${res.statusCode} ${res.body}`;
            cases.push(label);
            expect(res.statusCode, label).toBeLessThan(500);
            if (reaches[role].includes(type) && organisationOnly(route))
              expect(res.statusCode, label).not.toBe(404);
            else expect(res.statusCode, label).toBe(404);
          }
        }
      };
      await check(draftRoutes, drafts);
      await check(handoverRoutes, handedOver);
    }
    expect(cases.length).toBe(5 * (5 * draftRoutes.length + 2 * handoverRoutes.length));

    // The reported case: a Level 1 countersignatory cannot hand over a Level 2 application of its organisation.
    const level1 = browsers.get('LEVEL1_CSG')!;
    expect((await level1.send('PUT', `/api/draftApplications/${declaredLb}/complete`)).statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('applications')
      .select(['status', 'link_id'])
      .where('id', '=', declaredLb)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'DRAFT', link_id: null });
    const refused = await t.database.db
      .selectFrom('audit_events')
      .select('detail')
      .where('event', '=', 'access.refused')
      .execute();
    expect(refused.some((e) => (e.detail as { reason?: string }).reason === 'wrong_application_type')).toBe(
      true,
    );
    // Lists agree: the Level 1 countersignatory sees only the Level 1 application it may open.
    const listed = (await level1.get('/ags/disclosure-summaries')).json() as {
      summaries: { type: string }[];
    };
    expect(new Set(listed.summaries.map((s) => s.type))).toEqual(new Set(['LA']));
    const all = (await csg.get('/ags/disclosure-summaries')).json() as { summaries: { type: string }[] };
    expect(new Set(all.summaries.map((s) => s.type))).toEqual(new Set(['LA', 'LB']));
  });

  // Last: these create applications, which the declaration test above expects none of.
  it('results routes: each role as declared, owners only, verified identity for applicants', async () => {
    const applicant = browsers.get('APPLICANT')!;
    const csg = await h.signedInCsg(t);
    const own = await h.issuedResult(t, csg, 'level-2-convictions', { applicant });
    const released = await h.issuedResult(t, csg, 'level-2-cautions', { applicant });
    const reviewable = await h.issuedResult(t, csg, 'pvg-review-eligible', { applicant });
    // A basic result of the APPLICANT_BASIC person (they have no journey: the result is given to them here).
    const basic = await h.issuedResult(t, csg, 'clear-basic');
    const basicUser = (await browsers.get('APPLICANT_BASIC')!.get('/oauth2/api/userinformation')).json().id;
    await t.database.db
      .updateTable('results')
      .set({ applicant_user_id: basicUser })
      .where('id', '=', basic.resultId)
      .execute();

    // The check code of the applicant's print (decision 0051), made here so that its withdrawal has a copy.
    expect((await applicant.get(`/api/results/${released.resultId}/check-code`)).statusCode).toBe(200);
    const copyId = (await applicant.get(`/api/results/${released.resultId}/checks`)).json().copies[0].copyId;

    const table: [string, 'GET' | 'POST', string, Record<RoleName, number>, unknown?][] = [
      ['summary', 'GET', '/api/applicant-results-summary', only({ APPLICANT: 200, APPLICANT_BASIC: 200 })],
      // APPLICANT_BASIC may read results, but this one is not theirs.
      ['result', 'GET', `/api/results/${released.resultId}`, only({ APPLICANT: 200 })],
      ['basic', 'GET', `/api/results/basic/${basic.resultId}`, only({ APPLICANT_BASIC: 200 })],
      ['intend', 'POST', `/api/results/${own.resultId}/intend-to-appeal`, only({ APPLICANT: 200 })],
      // The share-or-review choice's "share" (decision 0054), before the review below closes the choice.
      [
        'share purpose',
        'POST',
        `/api/results/${reviewable.resultId}/share-purpose`,
        only({ APPLICANT: 200 }),
        { purpose: 'SHARE', confirmed: true },
      ],
      ['review', 'POST', `/api/results/${reviewable.resultId}/request-review`, only({ APPLICANT: 200 })],
      ['org summary', 'GET', '/api/organisation/RB1001/results-summary', only({ CSG: 200, LEVEL1_CSG: 200 })],
      // A Level 1 countersignatory may use the route, but sees Level 1 results only.
      ['org result', 'GET', `/api/organisation/RB1001/results/${released.resultId}`, only({ CSG: 200 })],
      ['tracker', 'GET', `/api/draftApplications/${own.token}/progress`, only({ APPLICANT: 200 })],
      ['check code', 'GET', `/api/results/${released.resultId}/check-code`, only({ APPLICANT: 200 })],
      ['checks', 'GET', `/api/results/${released.resultId}/checks`, only({ APPLICANT: 200 })],
      ['signed', 'GET', `/api/results/${released.resultId}/signed`, only({ APPLICANT: 200 })],
      [
        'withdraw check code',
        'POST',
        `/api/results/${released.resultId}/check-codes/${copyId}/withdraw`,
        only({ APPLICANT: 200 }),
      ],
    ];
    const call = (browser: h.Browser, method: 'GET' | 'POST', url: string, body?: unknown) =>
      method === 'GET' ? browser.get(url) : browser.send(method, url, body);
    for (const [name, method, url, expected, body] of table) {
      expect(
        (await call(browsers.get('anonymous')!, method, url, body)).statusCode,
        `${name} signed out`,
      ).toBe(401);
      for (const role of Object.keys(PERSONA_BY_ROLE) as RoleName[]) {
        // The declaration-protected organisation routes were declared for in beforeAll.
        const res = await call(browsers.get(role)!, method, url, body);
        expect(res.statusCode, `${name} as ${role}: ${res.body}`).toBe(expected[role]);
      }
    }
    // Release after the "no" answer (intent was recorded above on another result).
    const toRelease = await h.issuedResult(t, csg, 'level-2-convictions', { applicant });
    for (const role of ['APPLICANT_BASIC', 'APPLICATION_ONLY', 'CSG'] as const) {
      expect(
        (await browsers.get(role)!.send('POST', `/api/results/${toRelease.resultId}/release`)).statusCode,
      ).toBe(404);
    }
    expect((await applicant.send('POST', `/api/results/${toRelease.resultId}/release`)).statusCode).toBe(200);

    // An applicant whose identity is not verified is told so, for every result route.
    const unverified = new h.Browser(t);
    await unverified.signIn('applicant-unverified');
    for (const url of ['/api/applicant-results-summary', `/api/results/${released.resultId}`]) {
      const res = await unverified.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().backendCode).toBe('IDENTITY_NOT_VERIFIED');
    }
    // A submitted application without a result: the tracker answers its owner.
    const pending = await h.submittedApplication(t, csg, { applicant });
    expect((await applicant.get(`/api/draftApplications/${pending.token}/progress`)).json().stage).toBe(
      'RECEIVED',
    );
  });

  it('the casework API answers its bearer token only, whoever is signed in', async () => {
    for (const [, browser] of browsers) {
      expect((await browser.get('/internal/casework/applications')).statusCode).toBe(401);
      expect((await browser.get('/internal/casework/basic-applications')).statusCode).toBe(401);
      expect(
        (
          await browser.send('POST', '/internal/casework/basic-applications', {
            appId: 'BD-X',
            email: 'sam.taylor@example.com',
            dateOfBirth: '1978-01-05',
          })
        ).statusCode,
      ).toBe(401);
      // Recording identity documents received (decision 0055): casework's token only.
      expect(
        (await browser.send('POST', '/internal/casework/applications/ABC12345/identity-documents-received'))
          .statusCode,
      ).toBe(401);
      // Applications received on paper (decision 0053).
      expect(
        (
          await browser.send('POST', '/internal/casework/paper-applications', {
            reference: 'DS-MATR1-X0001',
            typeCode: 'LB',
            forename: 'Sam',
            surname: 'Taylor',
            email: 'sam.taylor@example.com',
            dateOfBirth: '1978-01-05',
            address: { line1: '1 High Street', town: 'Perth' },
          })
        ).statusCode,
      ).toBe(401);
    }
    expect((await h.caseworkCall(t, 'GET', '/internal/casework/applications')).statusCode).toBe(200);
    expect((await h.caseworkCall(t, 'GET', '/internal/casework/basic-applications')).statusCode).toBe(200);
  });

  it('Basic applications and application details: the owner only (decision 0052)', async () => {
    // The APPLICANT_BASIC persona's (Sam Taylor) Basic application, and an application of the APPLICANT's own.
    const registered = await h.caseworkCall(t, 'POST', '/internal/casework/basic-applications', {
      appId: 'BD-MATRIX-1',
      email: 'sam.taylor@example.com',
      dateOfBirth: '1978-01-05',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const csg = await h.signedInCsg(t);
    const own = await h.submittedApplication(t, csg, { applicant: browsers.get('APPLICANT')! });
    const table: [string, string, Record<RoleName, number>][] = [
      // Each applicant's own list (empty for the others); organisations have none.
      ['basic list', '/api/basic-applications', only({ APPLICANT: 200, APPLICANT_BASIC: 200 })],
      ['basic one', '/api/basic-applications/BD-MATRIX-1', only({ APPLICANT_BASIC: 200 })],
      // The organisation's application (its own organisation A), and its applicant's.
      ['details', `/api/application/${own.token}`, only({ APPLICANT: 200, CSG: 200 })],
    ];
    for (const [name, url, expected] of table) {
      expect((await browsers.get('anonymous')!.get(url)).statusCode, `${name} signed out`).toBe(401);
      for (const role of Object.keys(PERSONA_BY_ROLE) as RoleName[]) {
        const res = await browsers.get(role)!.get(url);
        expect(res.statusCode, `${name} as ${role}: ${res.body}`).toBe(expected[role]);
      }
    }
    expect((await browsers.get('APPLICANT')!.get('/api/basic-applications')).json().applications).toEqual([]);
  });

  it("Notify's delivery callback answers its bearer token only, whoever is signed in", async () => {
    const body = { id: 'n-1', reference: null, status: 'delivered' };
    for (const [, browser] of browsers) {
      expect((await browser.send('POST', '/notify/callbacks/delivery-status', body)).statusCode).toBe(401);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/notify/callbacks/delivery-status',
      headers: {
        authorization: `Bearer ${t.config.notifyCallbackToken}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('deny by default', () => {
  it('refuses to start when a route does not declare its access', async () => {
    const app = Fastify();
    registerAccessControl(app, {} as never, { declarationSignedToday: async () => true });
    app.get('/api/forgotten', async () => ({}));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten/);
  });
});
