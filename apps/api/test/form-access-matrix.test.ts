import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_CSV_COLUMNS, BATCH_CSV_EXAMPLE_ROWS, type Role } from '@dis/domain';
import { batchContracts } from '@dis/domain/contracts';
import {
  Browser,
  customApplicant,
  enteredFor,
  ENGINES,
  handOver,
  issuedResult,
  level2Payload,
  newDraft,
  ORIGIN,
  outboxReferences,
  signedInApplicant,
  signedInCsg,
  startTestApp,
  type TestApp,
  stepUpByCode,
  userIdOf,
  currentSmsCode,
  basicLinkSmsCode,
  NAMED_RECIPIENT,
  BASIC_RECIPIENT,
  emailedShareLink,
  onRecipientDetailsRoute,
  newApplicant,
} from './harness';

// The access matrix extended to the pages' forms posted without JavaScript (decision 0038, issue 28): every page
// of the web app's route table with an action is posted, as every kind of person, exactly as a browser without
// script posts it (urlencoded, `_csrf` repeating the `dis-form` cookie). A post is refused or let through exactly
// as the JSON route behind it: a person the JSON route refuses is shown the page the route guard shows them and
// nothing is saved (the database is compared before and after, and the JSON call is made as them too); the
// record's owner (or a role the JSON route lets through) is sent on (303) and the change is saved. A post from
// another site, or without the form's token, is refused with 403 and saves nothing; an invalid form is shown
// again with the GOV.UK error summary and saves nothing. A form with a file posts as multipart/form-data, as the
// browser posts it (decision 0044); a page of several views is posted view by view by its owner, and only its last
// view's button saves. Both engines, one app per engine.

const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
const SERVER_BUILD = path.resolve(import.meta.dirname, '../../web/dist-server/entry-server.js');
const FORM = 'application/x-www-form-urlencoded';

/** A page's entry in the web app's route table (apps/web/src/app/routes.tsx), as its server build gives it. */
interface FormRoute {
  path: string;
  roles: readonly Role[];
  identityVerified?: boolean;
  declaration?: boolean;
  feature?: string;
}

/**
 * Every kind of person, each signed in once, their form token taken from a first page. A case's record has an owner
 * of its own (a new applicant, a recipient's browser) or is one of these (the countersignatory of organisation A).
 */
const PERSONAS = {
  /** A verified applicant (not the owner of any record below: each record has an owner of its own). */
  applicant: { persona: 'applicant-verified', roles: ['APPLICANT'], verified: true },
  /** Another verified applicant, whose surname and date of birth are nobody else's here. */
  otherApplicant: { persona: 'custom', roles: ['APPLICANT'], verified: true },
  unverified: { persona: 'applicant-unverified', roles: ['APPLICANT'], verified: false },
  applicationOnly: { persona: 'application-only', roles: ['APPLICATION_ONLY'], verified: true },
  basic: { persona: 'applicant-basic', roles: ['APPLICANT_BASIC'], verified: true },
  /** The countersignatory of organisation A, with today's declaration. */
  csg: { persona: 'csg', roles: ['CSG'], verified: true },
  /** A Level 1 countersignatory of organisation A, with today's declaration. */
  level1: { persona: 'level1-csg', roles: ['LEVEL1_CSG'], verified: true },
  /** The lead countersignatory of organisation B, with today's declaration. */
  otherOrg: { persona: 'csg-other-org', roles: ['CSG'], verified: true },
  /**
   * The lead countersignatory of organisation A, without today's declaration (until the declaration's own case).
   */
  undeclared: { persona: 'lead-csg', roles: ['CSG'], verified: true },
  signedOut: { persona: null, roles: [], verified: false },
} as const satisfies Record<string, { persona: string | null; roles: readonly Role[]; verified: boolean }>;
type Persona = keyof typeof PERSONAS;
const PERSONA_NAMES = Object.keys(PERSONAS) as Persona[];
const SIGNED_IN = PERSONA_NAMES.filter((p) => p !== 'signedOut');

type Fields = Record<string, string>;

/** A file of a form (its one file field, `file`, as the CSV upload names it). */
interface FormFile {
  name: string;
  content: string | Buffer;
}

/** A form to post, set up through the JSON API. */
interface Target {
  /** The page's address (path and query). */
  url: string;
  /** Who may post it (the record's owner, or the role's person the case was set up for). */
  owner: Browser;
  /** A valid form, without the token. */
  valid: Fields;
  /** The valid form's file: the form is posted as multipart/form-data, the token first (as a browser posts it). */
  file?: FormFile;
  /** Where the valid form leads (post/redirect/get). */
  next: string | RegExp;
  /**
   * A page whose valid form is answered with the page itself, 200 (the public check shows what it found there
   * and puts nothing of it in an address): what the answer shows, instead of `next`.
   */
  answers?: RegExp;
  /** The valid form saves something (the default), or only leads on to a page that checks for itself. */
  saves?: boolean;
  /** An invalid form: the page again with the error summary (`status`, 400 unless said), or sent back. */
  invalid?: { fields: Fields; file?: FormFile; status?: number; redirect?: string };
  /**
   * The owner's posts of the page's other views (a page of several views whose forms carry the answers): each
   * answered with the view it names (`_view`), 200, or that view again with the error summary, 400; none saves.
   */
  views?: { name: string; fields: Fields; shows: string; status?: number }[];
  /** What the valid form saved or sent, checked after each allowed person's post. */
  saved?: () => Promise<void>;
  /**
   * What a refused post must leave as it was, when not the whole database: a post refused as "not valid" counts
   * against the poster's own records, as the JSON call does (a wrong one-time code).
   */
  state?: () => Promise<unknown>;
  /** The JSON call behind the form, made as another person: refused as the form is. */
  json(browser: Browser): Promise<LightMyRequestResponse>;
}

interface FormCase {
  name: string;
  /** The page's path in the route table. */
  route: string;
  /** People the JSON route lets post too, each on a record set up for them (`setup(their browser)`). */
  alsoAllowed?: Persona[];
  /**
   * What a refused person is shown when the page is theirs by role (so the route guard lets them see it) and the
   * JSON route's answer does not say it (`pageFor`): the page's own refusal.
   */
  refusedPage?: string | Partial<Record<Persona, string>>;
  /** People the JSON route lets post, for whom what the form does is done already: sent on, nothing new saved. */
  alreadyDone?: Persona[];
  /** People for whom the JSON call is another thing than the form's (said why), so it is not made as them. */
  notBehind?: Partial<Record<Persona, string>>;
  setup(poster?: Browser): Promise<Target>;
}

