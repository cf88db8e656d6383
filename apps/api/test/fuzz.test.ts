import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchCsvTemplate } from '@dis/domain';
import { BULK_APPLICATIONS_PATH } from '@dis/domain/contracts';
import {
  Browser,
  caseworkCall,
  ENGINES,
  newDraft,
  ORIGIN,
  type TestApp,
  withPeople,
  asCsg,
  asApplicant,
  rowCount,
} from './harness';

// Generated hostile input on every write route's body and every query string of the product API, on every path
// parameter of every route, and on the multipart upload.
// Each generated request carries at least one thing the service must refuse; the answer is always a 4xx with
// the standard body, never a 5xx, and nothing is stored.

const RUNS = 30;
const PRODUCT = /^\/(api|ags|oauth2\/api)\//;

/** Field names each write route knows, so generated bodies look like real ones around the poison. */
const KNOWN_FIELDS: Record<string, string[]> = {
  '/api/declaration': ['agreed'],
  '/api/draftApplications': ['applicationType'],
  '/api/draftApplications/link/applicant': ['uuid'],
  '/api/draftApplications/:token/countersignatory': [
    'applicantName',
    'applicantDateOfBirth',
    'applicantEmail',
    'applicantCurrentAddress',
    'roleDetails',
    'workforces',
    'onlinePaymentType',
    'invoiceSubAccountCode',
    'whoWillPay',
    'confirmRoleQualifies',
    'csgAnotherOrganisation',
  ],
  '/api/draftApplications/:token/applicant': [
    'currentName',
    'dateOfBirth',
    'gender',
    'previousNames',
    'currentAddress',
    'contactDetails',
    'passport',
  ],
  '/api/draftApplications/:token/submitted': ['agreed'],
  '/api/draftApplications/:token/payment': ['returnUrl', 'description', 'onlinePaymentType'],
  '/api/draftApplications/:token/complete': [],
  '/api/feedback': ['rating', 'journey'],
  '/api/personal-details/me/reminders': ['remindersOn'],
  '/api/organisation/:orgCode/detail-corrections': [
    'organisationName',
    'address',
    'mainPhoneNumber',
    'emailAddress',
  ],
  '/api/results/:id/check-codes/:copyId/withdraw': [],
  '/api/results/:id/intend-to-appeal': [],
  '/api/results/:id/release': [],
  '/api/results/:id/request-review': [],
  '/api/results/:id/share': ['confirmShare'],
  '/api/results/:id/share-purpose': ['confirmed', 'purpose'],
  '/api/results/:id/share/paper': [],
  '/api/results/:id/shares/:shareId/revoke': [],
  '/api/results/:id/share/thirdparty': [
    'recipientName',
    'recipientAddress',
    'recipientEmail',
    'recipientPhoneNumber',
    'recipientPositionAppliedFor',
    'applicantEmail',
  ],
  '/oauth2/api/otc/request': [],
  '/oauth2/api/otc/verify': ['oneTimeCode'],
};

/** Text no field may hold: a control character (NUL included) or an unpaired surrogate, somewhere inside. */
const unsafeText = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\ud800', '\udfff'),
    fc.string({ maxLength: 8 }),
  )
  .map(([a, bad, b]) => a + bad + b);
/** The same in a query string, which carries bytes: control characters only. */
const unsafeQueryText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\u0008', '\u001f', '\u007f', '\u0085'))
  .map(([a, bad]) => a + bad);

/** A character no id's shape holds (ids are letters, digits, `-`, `_`, `.`), percent-encoded as a browser would. */
const foreignCharacter = fc.constantFrom(
  ' ',
  '<',
  '"',
  "'",
  '/',
  '\\',
  '?',
  '#',
  '%',
  ':',
  '@',
  'é',
  '\u{1F600}',
);
/**
 * A path parameter, as sent on the wire: a control character or a character outside every id's shape somewhere
 * in it, or bytes that are not UTF-8 (a lone surrogate's bytes among them), or an id far too long.
 */
