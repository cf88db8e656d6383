import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { CustomFetch } from 'openid-client';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { buildApp, type AppOptions, type BuiltApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { FakeClock } from '../src/platform/clock';
import { testClockStart } from './support/clock-start';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../src/platform/db/schema';
import { openTestEmbeddedDatabase } from './support/embedded-template';

/**
 * Integration tests build the real app in-process and call it with inject: always on the embedded
 * database, and also on PostgreSQL (with Redis sessions) when DATABASE_URL / REDIS_URL are set.
 */
export interface Engine {
  name: string;
  open(): Promise<{ database: DatabaseHandle; redisUrl: string | undefined; dispose(): Promise<void> }>;
}

/**
 * Redis for this test worker: a database of its own (1 to 15; 0, the default, is left alone), because test files
 * run two at a time and every test app empties its Redis database when it starts.
 */
function workerRedisUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const own = new URL(url);
  own.pathname = `/${(Number(process.env.VITEST_POOL_ID ?? 0) % 15) + 1}`;
  return own.href;
}

/**
 * A new PostgreSQL database of its own on the DATABASE_URL server (its name starts with `prefix`): its URL, and
 * `drop` to remove it (and close the admin connection) when done.
 */
export async function newPostgresDatabase(prefix = 'dis_test') {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const ENGINES: Engine[] = [
  {
    name: 'embedded PGlite',
    async open() {
      const database = await openTestEmbeddedDatabase();
      return { database, redisUrl: undefined, dispose: () => database.close() };
    },
  },
  ...(process.env.DATABASE_URL
    ? [
        {
          name: `PostgreSQL${process.env.REDIS_URL ? ' and Redis' : ''}`,
          async open() {
            // A database of its own per test file, so files never see each other's rows.
            const own = await newPostgresDatabase();
            const database = await openDatabase({ databaseUrl: own.url, dataDir: 'unused' });
            return {
              database,
              redisUrl: workerRedisUrl(process.env.REDIS_URL),
              async dispose() {
                await database.close();
                await own.drop();
              },
            };
          },
        } satisfies Engine,
      ]
    : []),
];

export const PUBLIC_URL = 'http://localhost:3000';
export const ORIGIN = PUBLIC_URL;

export interface TestApp extends BuiltApp {
  clock: FakeClock;
  config: Config;
  dispose(): Promise<void>;
}

/**
 * A test app for the enclosing `describe` block: started before its tests (then handed to `use`) and disposed
 * after them. `let t: TestApp; withTestApp(engine, (app) => (t = app));`
 */
export function withTestApp(
  engine: Engine,
  use: (app: TestApp) => void,
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'logStream'> = {},
): void {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(engine, env, options);
    use(started);
  });
  afterAll(async () => started?.dispose());
}