/** What the route guard shows this person instead of the page, if anything (apps/web/src/app/route-guard.tsx). */
function guardPage(route: FormRoute, persona: Persona): string | undefined {
  if (route.roles.length === 0) return undefined;
  const { roles, verified } = PERSONAS[persona];
  if (persona === 'signedOut') return 'launch page';
  if (!route.roles.some((role) => (roles as readonly string[]).includes(role))) return 'not found';
  if (route.identityVerified && !verified) return 'not found';
  if (route.declaration && persona === 'undeclared') return 'declaration';
  return undefined;
}

/** What a person the page is for by role is shown, by the JSON route's answer to them. */
function pageFor(json: LightMyRequestResponse | undefined): string {
  if (!json) return 'no JSON call';
  if (json.statusCode === 401) return 'launch page';
  if (json.statusCode === 404) return 'not found';
  if (json.statusCode === 403) {
    const code = (json.json() as { backendCode?: string }).backendCode;
    if (code === 'DECLARATION_REQUIRED') return 'declaration';
    if (code === 'IDENTITY_NOT_VERIFIED') return 'not found';
  }
  // Refused as invalid (or answered "not valid"): the page again with the error summary.
  if (json.statusCode === 400 || json.statusCode === 200) return 'error summary 400';
  return `JSON ${json.statusCode}`;
}

/** The tables whose rows differ between two saved states (for the failure message). */
function changedTables(before: string, after: string): string {
  const split = (state: string) =>
    new Map(state.split('\n\u0000').map((part) => [part.split(':')[0]!, part]));
  const a = split(before);
  const b = split(after);
  return (
    [...b]
      .filter(([table, rows]) => a.get(table) !== rows)
      .map(([table]) => table)
      .join(', ') || 'none'
  );
}

/** The page a form post ends on (redirects followed), named. */
async function shown(browser: Browser, res: LightMyRequestResponse): Promise<string> {
  let page = res;
  const visited: string[] = [];
  for (let hops = 0; page.statusCode === 303 && hops < 10; hops++) {
    const location = String(page.headers.location);
    visited.push(location);
    page = await browser.get(location);
  }
  // Not found: the not-found page, or the service's error page with the API's 404 (someone else's draft).
  if (page.statusCode === 404) return 'not found';
  if (/<h1 class="govuk-heading-xl">Apply for a disclosure or PVG scheme membership/.test(page.body))
    return 'launch page';
  // Sent to today's declaration first (the way back in `from`).
  if (visited.some((url) => url.startsWith('/declaration?from='))) return 'declaration';
  const errorPage = /^\/error\?code=([a-z_]+)$/.exec(visited.at(-1) ?? '');
  if (errorPage) return `error page ${errorPage[1]}`;
  if (/class="govuk-error-summary"/.test(page.body)) return `error summary ${page.statusCode}`;
  const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(page.body)?.[1];
  if (page.statusCode === 400) return `page again 400 "${heading}"`;
  return `${page.statusCode} "${heading}" ${visited.join(' → ')}`;
}

/** The `dis-form` cookie's value, which every page's forms repeat in `_csrf`. */
function formToken(browser: Browser): string {
  const token = browser.cookies.get('dis-form')?.value;
  if (!token) throw new Error('This browser has no form token yet');
  return token;
}