const hostilePathSegment = fc.oneof(
  fc
    .tuple(
      fc.string({ maxLength: 12 }),
      fc.oneof(unsafeQueryText, foreignCharacter),
      fc.string({ maxLength: 12 }),
    )
    .map(([a, bad, b]) => encodeURIComponent(a + bad + b)),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('%ED%A0%80', '%ED%BF%BF', '%C0%80', '%FF', '%E2%82'))
    .map(([a, bad]) => encodeURIComponent(a) + bad),
  fc.integer({ min: 101, max: 2000 }).map((n) => 'a'.repeat(n)),
);

/** A well-shaped value for each path parameter name, so the hostile one is the only thing wrong. */
function sampleParam(url: string, name: string, tokens: { org: string; applicant: string }): string {
  const uuid = '00000000-0000-4000-8000-000000000000';
  if (name === 'token') return url.includes('/handover') ? uuid : tokens.org;
  if (name === 'orgCode') return 'RB1001';
  if (name === 'reference') return 'DS-00000-00000';
  if (name === 'id' && url.includes('/costcentres/')) return 'RB1001';
  if (name === 'id' && url.includes('/countersignatories/')) return 'csg-a-casey';
  if (name === 'id' && url.includes('/bulkApplications/')) return 'AAAAAAAAAAAAAAAAAAAAAAAA';
  return uuid;
}