export async function startTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'logStream'> = {},
): Promise<TestApp> {
  const opened = await engine.open();
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: PUBLIC_URL,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...(opened.redisUrl ? { REDIS_URL: opened.redisUrl } : {}),
    ...env,
  });
  const clock = new FakeClock(testClockStart());
  const holder: { built?: BuiltApp } = {};
  // The identity client reaches the local provider through inject, so no port is opened.
  const identityFetch: CustomFetch = async (url, options) => {
    const target = new URL(url);
    const headers = {
      ...Object.fromEntries(
        new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).entries(),
      ),
      host: target.host,
      'x-forwarded-proto': target.protocol.replace(':', ''),
    };
    const res = await holder.built!.app.inject({
      method: options.method as InjectOptions['method'],
      url: target.pathname + target.search,
      headers,
      ...(options.body ? { payload: String(options.body) } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
  const app = await buildApp(config, { clock, database: opened.database, identityFetch, ...options });
  holder.built = app;
  await app.app.ready();
  // Only the engine's own Redis (a test may point REDIS_URL at a closed port).
  if (opened.redisUrl && config.redisUrl === opened.redisUrl) await app.redis?.flushdb();
  return {
    ...app,
    clock,
    config,
    async dispose() {
      await app.close();
      await opened.dispose();
    },
  };
}

interface StoredCookie {
  value: string;
  path: string;
}

/** A browser-like client over inject: keeps cookies (with their paths) and follows redirects on request. */
export class Browser {
  readonly cookies = new Map<string, StoredCookie>();
  /** The custom persona this browser signed in as (signedInApplicant), so an organisation can enter its details. */
  persona: { givenName: string; familyName: string; birthdate: string } | undefined;
  constructor(private readonly app: TestApp) {}

  private cookieHeader(path: string): string | undefined {
    const pairs = [...this.cookies.entries()]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`);
    return pairs.length ? pairs.join('; ') : undefined;
  }

  private remember(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{
      name: string;
      value: string;
      path?: string;
      expires?: Date;
      maxAge?: number;
    }>) {
      const expired = (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0 || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, { value: c.value, path: c.path ?? '/' });
    }
  }

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const url = new URL(options.url, PUBLIC_URL);
    const cookie = this.cookieHeader(url.pathname);
    const res = await this.app.app.inject({
      ...options,
      url: url.pathname + url.search,
      headers: { ...(cookie ? { cookie } : {}), ...(options.headers ?? {}) },
    });
    this.remember(res);
    return res;
  }

  get(url: string): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url });
  }

  /** A state-changing API call as the web app makes it. */
  send(method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown = {}): Promise<LightMyRequestResponse> {
    return this.request({
      method,
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-requested-with': 'XMLHttpRequest' },
    });
  }

  /** Follows redirects from a navigation until a page that is not a redirect; returns every URL visited. */
  async navigate(
    start: string,
    init: Partial<InjectOptions> = {},
  ): Promise<{ res: LightMyRequestResponse; visited: string[] }> {
    const visited: string[] = [];
    let res = await this.request({ method: 'GET', ...init, url: start } as InjectOptions & { url: string });
    visited.push(start);
    for (let hops = 0; hops < 20 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      const location = String(res.headers.location);
      visited.push(location);
      res = await this.get(location);
    }
    return { res, visited };
  }

  /** Signs in through the local identity provider as a persona (or a custom one), as a person would. */
  async signIn(persona: string | Record<string, string>, start = '/oauth2/authorization/dis') {
    const { res, visited } = await this.navigate(start);
    const interaction = visited.at(-1)!;
    if (!/\/local\/idp\/interaction\//.test(interaction))
      throw new Error(`Expected the sign-in page, got ${interaction}`);
    const form = typeof persona === 'string' ? { persona } : persona;
    const posted = await this.request({
      method: 'POST',
      url: `${new URL(interaction, PUBLIC_URL).pathname}/login`,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    void res;
    if (posted.statusCode !== 303) return { res: posted, visited: [interaction] };
    return this.navigate(String(posted.headers.location));
  }
}

/**
 * `applicant-verified` signed in, then signed out through the JSON sign-out with a reason, as the web app does:
 * the browser, the answer and the provider's end-session URL it carries.
 */
export async function signedInThenOut(t: TestApp, reason = 'inactive for 30 minutes') {
  const browser = new Browser(t);
  await browser.signIn('applicant-verified');
  const res = await browser.send('POST', '/oauth2/api/logout', { reason });
  expect(res.statusCode).toBe(200);
  const redirect = new URL(res.json().oauthProviderRedirect);
  return { browser, res, redirect };
}

// ---------- organisation and applicant helpers (issues 4 and 5) ----------

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The address of the test applicants (as an organisation enters it, and the applicant's own current address). */
export const TEST_ADDRESS = {
  line1: '1 Harbour Wynd',
  town: 'Edinburgh',
  postcode: 'EH6 6AA',
  country: 'GB',
};

/**
 * The applicant's part of an organisation's save, at any level: who the applicant is (a Robin Test-Applicant at
 * TEST_ADDRESS unless `overrides` say otherwise) and that the countersignatory acts for their own organisation.
 */
export function enteredApplicantDetails(overrides: Record<string, unknown> = {}) {
  return {
    confirmationOfIdentity: true,
    applicantName: { forename: 'Robin', surname: 'Test-Applicant' },
    applicantDateOfBirth: { day: 14, month: 3, year: 1990 },
    applicantEmail: 'robin.applicant@example.com',
    applicantCurrentAddress: { ...TEST_ADDRESS },
    csgAnotherOrganisation: { isCsgForAnotherOrganisation: false },
    ...overrides,
  };
}

/** A complete level 2 (LB) organisation save payload; the organisation pays by invoice. */
export function level2Payload(overrides: Record<string, unknown> = {}) {
  return {
    confirmRoleQualifies: true,
    roleDetails: { position: 'Care worker' },
    ...enteredApplicantDetails(),
    whoWillPay: 'Organisation',
    onlinePaymentType: 'INVOICE',
    invoiceSubAccountCode: 'A200',
    ...overrides,
  };
}

/**
 * A save refused with 400 VALIDATION_FAILED naming `field` (or a field inside it), every message in
 * English text, never a message key.
 */
export function expectFieldRefused(res: LightMyRequestResponse, payload: unknown, field: string) {
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  const body = res.json();
  expect(body.backendCode).toBe('VALIDATION_FAILED');
  expect(
    Object.keys(body.fieldErrors).some((key) => key === field || key.startsWith(`${field}.`)),
    `${JSON.stringify(payload)}: ${JSON.stringify(body.fieldErrors)}`,
  ).toBe(true);
  for (const text of Object.values(body.fieldErrors) as string[]) expect(text).toMatch(/ /);
}

/** Posts one of the local card page's buttons (confirm, decline, cancel) as the page's form would. */
export async function postCardAction(
  browser: Browser,
  nextUrl: string,
  action: 'confirm' | 'decline' | 'cancel',
) {
  return postForm(browser, nextUrl, { action });
}

/** Posts a page's form as a browser without script does: urlencoded, from this service's origin by default. */
export function postForm(
  browser: Browser,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = { origin: ORIGIN },
) {
  return browser.request({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

/** The email address the local identity provider gives a persona (its names, letters and a dot only). */
export const emailOfPersona = (persona: { givenName: string; familyName: string }) =>
  `${persona.givenName}.${persona.familyName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com';

/** A countersignatory signed in with today's declaration confirmed. */
export async function signedInCsg(
  t: TestApp,
  persona: string | Record<string, string> = 'csg',
): Promise<Browser> {
  const browser = new Browser(t);
  await browser.signIn(persona);
  await browser.send('POST', '/api/declaration', { agreed: true });
  return browser;
}

/** How one person of a describe block signs in to its test app (see withPeople). */
export type SignIn = (t: TestApp) => Promise<Browser>;

/** A countersignatory (`csg` unless another persona) signed in with today's declaration confirmed. */
export const asCsg =
  (persona: string | Record<string, string> = 'csg'): SignIn =>
  (t) =>
    signedInCsg(t, persona);

/** An applicant (`applicant-verified` unless another persona) signed in. */
export const asApplicant =
  (persona?: string | Record<string, string>): SignIn =>
  (t) =>
    signedInApplicant(t, persona);

/** A browser of its own that has not signed in. */
export const signedOut: SignIn = async (t) => new Browser(t);

/**
 * A test app for the enclosing `describe` block with its people signed in, as most blocks start: an organisation's
 * countersignatory `csg` always, and whoever else `people` names. Started before the block's tests (or before each
 * test, with `each`, for tests that move the clock for good) and disposed after them.
 * `withPeople(engine, { other: asCsg('csg-other-org') }, (s) => ({ t, csg, other } = s));`
 */
export function withPeople<P extends Record<string, SignIn>>(
  engine: Engine,
  people: P,
  use: (started: { t: TestApp; csg: Browser } & { [K in keyof P]: Browser }) => void,
  options: { env?: Record<string, string>; each?: boolean } = {},
): void {
  let started: TestApp | undefined;
  (options.each ? beforeEach : beforeAll)(async () => {
    started = await startTestApp(engine, options.env);
    const signedIn: Record<string, Browser> = { csg: await signedInCsg(started) };
    for (const [name, signIn] of Object.entries(people)) signedIn[name] = await signIn(started);
    use({ t: started, ...signedIn } as { t: TestApp; csg: Browser } & { [K in keyof P]: Browser });
  });
  (options.each ? afterEach : afterAll)(async () => started?.dispose());
}

export async function signedInApplicant(
  t: TestApp,
  persona: string | Record<string, string> = 'applicant-verified',
) {
  const browser = new Browser(t);
  await browser.signIn(persona);
  if (typeof persona !== 'string') browser.persona = enteredPersona(persona);
  return browser;
}

function enteredPersona(persona: Record<string, string>) {
  return {
    givenName: persona.givenName ?? '',
    familyName: persona.familyName ?? '',
    birthdate: persona.birthdate ?? '',
  };
}

/** A new person of our own (customApplicant, with `overrides`) signed in: a verified applicant unless they say otherwise. */
export function newApplicant(t: TestApp, overrides: Record<string, string> = {}): Promise<Browser> {
  return signedInApplicant(t, customApplicant(overrides));
}

/**
 * An organisation application (level 2) handed over for a new person of our own (customApplicant with `persona`),
 * entered as that person with the organisation's other answers in `answers`, and that person signed in:
 * handOver's answer, the persona and the applicant's browser.
 */
export async function handedOverToNewApplicant(
  t: TestApp,
  csg: Browser,
  answers: Record<string, unknown> = {},
  persona: Record<string, string> = {},
) {
  const entered = customApplicant(persona);
  const handed = await handOver(t, csg, 'LB', { ...enteredFor(entered), ...answers });
  return { ...handed, persona: entered, applicant: await signedInApplicant(t, entered) };
}

/** Creates a draft (organisation or applicant, by the browser's role) and returns its token and reference. */
export async function newDraft(browser: Browser, applicationType = 'LB') {
  const res = await browser.send('POST', '/api/draftApplications', { applicationType });
  if (res.statusCode !== 201) throw new Error(`create draft: ${res.statusCode} ${res.body}`);
  return res.json() as { draftApplicationToken: string; applicationReference: string };
}

/** The organisation's payment choice "the applicant pays", by card, as its save sends it (no sub-account). */
export const APPLICANT_PAYS_BY_CARD = {
  whoWillPay: 'Applicant',
  onlinePaymentType: 'CARD',
  invoiceSubAccountCode: undefined,
};

/** The `applicant-verified` persona's surname and date of birth, as an organisation enters them. */
export const APPLICANT_VERIFIED_AS_ENTERED = {
  applicantName: { forename: 'Alex', surname: 'Morgan' },
  applicantDateOfBirth: { day: 12, month: 4, year: 1990 },
};

/** Surname and date of birth of a custom persona (customApplicant), as an organisation enters them. */
export function enteredFor(persona: { givenName: string; familyName: string; birthdate: string }) {
  const [year, month, day] = persona.birthdate.split('-').map(Number);
  return {
    applicantName: { forename: persona.givenName, surname: persona.familyName },
    applicantDateOfBirth: { day, month, year },
  };
}

/** An application's row as stored, by its id (the draft token). */
export function applicationRow(t: TestApp, id: string) {
  return t.database.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * Drives an organisation application through save, declaration and completion (the hand-over) and returns
 * the draft token, reference and the link id the applicant's email carries.
 */
export async function handOver(
  t: TestApp,
  csg: Browser,
  applicationType = 'LB',
  overrides: Record<string, unknown> = {},
) {
  const { draftApplicationToken: token, applicationReference } = await newDraft(csg, applicationType);
  const saved = await csg.send('PUT', `/api/draftApplications/${token}/countersignatory`, {
    ...level2Payload(),
    // Linking checks the applicant's identity: by default the application is for `applicant-verified`.
    ...APPLICANT_VERIFIED_AS_ENTERED,
    ...overrides,
  });
  if (saved.statusCode !== 200) throw new Error(`save: ${saved.body}`);
  const submitted = await csg.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.body}`);
  const done = await csg.send('PUT', `/api/draftApplications/${token}/complete`);
  if (done.statusCode !== 200) throw new Error(`complete: ${done.body}`);
  const row = await t.database.db
    .selectFrom('applications')
    .select('link_id')
    .where('id', '=', token)
    .executeTakeFirstOrThrow();
  return { token, applicationReference, linkId: row.link_id! };
}

/** Answers that complete the level-2-csg applicant journey for the `applicant-verified` persona. */
export function applicantAnswers(now: Date, overrides: Record<string, unknown> = {}) {
  return {
    personalInfoAgreed: true,
    currentName: { title: 'Mr', forename: 'Alex', surname: 'Morgan' },
    hasPreviousNames: false,
    mothersMaidenName: 'Smith',
    dateOfBirth: { day: 12, month: 4, year: 1990 },
    gender: 'M',
    placeOfBirth: 'Edinburgh',
    countryOfBirth: 'United Kingdom',
    nationality: 'British',
    currentAddress: { ...TEST_ADDRESS, residentFrom: { month: 1, year: now.getUTCFullYear() - 6 } },
    previousAddresses: [],
    contactDetails: { email: 'alex.morgan@example.com', telephone: '07700900123' },
    nationalInsuranceNumber: { hasNINumber: false },
    passport: { hasPassport: false },
    drivingLicence: { hasDrivingLicence: false },
    ...overrides,
  };
}

let customCount = 0;

/** A new custom persona of the local identity provider: a verified APPLICANT unless `overrides` say otherwise. */
export function customApplicant(overrides: Record<string, string> = {}) {
  customCount += 1;
  // Letters only (the stand-in's name pattern); the subject follows from the whole persona.
  const suffix = customCount.toString(26).replace(/./g, (c) => String.fromCharCode(97 + parseInt(c, 26)));
  return {
    givenName: `Person${suffix}`,
    familyName: 'Applicant',
    birthdate: '1990-04-12',
    role: 'APPLICANT',
    assuranceLevel: 'DS_VERIFIED',
    ...overrides,
  };
}

// ---------- results and casework ----------

/** A call to the casework API with its bearer token (the development default unless `token` says otherwise). */
export function caseworkCall(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token: string | null = t.config.caseworkApiToken,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/**
 * An organisation application (level 2 unless `applicationType` says otherwise) handed over, linked and
 * submitted by a new verified applicant (or `applicant`); the organisation pays by invoice.
 */
export async function submittedApplication(
  t: TestApp,
  csg: Browser,
  options: { applicant?: Browser; applicationType?: string; overrides?: Record<string, unknown> } = {},
) {
  // The organisation enters the surname and date of birth of the person who will link the application. A browser
  // signed in as a custom persona: that persona's; a named persona's browser (`applicant-verified`): handOver's
  // default. Without a browser, a new person of our own with the surname the organisation enters (the
  // overrides', or level2Payload's), so the names on the organisation's lists stay as entered.
  const overrides = options.overrides ?? {};
  const entered = { ...level2Payload(), ...overrides } as {
    applicantName: { forename: string; surname: string };
  };
  const persona = options.applicant
    ? options.applicant.persona
    : customApplicant({ familyName: entered.applicantName.surname });
  const handed = await handOver(t, csg, options.applicationType ?? 'LB', {
    ...(persona ? enteredFor(persona) : {}),
    ...(options.applicant ? {} : { applicantName: entered.applicantName }),
    ...overrides,
  });
  const applicant = options.applicant ?? (await signedInApplicant(t, persona!));
  const linked = await applicant.send('POST', '/api/draftApplications/link/applicant', {
    uuid: handed.linkId,
  });
  if (linked.statusCode !== 200) throw new Error(`link: ${linked.body}`);
  const base = `/api/draftApplications/${handed.token}`;
  const saved = await applicant.send('PUT', `${base}/applicant`, applicantAnswers(t.clock.now()));
  if (saved.statusCode !== 200) throw new Error(`applicant save: ${saved.body}`);
  const submitted = await applicant.send('POST', `${base}/submitted`, { agreed: true });
  if (submitted.json().status !== 'SUBMITTED') throw new Error(`submit: ${submitted.body}`);
  // The persona signs the same person in again (a new session): the browser's own `persona` holds only the
  // entered names and date of birth, not the identity's subject.
  return { ...handed, applicant, persona };
}

/**
 * Submits an application and issues its result from a preset through the casework API, in one call: the
 * organisation's countersignatory (`csg`), the applicant's browser and the result id come back.
 */
export async function issuedResult(
  t: TestApp,
  csg: Browser,
  preset: string,
  options: {
    applicant?: Browser;
    applicationType?: string;
    scheduledPendingReleaseDate?: string;
    overrides?: Record<string, unknown>;
  } = {},
) {
  const submitted = await submittedApplication(t, csg, options);
  const issued = await caseworkCall(
    t,
    'POST',
    `/internal/casework/applications/${submitted.applicationReference}/result`,
    {
      preset,
      ...(options.scheduledPendingReleaseDate
        ? { scheduledPendingReleaseDate: options.scheduledPendingReleaseDate }
        : {}),
    },
  );
  if (issued.statusCode !== 200) throw new Error(`issue: ${issued.body}`);
  return { ...submitted, resultId: issued.json().resultId as string, issued: issued.json() };
}

/**
 * What the local Notify stand-in holds as the reference of each message about these subjects: the outbox rows'
 * ids (decision 0041). A subject is a share's, a code's, an application's or a result's id, or an application's
 * reference (its messages and its result's).
 */
export async function outboxReferences(t: TestApp, subjects: readonly string[]): Promise<string[]> {
  const { db } = t.database;
  const applications = subjects.length
    ? await db.selectFrom('applications').select('id').where('reference', 'in', subjects).execute()
    : [];
  const applicationIds = applications.map((a) => a.id);
  const results = applicationIds.length
    ? await db.selectFrom('results').select('id').where('application_id', 'in', applicationIds).execute()
    : [];
  const about = [...subjects, ...applicationIds, ...results.map((r) => r.id)];
  const rows = await db.selectFrom('outbox_messages').select('id').where('about_id', 'in', about).execute();
  // Never an empty `in ()`: a reference no message has.
  return rows.length ? rows.map((r) => r.id) : ['none'];
}

/** The audit trail's entries for an event (of one outcome, if given), in the order they were written. */
export function auditEntries(t: TestApp, event: string, outcome?: string) {
  let query = t.database.db.selectFrom('audit_events').selectAll().where('event', '=', event);
  if (outcome) query = query.where('outcome', '=', outcome);
  return query.orderBy('id').execute();
}

/** The event and outcome of every audit entry whose event matches a LIKE pattern (`'payment.%'`). */
export function auditOutcomes(t: TestApp, eventLike: string) {
  return t.database.db
    .selectFrom('audit_events')
    .select(['event', 'outcome'])
    .where('event', 'like', eventLike)
    .execute();
}

/** A stored row of a table, as a test reads it. */
export type StoredRow<T extends keyof Database> = Selectable<Database[T]>;

/**
 * Every row of a table whose columns hold the values in `where` (`{ application_id: token }`): a test's look at
 * what a request stored.
 */
export function rowsWhere<T extends keyof Database>(
  t: TestApp,
  table: T,
  where: Partial<StoredRow<T>>,
): Promise<StoredRow<T>[]> {
  // Any table and columns: the caller's types say which.
  const db = t.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  let query = db.selectFrom(table).selectAll();
  for (const [column, value] of Object.entries(where)) query = query.where(column, '=', value);
  return query.execute() as Promise<StoredRow<T>[]>;
}

/** The first row of a table whose columns hold the values in `where`; throws when there is none. */
export async function rowWhere<T extends keyof Database>(
  t: TestApp,
  table: T,
  where: Partial<StoredRow<T>>,
): Promise<StoredRow<T>> {
  const [row] = await rowsWhere(t, table, where);
  if (!row) throw new Error(`no ${table} row where ${JSON.stringify(where)}`);
  return row;
}

/** A JSON answer expected to succeed (200 unless `status` says otherwise): its body, for the test to check. */
export function okBody(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** How many rows a table holds (to show a refused request stored nothing). */
export async function rowCount(t: TestApp, table: keyof Database): Promise<number> {
  const { n } = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * The one message the local Notify stand-in holds about a subject (see outboxReferences), of a template if given.
 */
export async function notifyMessage(t: TestApp, subject: string, templateId?: string) {
  let query = t.database.db
    .selectFrom('notify_outbox')
    .selectAll()
    .where('reference', 'in', await outboxReferences(t, [subject]));
  if (templateId) query = query.where('template_id', '=', templateId);
  return query.executeTakeFirstOrThrow();
}

/** The signed-in person's user id, as the service answers it. */
export async function userIdOf(browser: Browser): Promise<string> {
  return ((await browser.get('/oauth2/api/userinformation')).json() as { id: string }).id;
}

/** The six-digit code in the text message of this person's current (latest, unused) one-time code. */
export async function currentSmsCode(t: TestApp, browser: Browser): Promise<string> {
  const code = await t.database.db
    .selectFrom('one_time_codes')
    .select('id')
    .where('user_id', '=', await userIdOf(browser))
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  const sms = await notifyMessage(t, code.id);
  if (sms.kind !== 'sms') throw new Error(`the one-time code went as ${sms.kind}`);
  return /\b(\d{6})\b/.exec(sms.body)![1]!;
}

/** The six-digit code in the text message of a basic share link's current (unused) code, and that code's row id. */
export async function basicLinkSmsCode(
  t: TestApp,
  shareId: string,
): Promise<{ code: string; codeId: string }> {
  const { db } = t.database;
  const row = await db
    .selectFrom('share_link_codes')
    .innerJoin('share_links', 'share_links.id', 'share_link_codes.link_id')
    .select('share_link_codes.id')
    .where('share_links.share_id', '=', shareId)
    .where('share_link_codes.used_at', 'is', null)
    .executeTakeFirstOrThrow();
  const sms = await notifyMessage(t, row.id);
  return { code: /\b(\d{6})\b/.exec(sms.body)![1]!, codeId: row.id };
}

/** The one-time code step-up through the JSON API (asked for, read from the text message, entered). */
export async function stepUpByCode(t: TestApp, browser: Browser): Promise<void> {
  const asked = await browser.send('POST', '/oauth2/api/otc/request', {});
  if (asked.statusCode !== 200) throw new Error(`otc request: ${asked.statusCode} ${asked.body}`);
  const oneTimeCode = await currentSmsCode(t, browser);
  const verified = await browser.send('POST', '/oauth2/api/otc/verify', { oneTimeCode });
  if ((verified.json() as { validationStatus?: string }).validationStatus !== 'VALID')
    throw new Error(`otc verify: ${verified.body}`);
}

/** A named recipient of a third-party share, with the applicant's email address, as the share form sends them. */
export const NAMED_RECIPIENT = {
  recipientName: 'Jordan Employer',
  recipientAddress: { line1: '2 Harbour Wynd', town: 'Edinburgh', postcode: 'EH6 6AB', country: 'GB' },
  recipientEmail: 'jordan.employer@example.com',
  recipientPhoneNumber: '07700900456',
  recipientPositionAppliedFor: 'Care assistant',
  applicantEmail: 'alex.morgan@example.com',
};

/** A Basic result's recipient, as its share form sends them: an email address and a phone for the code. */
export const BASIC_RECIPIENT = {
  recipientEmail: 'pat.basic@example.com',
  recipientPhoneNumber: '07700900456',
  applicantEmail: 'robin@example.com',
};

/**
 * A share's email to its recipient, as the outbox holds it, with the token of the link it carries: a Basic
 * link's (`shared-basic`) or a named recipient's (`before-you-continue`).
 */
export async function emailedShareLink(
  t: TestApp,
  shareId: string,
  page: 'shared-basic' | 'before-you-continue',
) {
  const email = await notifyMessage(t, shareId);
  const token = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`).exec(email.body)![1]!;
  return { ...email, token };
}

/**
 * Shares a Basic result with a recipient (by default BASIC_RECIPIENT) from its stepped-up applicant's browser,
 * and opens the emailed link in the recipient's own browser (no account): the share, its token and that browser.
 */
export async function sharedBasicLink(
  t: TestApp,
  applicant: Browser,
  resultId: string,
  recipient: Record<string, string> = BASIC_RECIPIENT,
) {
  const res = await applicant.send('POST', `/api/results/${resultId}/share/thirdparty`, recipient);
  expect(res.statusCode, res.body).toBe(200);
  const { shareId } = res.json() as { shareId: string };
  const { token } = await emailedShareLink(t, shareId, 'shared-basic');
  const browser = new Browser(t);
  await browser.get(`/shared-basic?token=${token}`);
  return { shareId, token, recipient: browser };
}

/** Puts an issued result on the recipient-details route (a B2B result), where a share names its recipient. */
export async function onRecipientDetailsRoute(t: TestApp, resultId: string): Promise<void> {
  await t.database.db.updateTable('results').set({ channel: 'B' }).where('id', '=', resultId).execute();
}
