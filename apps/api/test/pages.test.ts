import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BATCH_CSV_COLUMNS,
  BATCH_CSV_EXAMPLE_ROWS,
  CSV_MAX_BYTES,
  SESSION_SERVER_IDLE_MS,
} from '@dis/domain';
import {
  Browser,
  ENGINES,
  newDraft,
  ORIGIN,
  signedInCsg,
  type TestApp,
  postForm,
  withTestApp,
} from './harness';
import { DatabaseSessionStore, RedisSessionStore } from '../src/platform/session';

// Pages rendered on the server and their forms posted without JavaScript (decision 0038), on the real app with the
// web app's server build.
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

/** The page's form token: the value its forms repeat in `_csrf`. */
function formToken(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('The page has no form token');
  return token;
}

/** A form with a file posted as the browser posts it: its fields first (the token), then the file. */
async function postMultipart(
  browser: Browser,
  url: string,
  fields: Record<string, string>,
  file: { name: string; content: string | Buffer },
  headers: Record<string, string> = { origin: ORIGIN },
) {
  const boundary = `----page${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return browser.request({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
}

let fileCount = 0;
const batchName = () => `RB1001_20261126_${String(200000 + (fileCount += 1))}.csv`;
const batchCsv = [
  BATCH_CSV_COLUMNS.join(','),
  BATCH_CSV_COLUMNS.map((column) => BATCH_CSV_EXAMPLE_ROWS[0]?.[column] ?? '').join(','),
].join('\n');

describe.each(ENGINES)('pages rendered on the server on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app), { WEB_DIST });

  it('answers the launch page with its content, title and language, and an unknown page with 404', async () => {
    const browser = new Browser(t);
    const launch = await browser.get('/');
    expect(launch.statusCode).toBe(200);
    expect(launch.headers['content-type']).toMatch(/^text\/html/);
    expect(launch.body).toMatch(/<html lang="en"/);
    expect(launch.body).toMatch(
      /<h1 class="govuk-heading-xl">Apply for a disclosure or PVG scheme membership/,
    );
    expect(launch.body).toMatch(/<title>Apply for a disclosure or PVG scheme membership – /);
    expect(launch.headers['cache-control']).toBe('no-store');
    const missing = await browser.get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(/<h1 class="govuk-heading-l">Page not found<\/h1>/);
  });

  it("renders a signed-in page with the person's data, and sends a countersignatory without today's declaration to it", async () => {
    const browser = new Browser(t);
    await browser.signIn('csg');
    const before = await browser.get('/csg/dashboard');
    expect(before.statusCode).toBe(303);
    expect(before.headers.location).toMatch(/^\/declaration/);
    await browser.send('POST', '/api/declaration', { agreed: true });
    const dashboard = await browser.get('/csg/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    // What the render read goes to the browser with the page, so it takes the page over without asking again.
    expect(dashboard.body).toMatch(/<script id="page-state" type="application\/json">\{"csrfToken"/);
    // Its script is the entry alone, which fetches the app once the page is drawn (decision 0056): nothing of the
    // app is asked for before the first paint (no module preloads, one module script).
    expect(dashboard.body.match(/<script type="module"[^>]*>/g)).toHaveLength(1);
    expect(dashboard.body).not.toMatch(/rel="modulepreload"/);
    // The page is theirs and never kept; the build's files it loads are the same for everyone and kept for a year,
    // signed in or not (a signed-in browser fetched every script again on each page load before).
    expect(dashboard.headers['cache-control']).toBe('no-store');
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(dashboard.body)?.[1] ?? '';
    const script = await browser.get(entry);
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await browser.get('/api/config')).headers['cache-control']).toBe('no-store');
  });

  it("reads the person's session from its store once for a page, however many reads the page makes", async () => {
    const browser = new Browser(t);
    await browser.signIn('csg');
    await browser.send('POST', '/api/declaration', { agreed: true });
    const store = t.redis ? RedisSessionStore.prototype : DatabaseSessionStore.prototype;
    const reads = vi.spyOn(store, 'get');
    try {
      const dashboard = await browser.get('/csg/dashboard');
      expect(dashboard.statusCode).toBe(200);
      // The page asked who is signed in, the settings, the declaration and the list: each read was lent the page
      // request's session (platform/session, withPageSession) rather than reading the store again.
      expect(dashboard.body).toContain('RB1001');
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('lends each page only its own session: pages of two people rendered at the same time each show their own', async () => {
    const people = ['csg', 'csg-other-org'].map(() => new Browser(t));
    await people[0]!.signIn('csg');
    await people[1]!.signIn('csg-other-org');
    const organisationOf = (html: string) => /"organisationCode":"([^"]+)"/.exec(html)?.[1];
    const own: string[] = [];
    for (const person of people) {
      await person.send('POST', '/api/declaration', { agreed: true });
      own.push(organisationOf((await person.get('/csg/dashboard')).body) ?? '');
    }
    expect(own[0]).toBeTruthy();
    expect(own[1]).toBeTruthy();
    expect(own[0]).not.toBe(own[1]);
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, i) => people[i % 2]!.get('/csg/dashboard')),
    );
    pages.forEach((page, i) => {
      expect(page.statusCode).toBe(200);
      expect(organisationOf(page.body)).toBe(own[i % 2]);
      expect(page.body).not.toContain(`"organisationCode":"${own[(i + 1) % 2]!}"`);
    });
  });

  // Issue 29 item 13 (decision 0055): a signed-in page or form reached after the session ended says the person is
  // no longer signed in (spec 01 section 8), on the site root a 401 leads to; someone never signed in sees the
  // launch page as before.
  describe('a session that has ended', () => {
    const NO_LONGER = 'You are no longer signed in';

    it('shows a signed-in page as the plain launch page to someone who never signed in', async () => {
      const res = await new Browser(t).get('/personal-details');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Continue to your identity account');
      expect(res.body).not.toContain(NO_LONGER);
    });

    it('sends a person signed out in another tab to the launch page that says they are no longer signed in', async () => {
      const browser = new Browser(t);
      await browser.signIn('applicant-verified');
      expect((await browser.get('/personal-details')).statusCode).toBe(200);
      // Another tab signs out: this one still holds the cookie of the session that has gone.
      const other = new Browser(t);
      other.cookies.set('dis-session', browser.cookies.get('dis-session')!);
      expect((await other.send('POST', '/oauth2/api/logout', {})).statusCode).toBe(200);
      // Any answer after the end clears the cookie of the session that has gone (here the launch page's): the
      // marker of having been signed in still says the session ended.
      await browser.get('/');
      expect(browser.cookies.has('dis-session')).toBe(false);
      const res = await browser.get('/personal-details');
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/?reason=session-ended');
      const launch = await browser.get('/?reason=session-ended');
      expect(launch.statusCode).toBe(200);
      expect(launch.body).toContain(NO_LONGER);
      expect(launch.body).toMatch(/class="govuk-notification-banner"/);
      expect(launch.body).toContain('Continue to your identity account');
    });

    it('does the same once the session has timed out', async () => {
      const browser = new Browser(t);
      await browser.signIn('applicant-verified');
      t.clock.advance(SESSION_SERVER_IDLE_MS + 1000);
      const res = await browser.get('/applicant/dashboard');
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/?reason=session-ended');
    });

    it('answers a form posted after the session ended with the same page, and saves nothing', async () => {
      const csg = await signedInCsg(t);
      const { draftApplicationToken: token } = await newDraft(csg, 'LA');
      const page = `/csg-apply/level-1/role-details?token=${token}`;
      const html = (await csg.get(page)).body;
      const other = new Browser(t);
      other.cookies.set('dis-session', csg.cookies.get('dis-session')!);
      await other.send('POST', '/oauth2/api/logout', {});
      const res = await postForm(csg, page, { _csrf: formToken(html), position: 'Teacher' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/?reason=session-ended');
      const again = await signedInCsg(t);
      const saved = (await again.get(`/api/draftApplications/${token}`)).json() as {
        applicant?: { roleDetails?: { position?: string } };
      };
      expect(saved.applicant?.roleDetails?.position).toBeUndefined();
    });

    const unknownReasons = [
      'session-ended%20',
      '%3Cscript%3E',
      'sign-out-failed',
      'inactive%20for%2030%20minutes',
    ];
    it.each(unknownReasons)('says nothing for a reason it does not know (%s)', async (reason) => {
      const res = await new Browser(t).get(`/?reason=${reason}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(NO_LONGER);
      expect(res.body).not.toContain('<script>');
    });

    it('says a sign-out did not complete on the signed-out page, and offers it again', async () => {
      const res = await new Browser(t).get('/signed-out?reason=sign-out-failed');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('There was a problem signing you out');
      expect(res.body).toMatch(/href="\/sign-out"/);
      expect(res.body).toMatch(/<title>There was a problem signing you out – /);
    });
  });

  describe('a journey question posted without JavaScript', () => {
    let csg: Browser;
    let token: string;
    let page: string;
    beforeAll(async () => {
      csg = await signedInCsg(t);
      token = (await newDraft(csg, 'LA')).draftApplicationToken;
      page = `/csg-apply/level-1/role-details?token=${token}`;
    });

    const savedPosition = async () =>
      (
        (await csg.get(`/api/draftApplications/${token}`)).json() as {
          applicant?: { roleDetails?: { position?: string } };
        }
      ).applicant?.roleDetails?.position;

    it('shows the question with its form, token and saved value', async () => {
      const res = await csg.get(page);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<form[^>]*method="post"/);
      expect(res.body).toMatch(/name="position"/);
      expect(formToken(res.body)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('re-renders an invalid answer with the error summary linked to its field, and saves nothing', async () => {
      const html = (await csg.get(page)).body;
      const res = await postForm(csg, page, { _csrf: formToken(html), position: '' });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(/class="govuk-error-summary"/);
      expect(res.body).toMatch(/<a href="#position">[^<]+<\/a>/);
      expect(res.body).toMatch(/<title>Error: /);
      expect(await savedPosition()).toBeUndefined();
    });

    it('refuses a post from another site, or without the form token, and saves nothing', async () => {
      const html = (await csg.get(page)).body;
      const crossSite = await postForm(
        csg,
        page,
        { _csrf: formToken(html), position: 'Teacher' },
        { origin: 'https://attacker.example' },
      );
      expect(crossSite.statusCode).toBe(403);
      const noToken = await postForm(csg, page, { position: 'Teacher' });
      expect(noToken.statusCode).toBe(403);
      const wrongToken = await postForm(csg, page, { _csrf: 'x'.repeat(43), position: 'Teacher' });
      expect(wrongToken.statusCode).toBe(403);
      expect(await savedPosition()).toBeUndefined();
    });

    it('saves a valid answer and redirects to the next page (post/redirect/get)', async () => {
      const html = (await csg.get(page)).body;
      const res = await postForm(csg, page, { _csrf: formToken(html), position: 'Teacher' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/csg-apply/level-1/verify-applicant?token=${token}`);
      expect(await savedPosition()).toBe('Teacher');
    });

    it("does not save into another organisation's draft: the post is refused as the JSON call is", async () => {
      const other = await signedInCsg(t, 'csg-other-org');
      const html = (await other.get('/')).body;
      const res = await postForm(other, page, { _csrf: formToken(html), position: 'Intruder' });
      expect(res.statusCode).toBe(303);
      const shown = await other.get(String(res.headers.location));
      expect(shown.statusCode).toBeGreaterThanOrEqual(400);
      expect(await savedPosition()).toBe('Teacher');
    });
  });

  describe('the CSV upload posted without JavaScript (a multipart form)', () => {
    let csg: Browser;
    const page = '/b2b/csv-upload';
    beforeAll(async () => {
      csg = await signedInCsg(t);
    });

    it('refuses a post from another site or without the token, and saves nothing (the name stays unused)', async () => {
      const token = formToken((await csg.get(page)).body);
      const name = batchName();
      const noToken = await postMultipart(csg, page, {}, { name, content: batchCsv });
      expect(noToken.statusCode).toBe(403);
      const crossSite = await postMultipart(
        csg,
        page,
        { _csrf: token },
        { name, content: batchCsv },
        { origin: 'https://attacker.example' },
      );
      expect(crossSite.statusCode).toBe(403);
      const bad = await postMultipart(
        csg,
        page,
        { _csrf: token, agreed: 'true' },
        { name, content: 'not,the,template\n1' },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toMatch(/<a href="#file">[^<]+<\/a>/);
      expect(bad.body).toMatch(/<title>Error: /);

      // The upload submits the file: the declaration first.
      const undeclared = await postMultipart(csg, page, { _csrf: token }, { name, content: batchCsv });
      expect(undeclared.statusCode).toBe(400);
      expect(undeclared.body).toMatch(/<a href="#agreed">Confirm the declaration/);
      const sent = await postMultipart(
        csg,
        page,
        { _csrf: token, agreed: 'true' },
        { name, content: batchCsv },
      );
      expect(sent.statusCode).toBe(303);
      expect(sent.headers.location).toMatch(/^\/b2b\/csv-upload-results\?id=[\w-]+$/);
      const preview = await csg.get(String(sent.headers.location));
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain(name);
    });

    it('stops reading a file over the limit and shows the page again with the refusal', async () => {
      const token = formToken((await csg.get(page)).body);
      const res = await postMultipart(
        csg,
        page,
        { _csrf: token, agreed: 'true' },
        { name: batchName(), content: Buffer.alloc(CSV_MAX_BYTES + 1, 'a') },
      );
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(/<a href="#file">The selected file must be smaller than 500 KB<\/a>/);
    });

    it("checks a file without the declaration: the page with its rows, nothing stored (the page's preview)", async () => {
      const token = formToken((await csg.get(page)).body);
      const name = batchName();
      const res = await postMultipart(
        csg,
        page,
        { _csrf: token, intent: 'check' },
        { name, content: batchCsv },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('The file has been checked');
      expect(res.body).toContain(name);
      const stored = await t.database.db
        .selectFrom('batches')
        .select('id')
        .where('filename', '=', name)
        .execute();
      expect(stored).toEqual([]);
    });
  });
});