function hostileBody(known: string[]) {
  const field = known.length > 0 ? fc.constantFrom(...known) : fc.constant('value');
  const base = fc.dictionary(field, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  return fc.oneof(
    // Not an object at all.
    fc.oneof(
      fc.constant(null),
      fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
      fc.string(),
      fc.integer(),
    ),
    // A field the route does not know, beside known ones.
    fc
      .tuple(base, fc.string({ minLength: 1, maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }))
      .map(([b, key, value]) => ({ ...b, [`x${key}`]: value })),
    // Unsafe text in a known field, at the top or nested.
    fc
      .tuple(base, field, unsafeText, fc.boolean())
      .map(([b, key, text, nested]) => ({ ...b, [key]: nested ? { inner: [text] } : text })),
  );
}

describe.each(ENGINES)('fuzzing the product API on $name', (engine) => {
  let t: TestApp, csg: Browser, lead: Browser, applicant: Browser;
  withPeople(
    engine,
    { lead: asCsg('lead-csg'), applicant: asApplicant() },
    (s) => ({ t, csg, lead, applicant } = s),
  );
  let orgToken: string;
  let applicantToken: string;
  beforeAll(async () => {
    orgToken = (await newDraft(csg, 'LB')).draftApplicationToken;
    applicantToken = (await newDraft(applicant, 'LA')).draftApplicationToken;
  });

  /** Everything a refused request must leave as it was. */
  async function stored() {
    const db = t.database.db;
    const count = (table: Parameters<typeof rowCount>[1]) => rowCount(t, table);
    return {
      applications: await db
        .selectFrom('applications')
        .select(['id', 'status', 'data', 'applicant_data', 'applicant_user_id', 'link_id'])
        .orderBy('id')
        .execute(),
      feedback: await count('feedback'),
      payments: await count('payments'),
      declarations: await count('declarations'),
      outbox: await count('notify_outbox'),
      linkAttempts: await count('link_match_attempts'),
      reports: await count('organisation_detail_reports'),
      shares: await count('result_shares'),
      codes: await count('one_time_codes'),
      messages: await count('outbox_messages'),
      reminderSettings: await count('reminder_settings'),
    };
  }

  function expectStandardRefusal(res: { statusCode: number; body: string; json(): unknown }, what: string) {
    expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
    const body = res.json() as Record<string, unknown>;
    expect(body.status, what).toBe(res.statusCode);
    expect(typeof body.message, what).toBe('string');
    expect(typeof body.backendCode, what).toBe('string');
  }

  /** The caller allowed on a route, and the URL with its own record in place of the parameter. */
  function callerFor(route: { url: string; access: unknown }) {
    const roles = (route.access as { roles: string[] }).roles;
    const asCsg = roles.includes('CSG');
    const browser = route.url.includes('detail-corrections') ? lead : asCsg ? csg : applicant;
    const url = route.url
      .replace(':token', asCsg ? orgToken : applicantToken)
      .replace(':orgCode', 'RB1001')
      .replace(':id', route.url.includes('costcentres') ? 'RB1001' : 'csg-a-casey');
    return { browser, url };
  }

  it('every write route: a hostile body is a 4xx with the standard body, and nothing is stored', async () => {
    const routes = t.routes.filter(
      (r) =>
        ['POST', 'PUT', 'DELETE'].includes(r.method) && PRODUCT.test(r.url) && typeof r.access === 'object',
    );
    expect(routes.map((r) => r.url).sort()).toEqual(Object.keys(KNOWN_FIELDS).sort());
    for (const route of routes) {
      const { browser, url } = callerFor(route);
      const before = await stored();
      await fc.assert(
        fc.asyncProperty(hostileBody(KNOWN_FIELDS[route.url]!), async (body) => {
          const res = await browser.request({
            method: route.method as 'POST' | 'PUT',
            url,
            payload: JSON.stringify(body),
            headers: {
              'content-type': 'application/json',
              origin: ORIGIN,
              'x-requested-with': 'XMLHttpRequest',
            },
          });
          expectStandardRefusal(res, `${route.method} ${route.url} ${JSON.stringify(body)}`);
        }),
        { numRuns: RUNS },
      );
      expect(await stored(), `${route.method} ${route.url} stored something`).toEqual(before);
    }
  });

  it('every path parameter of every contract has its shape (a pattern or a format) in /openapi.json', async () => {
    type Parameter = { in: string; name: string; schema?: { pattern?: string; format?: string } };
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    const shapeless: string[] = [];
    let count = 0;
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations))
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'path') continue;
          count += 1;
          if (!parameter.schema?.pattern && !parameter.schema?.format)
            shapeless.push(`${method.toUpperCase()} ${path} ${parameter.name}`);
        }
    expect(count).toBeGreaterThan(30);
    expect(shapeless).toEqual([]);
  });

  it('every path parameter of every route: a 4xx (the standard body on the API), never a 5xx, nothing stored', async () => {
    // Every route with a parameter, as the app registered them: a route added later is fuzzed by itself.
    const routes = t.routes.filter((r) => /\/:[A-Za-z]/.test(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
    const anonymous = new Browser(t);
    const tokens = { org: orgToken, applicant: applicantToken };
    for (const route of routes) {
      const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      const access = route.access;
      const browser =
        typeof access === 'object'
          ? (access as { roles: string[] }).roles.includes('CSG')
            ? route.url.includes('detail-corrections')
              ? lead
              : csg
            : applicant
          : anonymous;
      const before = await stored();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...names), hostilePathSegment, async (target, bad) => {
          const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
            name === target ? bad : encodeURIComponent(sampleParam(route.url, name, tokens)),
          );
          const what = `${route.method} ${route.url} with ${target}=${bad.slice(0, 60)}`;
          const res = url.startsWith('/internal/casework/')
            ? await caseworkCall(
                t,
                route.method as 'GET' | 'POST',
                url,
                route.method === 'GET' ? undefined : {},
              )
            : route.method === 'GET'
              ? await browser.get(url)
              : await browser.request({
                  method: route.method as 'POST' | 'PUT',
                  url,
                  payload: '{}',
                  headers: {
                    'content-type': 'application/json',
                    origin: ORIGIN,
                    'x-requested-with': 'XMLHttpRequest',
                  },
                });
          // The local stand-ins (development only) answer with their own pages: never a 5xx is what holds there.
          if (route.url.startsWith('/local/')) {
            expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          } else expectStandardRefusal(res, what);
        }),
        { numRuns: RUNS },
      );
      expect(await stored(), `${route.method} ${route.url} stored something`).toEqual(before);
    }
    // Still signed in: no hostile path reached the sign-out.
    expect((await csg.get('/oauth2/api/userinformation')).statusCode).toBe(200);
  });

  it('the CSV upload: a malformed multipart body is a 400 CSV_FILE_REQUIRED, and no batch is stored', async () => {
    const batches = () => rowCount(t, 'batches');
    const filename = 'RB1001_20261123_235959.csv';
    const form = (boundary: string) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `Content-Type: text/csv\r\n\r\n${batchCsvTemplate()}\r\n--${boundary}--\r\n`,
      );
    const closing = (boundary: string) => Buffer.byteLength(`--${boundary}--\r\n`);
    const boundaryText = fc.stringMatching(/^[A-Za-z0-9'()+_,-./:=?]{1,40}$/).filter((b) => !b.endsWith(' '));
    const upload = (type: string, payload: Buffer) =>
      csg.request({
        method: 'POST',
        url: BULK_APPLICATIONS_PATH,
        payload,
        headers: { 'content-type': type, origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest' },
      });
    const before = await batches();
    await fc.assert(
      fc.asyncProperty(
        boundaryText,
        fc.oneof(
          // Cut off anywhere before the closing boundary is whole.
          fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
          // A boundary the body does not hold.
          fc.record({ kind: fc.constant('other boundary' as const), other: boundaryText }),
          // No boundary at all, or an empty one.
          fc.record({ kind: fc.constantFrom('no boundary' as const, 'empty boundary' as const) }),
        ),
        async (boundary, damage) => {
          const whole = form(boundary);
          let type = `multipart/form-data; boundary="${boundary}"`;
          let payload = whole;
          if (damage.kind === 'cut') {
            payload = whole.subarray(0, Math.floor(damage.at * (whole.length - closing(boundary))));
          } else if (damage.kind === 'other boundary') {
            fc.pre(!whole.includes(`--${damage.other}`));
            type = `multipart/form-data; boundary="${damage.other}"`;
          } else {
            type = damage.kind === 'no boundary' ? 'multipart/form-data' : 'multipart/form-data; boundary=';
          }
          const res = await upload(type, payload);
          const what = `${damage.kind} (${boundary}): ${res.body}`;
          expectStandardRefusal(res, what);
          expect(res.json().backendCode, what).toBe('CSV_FILE_REQUIRED');
        },
      ),
      { numRuns: RUNS * 3 },
    );
    expect(await batches()).toBe(before);
    // The same form, whole, is taken.
    const ok = await upload('multipart/form-data; boundary="whole"', form('whole'));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('every query string: hostile text is a 4xx with the standard body, and nothing is stored', async () => {
    const routes = t.routes.filter((r) => r.method === 'GET' && PRODUCT.test(r.url));
    expect(routes.length).toBeGreaterThan(10);
    const params = [
      'applicantName',
      'csgCode',
      'status',
      'page',
      'pageSize',
      'postcode',
      'reason',
      'searchedAt',
    ];
    for (const route of routes) {
      const { browser, url } =
        typeof route.access === 'object' ? callerFor(route) : { browser: csg, url: route.url };
      const before = await stored();
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...params), fc.string({ maxLength: 12 }), { maxKeys: 3 }),
          fc.constantFrom(...params, 'x'),
          unsafeQueryText,
          async (others, key, bad) => {
            const query = new URLSearchParams({ ...others, [key]: bad }).toString();
            const res = await browser.get(`${url}?${query}`);
            expectStandardRefusal(res, `GET ${route.url}?${query}`);
          },
        ),
        { numRuns: RUNS },
      );
      expect(await stored(), `GET ${route.url} stored something`).toEqual(before);
    }
    // Still signed in: no hostile query reached the sign-out.
    expect((await csg.get('/oauth2/api/userinformation')).statusCode).toBe(200);
  });
});