/** A multipart/form-data body as a browser sends it: the fields first (the form's token), then the file. */
function multipart(fields: Fields, file: FormFile): { payload: Buffer; contentType: string } {
  const boundary = `----matrix${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${batchContracts.upload.fileField}"; ` +
        `filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A page's form posted as a browser without script posts it: urlencoded, or multipart with its file. */
function postForm(
  browser: Browser,
  url: string,
  fields: Fields,
  headers: Fields = { origin: ORIGIN },
  file?: FormFile,
) {
  const body = file
    ? multipart(fields, file)
    : { payload: new URLSearchParams(fields).toString(), contentType: FORM };
  return browser.request({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...headers },
  });
}

/** Everything a form could save: every table of the service's records (not sessions, jobs or the audit trail). */
const SAVED_TABLES = [
  'applications',
  'batch_rows',
  'batches',
  'declarations',
  'feedback',
  'notify_outbox',
  'one_time_codes',
  'organisation_detail_reports',
  'outbox_messages',
  'payments',
  'print_requests',
  'reminder_settings',
  'result_check_codes',
  'result_checks',
  'result_shares',
  'results',
  'scheme_memberships',
  'share_link_codes',
  'share_links',
] as const;

/** A CSV batch of the template's first example row (a Level 2 application). */
const BATCH_CSV = [
  BATCH_CSV_COLUMNS.join(','),
  BATCH_CSV_COLUMNS.map((column) => BATCH_CSV_EXAMPLE_ROWS[0]?.[column] ?? '').join(','),
].join('\n');

/** A JSON column as the driver gives it back: parsed, or as its text. */
const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

describe.each(ENGINES)('form posts by role, type and owner on $name', (engine) => {
  let t: TestApp;
  let formRoutes: readonly FormRoute[];
  const browsers = new Map<Persona, Browser>();
  const as = (persona: Persona) => browsers.get(persona)!;

  beforeAll(async () => {
    t = await startTestApp(engine, { WEB_DIST });
    // The route table as the server renders it (the API's global set-up built it).
    ({ FORM_ROUTES: formRoutes } = (await import(pathToFileURL(SERVER_BUILD).href)) as {
      FORM_ROUTES: readonly FormRoute[];
    });
    for (const name of PERSONA_NAMES) {
      const { persona } = PERSONAS[name];
      let browser: Browser;
      if (persona === null) browser = new Browser(t);
      else if (persona === 'custom')
        browser = await signedInApplicant(
          t,
          customApplicant({ familyName: 'Stranger', birthdate: '1985-02-03' }),
        );
      else if (name === 'undeclared') {
        browser = new Browser(t);
        await browser.signIn(persona);
      } else if (PERSONAS[name].roles.some((r) => r === 'CSG' || r === 'LEVEL1_CSG'))
        browser = await signedInCsg(t, persona);
      else browser = await signedInApplicant(t, persona);
      // A first page gives the browser its form token.
      expect((await browser.get('/static/about')).statusCode).toBe(200);
      browsers.set(name, browser);
    }
    // The sharers have given a one-time code, so a share of someone else's result is refused as not theirs.
    for (const name of ['applicant', 'otherApplicant', 'basic'] as const) await stepUp(as(name));
  });
  afterAll(async () => t.dispose());

  async function savedState(): Promise<string> {
    const parts: string[] = [];
    for (const table of SAVED_TABLES) {
      const rows = await t.database.db.selectFrom(table).selectAll().execute();
      parts.push(
        `${table}: ${rows
          .map((row) => JSON.stringify(row))
          .sort()
          .join('\n')}`,
      );
    }
    return parts.join('\n\u0000');
  }

  const userId = userIdOf;

  /** Asks for a one-time code through the JSON API and returns it. */
  async function requestCode(browser: Browser): Promise<string> {
    const res = await browser.send('POST', '/oauth2/api/otc/request', {});
    expect(res.statusCode, res.body).toBe(200);
    return currentSmsCode(t, browser);
  }

  const stepUp = (browser: Browser) => stepUpByCode(t, browser);

  /** A result issued to a new applicant of its own (the owner), who has given a one-time code when asked. */
  async function ownResult(
    preset: string,
    options: { steppedUp?: boolean; recipientDetails?: boolean } = {},
  ) {
    const issued = await issuedResult(t, as('csg'), preset);
    if (options.recipientDetails) await onRecipientDetailsRoute(t, issued.resultId);
    await issued.applicant.get('/static/about');
    // Read once by its owner (the first read is recorded), as before any of its forms.
    const read = preset === 'clear-basic' ? '/api/results/basic/' : '/api/results/';
    expect((await issued.applicant.get(`${read}${issued.resultId}`)).statusCode).toBe(200);
    if (options.steppedUp) await stepUp(issued.applicant);
    return { owner: issued.applicant, resultId: issued.resultId, issued };
  }

  /** A result shared with a recipient by email (a third party): the link's token, read from the email. */
  async function sharedLink(basic: boolean) {
    const { owner, resultId, issued } = await ownResult(basic ? 'clear-basic' : 'level-2-cautions', {
      steppedUp: true,
      recipientDetails: !basic,
    });
    const recipient = basic ? { ...BASIC_RECIPIENT, applicantEmail: 'r@example.com' } : NAMED_RECIPIENT;
    const res = await owner.send('POST', `/api/results/${resultId}/share/thirdparty`, recipient);
    expect(res.statusCode, res.body).toBe(200);
    const { shareId } = res.json() as { shareId: string };
    const { token } = await emailedShareLink(t, shareId, basic ? 'shared-basic' : 'before-you-continue');
    const read = (await owner.get(`/api/results/${resultId}`)).json() as {
      dateOfBirth: string;
      applicationReference: string;
    };
    return { owner, resultId, shareId, token, read, issued };
  }

  /** A browser without an account that opened the emailed link (its token is now a cookie). */
  async function opened(url: string): Promise<Browser> {
    const recipient = new Browser(t);
    const res = await recipient.get(url);
    expect(res.statusCode, res.body).toBe(303);
    await recipient.get('/static/about');
    return recipient;
  }

  const orgA = { code: 'RB1001', csg: 'csg-a-casey' };
  const orgB = { code: 'RB2002' };
  /** Names and addresses of their own for each set-up (a recipient's email, a batch's file, a report's name). */
  let sequence = 0;

  /** The share with a named recipient saved for the result, and its email to the recipient sent. */
  async function sharedWith(resultId: string, recipientEmail: string) {
    const share = await t.database.db
      .selectFrom('result_shares')
      .selectAll()
      .where('result_id', '=', resultId)
      .where('recipient_email', '=', recipientEmail)
      .executeTakeFirstOrThrow();
    expect(share.revoked_at).toBeNull();
    const emails = await t.database.db
      .selectFrom('notify_outbox')
      .select('to_address')
      .where('reference', 'in', await outboxReferences(t, [share.id]))
      .execute();
    expect(emails.map((email) => email.to_address)).toContain(recipientEmail);
    return share;
  }

  /** The result the public check's posts check (one for every poster). */
  let checkedResult: ReturnType<typeof ownResult> | undefined;

  /**
   * A case for a page with no record behind it (posted at its route), which `owner` and every one of `people`
   * may post, each as themselves.
   */
  const everyonesPage = (
    name: string,
    route: string,
    people: readonly Persona[],
    owner: Persona,
    target: Omit<Target, 'url' | 'owner'>,
  ): FormCase => ({
    name,
    route,
    alsoAllowed: people.filter((p) => p !== owner),
    setup: async (poster) => ({ url: route, owner: poster ?? as(owner), ...target }),
  });

  /**
   * The set-up of a page at `url` that starts an application of `applicationType` (the page's one question): each
   * poster (`owner` unless another) starts one of their own, as the JSON call that creates a draft does.
   */
  const applicationStart =
    (url: string, owner: Persona, applicationType: string, form: Pick<Target, 'next' | 'invalid'>) =>
    async (poster?: Browser): Promise<Target> => ({
      url,
      owner: poster ?? as(owner),
      valid: { applicationType },
      ...form,
      json: (b) => b.send('POST', '/api/draftApplications', { applicationType }),
    });

  const CASES: FormCase[] = [
    everyonesPage('the cookie choice', '/static/cookies', PERSONA_NAMES, 'signedOut', {
      valid: { analytics: 'yes' },
      next: '/static/cookies?saved=true',
      saves: false,
      invalid: { fields: {} },
      json: async () => {
        throw new Error('A public page with no JSON call: nobody is refused');
      },
    }),
    everyonesPage('the reminder setting', '/personal-details', SIGNED_IN, 'applicant', {
      valid: { reminders: 'off' },
      next: '/personal-details?reminders=off',
      // Two radios, one always chosen: anything else sends the person back to the page.
      invalid: { fields: { reminders: 'sometimes' }, redirect: '/personal-details' },
      json: (b) => b.send('PUT', '/api/personal-details/me/reminders', { remindersOn: false }),
    }),
    {
      name: 'the link to an application handed over',
      route: '/application-redirect',
      // Another person of the journey roles: the identity check fails (their name and date of birth are not the
      // application's), as the JSON call's 400 says.
      refusedPage: {
        applicant: 'error page matching_error',
        otherApplicant: 'error page matching_error',
        applicationOnly: 'error page matching_error',
        unverified: 'error page matching_error',
      },
      setup: async () => {
        const persona = customApplicant();
        const { linkId } = await handOver(t, as('csg'), 'LB', enteredFor(persona));
        const owner = await signedInApplicant(t, persona);
        await owner.get('/static/about');
        return {
          url: `/application-redirect?uuid=${linkId}`,
          owner,
          valid: {},
          next: /^\/applicant-apply\/level-2-csg\//,
          json: (b) => b.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId }),
        };
      },
    },
    {
      name: "a question of the applicant's journey",
      route: '/applicant-apply/:journeyId/*',
      setup: async () => {
        const persona = customApplicant();
        const { linkId, token } = await handOver(t, as('csg'), 'LB', enteredFor(persona));
        const owner = await signedInApplicant(t, persona);
        await owner.get('/static/about');
        const linked = await owner.send('POST', '/api/draftApplications/link/applicant', { uuid: linkId });
        expect(linked.statusCode, linked.body).toBe(200);
        return {
          url: `/applicant-apply/level-2-csg/personal-information?token=${token}`,
          owner,
          valid: { personalInfoAgreed: 'true' },
          next: `/applicant-apply/level-2-csg/name?token=${token}`,
          invalid: { fields: {} },
          json: (b) =>
            b.send('PUT', `/api/draftApplications/${token}/applicant`, { personalInfoAgreed: true }),
        };
      },
    },
    {
      name: 'the appeal question of a result',
      route: '/results/:resultId',
      setup: async () => {
        const { owner, resultId } = await ownResult('level-2-convictions');
        return {
          url: `/results/${resultId}`,
          owner,
          valid: { intendsToAppeal: 'yes' },
          next: `/results/${resultId}/confirm-appealing`,
          // Only a choice: the next page asks again (and checks for itself).
          saves: false,
          invalid: { fields: {} },
          json: (b) => b.get(`/api/results/${resultId}`),
        };
      },
    },
    {
      name: 'the release of a result',
      route: '/results/:resultId/release',
      setup: async () => {
        const { owner, resultId } = await ownResult('level-2-convictions');
        return {
          url: `/results/${resultId}/release`,
          owner,
          valid: {},
          // A shareable result goes on to sharing (decision 0049).
          next: `/share-result?resultId=${resultId}`,
          json: (b) => b.send('POST', `/api/results/${resultId}/release`),
        };
      },
    },
    {
      name: 'the intention to appeal',
      route: '/results/:resultId/confirm-appealing',
      setup: async () => {
        const { owner, resultId } = await ownResult('level-2-convictions');
        return {
          url: `/results/${resultId}/confirm-appealing`,
          owner,
          valid: {},
          next: `/appeal-guidance?resultId=${resultId}`,
          json: (b) => b.send('POST', `/api/results/${resultId}/intend-to-appeal`),
        };
      },
    },
    {
      name: 'the request for a review',
      route: '/results/:resultId/share-or-review',
      setup: async () => {
        const { owner, resultId } = await ownResult('pvg-review-eligible');
        return {
          url: `/results/${resultId}/share-or-review`,
          owner,
          valid: { purpose: 'REVIEW' },
          next: `/results/${resultId}/how-to-apply-for-review`,
          invalid: { fields: {} },
          json: (b) => b.send('POST', `/api/results/${resultId}/request-review`),
        };
      },
    },
    {
      name: 'the share purpose confirmed',
      route: '/share-confirmation',
      setup: async () => {
        const { owner, resultId } = await ownResult('pvg-review-eligible');
        const options = async () =>
          (await owner.get(`/api/results/${resultId}/share-options`)).json() as {
            purposeConfirmationRequired: boolean;
          };
        expect((await options()).purposeConfirmationRequired).toBe(true);
        return {
          url: `/share-confirmation?resultId=${resultId}`,
          owner,
          valid: { confirmed: 'true' },
          next: `/share-result?resultId=${resultId}`,
          // Recorded in the owner's session, not in a table (decision 0054).
          saves: false,
          saved: async () => expect((await options()).purposeConfirmationRequired).toBe(false),
          invalid: { fields: {} },
          json: (b) =>
            b.send('POST', `/api/results/${resultId}/share-purpose`, { purpose: 'SHARE', confirmed: true }),
        };
      },
    },
    {
      name: 'a one-time code sent',
      route: '/one-time-code',
      // Every sharer with a verified identity may ask for a code of their own.
      alsoAllowed: ['applicant', 'otherApplicant', 'basic'],
      setup: async (poster) => {
        const owner = poster ?? (await newApplicant(t));
        await owner.get('/static/about');
        return {
          url: '/one-time-code?resultId=r1',
          owner,
          valid: {},
          next: /^\/one-time-code\/verify\?resultId=r1&/,
          json: (b) => b.send('POST', '/oauth2/api/otc/request', {}),
        };
      },
    },
    {
      name: 'a one-time code entered',
      route: '/one-time-code/verify',
      // Another sharer's post of the owner's code: not their code, so the page again, which says it is not right.
      refusedPage: {
        applicant: 'page again 400 "Check your phone"',
        otherApplicant: 'page again 400 "Check your phone"',
        basic: 'page again 400 "Check your phone"',
      },
      setup: async () => {
        const { owner, resultId } = await ownResult('level-2-cautions');
        const code = await requestCode(owner);
        const ownerId = await userId(owner);
        return {
          url: `/one-time-code/verify?resultId=${resultId}&digits=0123&requests=1`,
          owner,
          // Someone else's code is no code of theirs: it never verifies, and the owner's code is left as it was.
          state: async () =>
            t.database.db.selectFrom('one_time_codes').selectAll().where('user_id', '=', ownerId).execute(),
          valid: { oneTimeCode: code },
          next: `/share-result?resultId=${resultId}`,
          invalid: { fields: { oneTimeCode: '12ab' } },
          json: (b) => b.send('POST', '/oauth2/api/otc/verify', { oneTimeCode: code }),
        };
      },
    },
    {
      name: 'a result shared',
      route: '/share-result',
      setup: async () => {
        const { owner, resultId } = await ownResult('level-2-cautions', { steppedUp: true });
        return {
          url: `/share-result?resultId=${resultId}`,
          owner,
          valid: { shareDigitally: 'yes' },
          next: `/share-success?resultId=${resultId}`,
          invalid: { fields: {} },
          json: (b) => b.send('POST', `/api/results/${resultId}/share`, {}),
        };
      },
    },
    {
      name: 'a scheme membership shared with consent',
      route: '/share/consent',
      setup: async () => {
        const ownResultOf = ownResult('level-2-cautions', { steppedUp: true });
        const { owner, resultId } = await ownResultOf;
        // A confirmation of scheme membership (PB) is shared only with the applicant's consent.
        const { issued } = await ownResultOf;
        await t.database.db
          .updateTable('applications')
          .set({ type_code: 'PB' })
          .where('id', '=', issued.token)
          .execute();
        return {
          url: `/share/consent?resultId=${resultId}`,
          owner,
          valid: { confirmShare: 'true' },
          next: `/share-success?resultId=${resultId}`,
          invalid: { fields: {} },
          json: (b) => b.send('POST', `/api/results/${resultId}/share`, { confirmShare: true }),
        };
      },
    },
    {
      name: 'a paper copy',
      route: '/share-paper-result',
      setup: async () => {
        const { owner, resultId } = await ownResult('level-2-cautions', { steppedUp: true });
        return {
          url: `/share-paper-result?resultId=${resultId}`,
          owner,
          valid: {},
          next: /^\/share-paper-success\?resultId=/,
          json: (b) => b.send('POST', `/api/results/${resultId}/share/paper`, {}),
        };
      },
    },
    {
      name: 'a result shared with a named recipient, view by view',
      route: '/share/recipient-details',
      setup: async () => {
        // A result of the paper channel: shared only with a named recipient (spec 02 section 5).
        const { owner, resultId } = await ownResult('level-2-cautions', {
          steppedUp: true,
          recipientDetails: true,
        });
        const details = {
          recipientName: 'Jordan Employer',
          recipientPositionAppliedFor: 'Care assistant',
          recipientEmail: `jordan.${(sequence += 1)}@example.com`,
          recipientPhoneNumber: '07700900456',
          applicantEmail: 'alex.morgan@example.com',
        };
        const typed = { line1: '2 Harbour Wynd', town: 'Edinburgh', postcode: 'EH6 6AB', country: 'GB' };
        // The address as the views after the address carry it.
        const carried = Object.fromEntries(
          Object.entries(typed).map(([name, value]) => [`recipientAddress.${name}`, value]),
        );
        return {
          url: `/share/recipient-details?resultId=${resultId}`,
          owner,
          valid: { _view: 'check', _action: 'share', ...details, ...carried },
          next: `/share-success?resultId=${resultId}&to=recipient`,
          invalid: { fields: { _view: 'details' } },
          views: [
            { name: 'the details', fields: { _view: 'details', ...details }, shows: 'address' },
            {
              name: 'the address typed in',
              fields: { _view: 'manual', ...details, ...typed },
              shows: 'check',
            },
            {
              name: 'the address typed in without its town',
              fields: { _view: 'manual', ...details, ...typed, town: '' },
              shows: 'manual',
              status: 400,
            },
            {
              name: "the check's change of details",
              fields: { _view: 'check', _action: 'change-details', ...details, ...carried },
              shows: 'details',
            },
            {
              name: 'the check with a changed hidden detail',
              fields: { _view: 'check', _action: 'share', ...details, ...carried, recipientEmail: 'nope' },
              shows: 'details',
              status: 400,
            },
            {
              name: 'the check with a changed hidden address',
              fields: {
                _view: 'check',
                _action: 'share',
                ...details,
                ...carried,
                'recipientAddress.postcode': 'NOT A POSTCODE',
              },
              shows: 'manual',
              status: 400,
            },
            {
              name: "the check posted without its button's action",
              fields: { _view: 'check', ...details, ...carried },
              shows: 'check',
            },
          ],
          saved: async () => {
            const share = await sharedWith(resultId, details.recipientEmail);
            expect(share.recipient_name).toBe(details.recipientName);
            expect(jsonOf(share.recipient_address)).toMatchObject({
              line1: typed.line1,
              postcode: typed.postcode,
            });
          },
          json: (b) =>
            b.send('POST', `/api/results/${resultId}/share/thirdparty`, {
              ...details,
              recipientAddress: typed,
            }),
        };
      },
    },
    {
      name: 'a basic result shared with a named recipient',
      route: '/share/recipient-details',
      setup: async () => {
        const { owner, resultId } = await ownResult('clear-basic', { steppedUp: true });
        const contact = {
          recipientEmail: `pat.${(sequence += 1)}@example.com`,
          recipientPhoneNumber: '07700900456',
          applicantEmail: 'r@example.com',
        };
        return {
          url: `/share/recipient-details?resultId=${resultId}`,
          owner,
          valid: { _view: 'check', _action: 'share', ...contact },
          next: `/share-success?resultId=${resultId}&to=recipient`,
          invalid: { fields: { _view: 'details', ...contact, recipientPhoneNumber: '' } },
          // A basic result's simpler form leads straight to the check.
          views: [{ name: 'the contact details', fields: { _view: 'details', ...contact }, shows: 'check' }],
          saved: async () => {
            await sharedWith(resultId, contact.recipientEmail);
          },
          json: (b) => b.send('POST', `/api/results/${resultId}/share/thirdparty`, contact),
        };
      },
    },
    {
      name: "a recipient's link stopped",
      route: '/who-can-see-my-result/stop',
      setup: async () => {
        const { owner, resultId, shareId } = await sharedLink(false);
        return {
          url: `/who-can-see-my-result/stop?resultId=${resultId}&shareId=${shareId}`,
          owner,
          valid: {},
          next: `/who-can-see-my-result?resultId=${resultId}&stopped=${shareId}`,
          json: (b) => b.send('POST', `/api/results/${resultId}/shares/${shareId}/revoke`, {}),
        };
      },
    },
    {
      name: "a copy's check code withdrawn",
      route: '/who-can-see-my-result/withdraw-check-code',
      setup: async () => {
        const { owner, resultId } = await ownResult('level-2-cautions');
        expect((await owner.get(`/api/results/${resultId}/check-code`)).statusCode).toBe(200);
        const copyId = (await owner.get(`/api/results/${resultId}/checks`)).json().copies[0].copyId as string;
        return {
          url: `/who-can-see-my-result/withdraw-check-code?resultId=${resultId}&copyId=${copyId}`,
          owner,
          valid: {},
          next: `/who-can-see-my-result?resultId=${resultId}&withdrawnCode=${copyId}`,
          json: (b) => b.send('POST', `/api/results/${resultId}/check-codes/${copyId}/withdraw`, {}),
        };
      },
    },
    {
      name: 'the public check of a result',
      route: '/check-a-result',
      alsoAllowed: SIGNED_IN,
      setup: async (poster) => {
        const { owner, resultId } = await (checkedResult ??= ownResult('level-2-cautions'));
        const code = (await owner.get(`/api/results/${resultId}/check-code`)).json().checkCode as string;
        const { dateOfBirth } = (await owner.get(`/api/results/${resultId}`)).json() as {
          dateOfBirth: string;
        };
        const [year, month, day] = dateOfBirth.split('-');
        return {
          url: `/check-a-result?code=${code}`,
          owner: poster ?? as('signedOut'),
          valid: {
            checkCode: code,
            'dateOfBirth.day': String(Number(day)),
            'dateOfBirth.month': String(Number(month)),
            'dateOfBirth.year': year!,
          },
          next: '/check-a-result',
          answers: /data-outcome="CURRENT"/,
          invalid: { fields: { checkCode: 'not a code', 'dateOfBirth.day': '' } },
          json: async () => {
            throw new Error('A public page anyone may post: nobody is refused');
          },
        };
      },
    },
    {
      name: "the recipient's identity check",
      route: '/additional-information',
      // Public pages: without the emailed link's cookie, the link's error page, as the JSON call's 404 says.
      refusedPage: 'error page invalid_link_broken_or_replaced',
      setup: async () => {
        const { token, read } = await sharedLink(false);
        const owner = await opened(`/before-you-continue?token=${token}`);
        const [year, month, day] = read.dateOfBirth.split('-');
        return {
          url: '/additional-information',
          owner,
          valid: {
            'dateOfBirth.day': String(Number(day)),
            'dateOfBirth.month': String(Number(month)),
            'dateOfBirth.year': year!,
            applicationReference: read.applicationReference,
          },
          next: /^\/shared-result/,
          invalid: { fields: { 'dateOfBirth.day': '', applicationReference: '' } },
          json: (b) =>
            b.send('POST', '/api/access/shared-results/additional-information', {
              applicantDateOfBirth: read.dateOfBirth,
              applicationReference: read.applicationReference,
            }),
        };
      },
    },
    {
      name: "a basic result's code sent to its recipient",
      route: '/shared-basic',
      // Public pages: without the emailed link's cookie, the link's error page, as the JSON call's 404 says.
      refusedPage: 'error page invalid_link_broken_or_replaced',
      setup: async () => {
        const { token } = await sharedLink(true);
        const owner = await opened(`/shared-basic?token=${token}`);
        return {
          url: '/shared-basic',
          owner,
          valid: {},
          next: '/shared-basic-otc',
          json: (b) => b.send('POST', '/api/otc/basic-online-result', {}),
        };
      },
    },
    {
      name: "a basic result's code entered by its recipient",
      route: '/shared-basic-otc',
      // Public pages: without the emailed link's cookie, the link's error page, as the JSON call's 404 says.
      refusedPage: 'error page invalid_link_broken_or_replaced',
      setup: async () => {
        const { token, shareId } = await sharedLink(true);
        const owner = await opened(`/shared-basic?token=${token}`);
        expect((await owner.send('POST', '/api/otc/basic-online-result', {})).statusCode).toBe(200);
        const { code: oneTimeCode } = await basicLinkSmsCode(t, shareId);
        return {
          url: '/shared-basic-otc',
          owner,
          valid: { oneTimeCode },
          next: /^\/shared-basic-result/,
          invalid: { fields: { oneTimeCode: '12ab' } },
          json: (b) => b.send('POST', '/api/otc/basic-online-result/verify', { oneTimeCode }),
        };
      },
    },
    {
      name: 'a Level 2 application started',
      route: '/csg-apply/select-application-type',
      // Each organisation's countersignatory starts their own; a Level 1 countersignatory may not start Level 2.
      alsoAllowed: ['otherOrg'],
      setup: applicationStart('/csg-apply/select-application-type', 'csg', 'LB', {
        next: /^\/csg-apply\/level-2\/confirm-role\?token=/,
        invalid: { fields: {} },
      }),
    },
    {
      name: 'a Level 1 application started',
      route: '/csg-apply/select-application-type',
      // The same call by an applicant starts an application of their own (the applicant's Level 1 journey): not
      // the organisation's, and not what this page does. Their post of this page is refused, and saves nothing.
      notBehind: Object.fromEntries(
        (['applicant', 'otherApplicant', 'unverified', 'applicationOnly', 'basic'] as const).map((p) => [
          p,
          "the applicant's own application",
        ]),
      ),
      alsoAllowed: ['level1', 'otherOrg'],
      setup: applicationStart('/csg-apply/select-application-type', 'csg', 'LA', {
        next: /^\/csg-apply\/level-1\/role-details\?token=/,
      }),
    },
    {
      name: "a Level 1 application of the applicant's own started",
      route: '/select-application',
      // The same call by a countersignatory starts the organisation's application, not what this page does: the
      // page is not theirs (the route guard), and their post saves nothing.
      notBehind: Object.fromEntries(
        (['csg', 'level1', 'otherOrg'] as const).map((p) => [p, "the organisation's own application"]),
      ),
      // Every applicant may start one of their own (the verified applicant is the owner here).
      alsoAllowed: ['otherApplicant', 'unverified', 'applicationOnly'],
      setup: applicationStart('/select-application', 'applicant', 'LA', {
        next: /^\/applicant-apply\/level-1\/personal-information\?token=/,
        invalid: { fields: {} },
      }),
    },
    {
      name: "a question of a Level 2 application of the organisation's",
      route: '/csg-apply/:journeyId/*',
      setup: async () => {
        const { draftApplicationToken: token } = await newDraft(as('csg'), 'LB');
        const saved = await as('csg').send('PUT', `/api/draftApplications/${token}/countersignatory`, {
          confirmRoleQualifies: true,
        });
        expect(saved.statusCode, saved.body).toBe(200);
        return {
          url: `/csg-apply/level-2/role-details?token=${token}`,
          owner: as('csg'),
          valid: { position: 'Teacher' },
          next: `/csg-apply/level-2/verify-applicant?token=${token}`,
          invalid: { fields: { position: '' } },
          json: (b) =>
            b.send('PUT', `/api/draftApplications/${token}/countersignatory`, {
              confirmRoleQualifies: true,
              roleDetails: { position: 'Intruder' },
            }),
        };
      },
    },
    {
      name: "a question of a Level 1 application of the organisation's",
      route: '/csg-apply/:journeyId/*',
      // The Level 1 countersignatory of the same organisation reaches Level 1 applications.
      alsoAllowed: ['level1'],
      setup: async (poster) => {
        const owner = poster ?? as('csg');
        const { draftApplicationToken: token } = await newDraft(owner, 'LA');
        return {
          url: `/csg-apply/level-1/role-details?token=${token}`,
          owner,
          valid: { position: 'Teacher' },
          next: `/csg-apply/level-1/verify-applicant?token=${token}`,
          invalid: { fields: { position: '' } },
          json: (b) =>
            b.send('PUT', `/api/draftApplications/${token}/countersignatory`, {
              roleDetails: { position: 'Intruder' },
            }),
        };
      },
    },
    {
      name: "the declaration that submits a Level 2 application of the organisation's",
      route: '/csg-apply/:journeyId/*',
      setup: async () => {
        const { draftApplicationToken: token } = await newDraft(as('csg'), 'LB');
        const saved = await as('csg').send(
          'PUT',
          `/api/draftApplications/${token}/countersignatory`,
          level2Payload(),
        );
        expect(saved.statusCode, saved.body).toBe(200);
        return {
          url: `/csg-apply/level-2/declaration?token=${token}`,
          owner: as('csg'),
          valid: { agreed: 'true' },
          next: `/csg-apply/level-2/confirmation?token=${token}`,
          invalid: { fields: {} },
          json: (b) => b.send('POST', `/api/draftApplications/${token}/submitted`, { agreed: true }),
        };
      },
    },
    {
      name: "the organisation's result opened",
      route: '/view-result-confirmation',
      setup: async () => {
        const { resultId } = await ownResult('level-2-cautions');
        return {
          url: `/view-result-confirmation?resultId=${resultId}`,
          owner: as('csg'),
          valid: { viewResult: 'yes' },
          next: `/organisation/${orgA.code}/results/${resultId}`,
          saves: false,
          invalid: { fields: {} },
          json: (b) => b.get(`/api/organisation/${orgA.code}/results/${resultId}`),
        };
      },
    },
    {
      name: 'a CSV batch uploaded (a multipart form)',
      route: '/b2b/csv-upload',
      // Every countersignatory uploads a batch for their own organisation, which submits it with their declaration
      // (a Level 1 countersignatory's Level 2 row is refused as a row: the batch is still saved, the row not made).
      alsoAllowed: ['level1', 'otherOrg'],
      setup: async (poster) => {
        const owner = poster ?? as('csg');
        const organisation = owner === as('otherOrg') ? orgB.code : orgA.code;
        const serial = 100000 + ((Date.now() + (sequence += 1)) % 900000);
        const file = { name: `${organisation}_20261126_${serial}.csv`, content: BATCH_CSV };
        return {
          url: '/b2b/csv-upload',
          owner,
          valid: { agreed: 'true' },
          file,
          next: /^\/b2b\/csv-upload-results\?id=[\w-]+$/,
          invalid: { fields: {}, file: { name: file.name, content: 'not,the,template\n1' } },
          saved: async () => {
            const batch = await t.database.db
              .selectFrom('batches')
              .selectAll()
              .where('filename', '=', file.name)
              .executeTakeFirstOrThrow();
            expect(batch.organisation_code).toBe(organisation);
            expect(batch.uploaded_by).toBe(await userId(owner));
            const rows = await t.database.db
              .selectFrom('batch_rows')
              .select('row_index')
              .where('batch_id', '=', batch.id)
              .execute();
            expect(rows).toHaveLength(1);
          },
          json: (b) => {
            const body = multipart({}, file);
            return b.request({
              method: 'POST',
              url: batchContracts.upload.path,
              payload: body.payload,
              headers: {
                'content-type': body.contentType,
                origin: ORIGIN,
                'x-requested-with': 'XMLHttpRequest',
              },
            });
          },
        };
      },
    },
    {
      name: "the lead countersignatory's report of corrected organisation details",
      route: '/countersignatory-details',
      // Each organisation's lead countersignatory reports for their own (organisation B's too); any other
      // countersignatory of the organisation is not its lead, as the JSON route's 404 says: sent to the page, whose
      // details they may see, which has no report form for them (it says to ask the lead), and not `?report=sent`.
      alsoAllowed: ['otherOrg'],
      refusedPage: {
        csg: '200 "Organisation details" /countersignatory-details',
        level1: '200 "Organisation details" /countersignatory-details',
      },
      setup: async (poster) => {
        const owner = poster ?? as('undeclared');
        const organisation = owner === as('otherOrg') ? orgB.code : orgA.code;
        const organisationName = `Matrix Community Care ${(sequence += 1)}`;
        const address = { line1: '14 Harbour Road', town: 'Leith', postcode: 'EH6 6AB', country: 'GB' };
        const contact = { mainPhoneNumber: '0131 496 0001', emailAddress: 'office@matrix.example.org' };
        const form = {
          organisationName,
          ...Object.fromEntries(Object.entries(address).map(([name, value]) => [`address.${name}`, value])),
          ...contact,
        };
        return {
          url: '/countersignatory-details',
          owner,
          valid: form,
          next: '/countersignatory-details?report=sent',
          invalid: { fields: { ...form, organisationName: '', 'address.postcode': 'nope' } },
          // Sent: the report saved, its email to the disclosure body handed to Notify, and the audit record.
          saved: async () => {
            const reports = await t.database.db
              .selectFrom('organisation_detail_reports')
              .selectAll()
              .where('organisation_code', '=', organisation)
              .execute();
            const report = reports.find(
              (one) =>
                jsonOf<{ organisationName?: string }>(one.details).organisationName === organisationName,
            );
            expect(report, `the report of ${organisationName}`).toBeDefined();
            const message = await t.database.db
              .selectFrom('outbox_messages')
              .select(['id', 'template', 'recipient'])
              .where('about_id', '=', report!.id)
              .executeTakeFirstOrThrow();
            expect(message).toMatchObject({ template: 'organisation-report', recipient: report!.sent_to });
            const email = await t.database.db
              .selectFrom('notify_outbox')
              .select('to_address')
              .where('reference', '=', message.id)
              .executeTakeFirstOrThrow();
            expect(email.to_address).toBe(report!.sent_to);
            const audits = await t.database.db
              .selectFrom('audit_events')
              .select(['user_id', 'detail'])
              .where('event', '=', 'organisation.details_reported')
              .execute();
            expect(
              audits.filter((one) => jsonOf<{ reportId?: string }>(one.detail).reportId === report!.id),
            ).toEqual([expect.objectContaining({ user_id: await userId(owner) })]);
          },
          json: (b) =>
            b.send('POST', `/api/organisation/${orgA.code}/detail-corrections`, {
              organisationName,
              address,
              ...contact,
            }),
        };
      },
    },
    // Last: it gives the undeclared countersignatory today's declaration.
    {
      name: "today's declaration",
      route: '/declaration',
      // The other countersignatories signed today's already: let through, and nothing new saved.
      alreadyDone: ['csg', 'level1', 'otherOrg'],
      setup: async (poster) => ({
        url: '/declaration',
        owner: poster ?? as('undeclared'),
        valid: { agreed: 'true' },
        next: '/dashboard',
        invalid: { fields: {} },
        json: (b) => b.send('POST', '/api/declaration', { agreed: true }),
      }),
    },
  ];

  it('every page of the route table with a form has its posts below, and only those pages', () => {
    const withForms = formRoutes.map((r) => r.path).sort();
    expect(withForms.length).toBeGreaterThan(10);
    expect([...new Set(CASES.map((c) => c.route))].sort()).toEqual(withForms);
    // Who the cases let post agrees with who the route table lets see the page.
    for (const formCase of CASES) {
      const route = formRoutes.find((r) => r.path === formCase.route)!;
      for (const persona of formCase.alsoAllowed ?? []) {
        const { roles, verified } = PERSONAS[persona];
        const label = `${formCase.name} as ${persona}`;
        if (route.roles.length > 0)
          expect(
            route.roles.some((r) => (roles as readonly string[]).includes(r)),
            label,
          ).toBe(true);
        if (route.identityVerified) expect(verified, label).toBe(true);
      }
    }
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, formCase) => {
    const target = await formCase.setup();
    const { owner, url } = target;
    const post = (browser: Browser, fields: Fields, headers?: Fields, file = target.file) =>
      postForm(browser, url, { _csrf: formToken(browser), ...fields }, headers, file);

    // From another site, without the form's token, or with another: refused, nothing saved.
    const before = await savedState();
    const crossSite = await post(owner, target.valid, { origin: 'https://attacker.example' });
    expect(crossSite.statusCode, 'another site').toBe(403);
    const noOrigin = await post(owner, target.valid, {});
    expect(noOrigin.statusCode, 'no Origin').toBe(403);
    const noToken = await postForm(owner, url, target.valid, undefined, target.file);
    expect(noToken.statusCode, 'no token').toBe(403);
    const wrongToken = await postForm(
      owner,
      url,
      { ...target.valid, _csrf: 'x'.repeat(43) },
      undefined,
      target.file,
    );
    expect(wrongToken.statusCode, 'another token').toBe(403);
    const afterForged = await savedState();
    expect(afterForged, `saved by a forged post: ${changedTables(before, afterForged)}`).toBe(before);

    // An invalid form: the page again with the error summary, or back to the page; nothing saved.
    if (target.invalid) {
      const res = await post(owner, target.invalid.fields, undefined, target.invalid.file ?? target.file);
      if (target.invalid.redirect) {
        expect(res.statusCode, res.body).toBe(303);
        expect(res.headers.location).toBe(target.invalid.redirect);
      } else {
        expect(res.statusCode, res.body).toBe(target.invalid.status ?? 400);
        expect(res.body).toMatch(/class="govuk-error-summary"/);
        expect(res.body).toMatch(/<title>Error: /);
      }
      const afterInvalid = await savedState();
      expect(afterInvalid, `saved by an invalid form: ${changedTables(before, afterInvalid)}`).toBe(before);
    }

    // The page's other views, posted by its owner: each the view it leads to (or the same view with the error
    // summary), and nothing saved before the last view's button.
    for (const view of target.views ?? []) {
      const res = await post(owner, view.fields);
      expect(res.statusCode, `${view.name}: ${res.body}`).toBe(view.status ?? 200);
      // Every form of the view answered posts from that view.
      const forms = [...res.body.matchAll(/name="_view" value="([a-z]+)"/g)].map((match) => match[1]);
      expect(forms.length, view.name).toBeGreaterThan(0);
      expect(new Set(forms), view.name).toEqual(new Set([view.shows]));
      if (view.status === 400) expect(res.body, view.name).toMatch(/class="govuk-error-summary"/);
      else expect(res.body, view.name).not.toMatch(/class="govuk-error-summary"/);
      const afterView = await savedState();
      expect(afterView, `saved by ${view.name}: ${changedTables(before, afterView)}`).toBe(before);
    }

    // Everyone else the JSON route refuses: refused the same way (the page the route guard shows them, or the
    // page's own refusal), and nothing saved by the form or by the JSON call.
    const route = formRoutes.find((r) => r.path === formCase.route)!;
    const allowed = new Set([...(formCase.alsoAllowed ?? []), ...(formCase.alreadyDone ?? [])]);
    const ownerPersona = PERSONA_NAMES.find((p) => as(p) === owner);
    const outcomes: string[] = [];
    for (const persona of PERSONA_NAMES.filter((p) => !allowed.has(p) && p !== ownerPersona)) {
      const browser = as(persona);
      const state = async () => (target.state ? JSON.stringify(await target.state()) : await savedState());
      const start = await state();
      const res = await post(browser, target.valid);
      expect(res.statusCode, `${persona}: ${res.body}`).toBeLessThan(500);
      const page = await shown(browser, res);
      const afterForm = await state();
      const json = formCase.notBehind?.[persona] ? undefined : await target.json(browser);
      const outcome = `${persona}: form ${res.statusCode} → ${page}; JSON ${json?.statusCode ?? '-'}`;
      outcomes.push(outcome);
      expect(afterForm, `${outcome}: the form saved ${changedTables(start, afterForm)}`).toBe(start);
      const afterJson = await state();
      expect(afterJson, `${outcome}: the JSON call saved ${changedTables(start, afterJson)}`).toBe(start);
      const refusedPage =
        typeof formCase.refusedPage === 'string' ? formCase.refusedPage : formCase.refusedPage?.[persona];
      expect(page, outcome).toBe(guardPage(route, persona) ?? refusedPage ?? pageFor(json));
    }

    // The owner (or the person of a role the route serves): sent on, and the change saved.
    const posters: [string, Target][] = [['owner', target]];
    for (const persona of allowed) posters.push([persona, await formCase.setup(as(persona))]);
    for (const [who, one] of posters) {
      const saves = (target.saves ?? true) && !formCase.alreadyDone?.includes(who as Persona);
      const start = await savedState();
      const res = await postForm(
        one.owner,
        one.url,
        { _csrf: formToken(one.owner), ...one.valid },
        undefined,
        one.file,
      );
      if (one.answers) {
        expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
        expect(res.body, who).toMatch(one.answers);
        const after = await savedState();
        if (saves) expect(after, `${who}: nothing saved`).not.toBe(start);
        await one.saved?.();
        continue;
      }
      expect(res.statusCode, `${who}: ${res.body}`).toBe(303);
      const location = String(res.headers.location);
      if (typeof one.next === 'string') expect(location, who).toBe(one.next);
      else expect(location, who).toMatch(one.next);
      const after = await savedState();
      if (saves) expect(after, `${who}: nothing saved`).not.toBe(start);
      else expect(after, `${who}: saved ${changedTables(start, after)}`).toBe(start);
      await one.saved?.();
      // The next page is theirs.
      const next = await one.owner.get(location);
      expect([200, 303], `${who} at ${location}: ${next.statusCode}`).toContain(next.statusCode);
    }
  });
});
