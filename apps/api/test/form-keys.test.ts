import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFormKeys, FORM_CLAIMS_KEPT_MS, FORM_KEY_ABANDONED_MS } from '../src/platform/form-keys';
import { type Browser, ENGINES, postForm, rowCount, signedInCsg, type TestApp, withTestApp } from './harness';

// A page's form posted twice without JavaScript (the button pressed twice on a slow connection): the one-time key
// every server-rendered form carries makes the second post answered with the first's outcome (decision 0076).
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
const PAGE = '/csg-apply/select-application-type';
const FIRST_PAGE = /^\/csg-apply\/level-1\/role-details\?token=/;

/** The page's form token (`_csrf`) and one-time key (`_formKey`). */
async function formOf(browser: Browser, url = PAGE): Promise<{ _csrf: string; _formKey: string }> {
  const res = await browser.get(url);
  expect(res.statusCode).toBe(200);
  const [, csrf] = /name="_csrf" value="([^"]+)"/.exec(res.body) ?? [];
  const [, key] = /name="_formKey" value="([^"]+)"/.exec(res.body) ?? [];
  if (!csrf || !key) throw new Error('The page has no form token or no form key');
  return { _csrf: csrf, _formKey: key };
}

describe.each(ENGINES)('form posts repeated with their one-time key on $name', (engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app), { WEB_DIST });

  const drafts = () => rowCount(t, 'applications');

  it('gives every render of a page a new key of 128 random bits', async () => {
    const csg = await signedInCsg(t);
    const one = await formOf(csg);
    const two = await formOf(csg);
    expect(one._formKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(two._formKey).not.toBe(one._formKey);
    expect(two._csrf).toBe(one._csrf);
  });

  it('starts one draft for the type posted twice with the same key, and answers both with its first page', async () => {
    const csg = await signedInCsg(t);
    const form = await formOf(csg);
    const before = await drafts();
    const first = await postForm(csg, PAGE, { ...form, applicationType: 'LA' });
    const second = await postForm(csg, PAGE, { ...form, applicationType: 'LA' });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toMatch(FIRST_PAGE);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await drafts()).toBe(before + 1);
    // Nothing of the key, the token or the redirect is kept in clear.
    const [claim] = await t.database.db.selectFrom('form_post_claims').selectAll().execute();
    expect(JSON.stringify(claim)).not.toContain(form._formKey);
    expect(JSON.stringify(claim)).not.toContain(form._csrf);
    expect(JSON.stringify(claim)).not.toContain(String(first.headers.location));
    expect(claim?.route).toBe(PAGE);
  });

  it('starts one draft for two posts of the same key sent at once: the second waits for the first', async () => {
    const csg = await signedInCsg(t);
    const form = await formOf(csg);
    const before = await drafts();
    const [first, second] = await Promise.all([
      postForm(csg, PAGE, { ...form, applicationType: 'LA' }),
      postForm(csg, PAGE, { ...form, applicationType: 'LA' }),
    ]);
    expect(first.statusCode).toBe(303);
    expect(second.statusCode).toBe(303);
    expect(first.headers.location).toMatch(FIRST_PAGE);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await drafts()).toBe(before + 1);
  });

  it('answers an invalid post with the error summary and lets the corrected form be posted with the same key', async () => {
    const csg = await signedInCsg(t);
    const form = await formOf(csg);
    const before = await drafts();
    const invalid = await postForm(csg, PAGE, form);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toMatch(/class="govuk-error-summary"/);
    // The page again is a render of its own, with a key of its own.
    const [, again] = /name="_formKey" value="([^"]+)"/.exec(invalid.body) ?? [];
    expect(again).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(again).not.toBe(form._formKey);
    expect(await drafts()).toBe(before);
    const corrected = await postForm(csg, PAGE, { ...form, applicationType: 'LA' });
    expect(corrected.statusCode).toBe(303);
    expect(corrected.headers.location).toMatch(FIRST_PAGE);
    // The corrected post, pressed twice, is a post like any other.
    const repeated = await postForm(csg, PAGE, { ...form, applicationType: 'LA' });
    expect(repeated.headers.location).toBe(corrected.headers.location);
    expect(await drafts()).toBe(before + 1);
  });

  it('runs a post without a key as before, each time', async () => {
    const csg = await signedInCsg(t);
    const { _csrf } = await formOf(csg);
    const before = await drafts();
    const first = await postForm(csg, PAGE, { _csrf, applicationType: 'LA' });
    const second = await postForm(csg, PAGE, { _csrf, applicationType: 'LA' });
    expect(first.statusCode).toBe(303);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).not.toBe(first.headers.location);
    expect(await drafts()).toBe(before + 2);
  });

  it("binds a key to the browser that got it: another person's post with it runs as their own", async () => {
    const csg = await signedInCsg(t);
    const form = await formOf(csg);
    const first = await postForm(csg, PAGE, { ...form, applicationType: 'LA' });
    expect(first.statusCode).toBe(303);
    const other = await signedInCsg(t, 'csg-other-org');
    const own = await formOf(other);
    const before = await drafts();
    const posted = { _csrf: own._csrf, _formKey: form._formKey, applicationType: 'LA' };
    const res = await postForm(other, PAGE, posted);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(FIRST_PAGE);
    expect(res.headers.location).not.toBe(first.headers.location);
    // Their own repeat is answered with their own first post's outcome, and the first browser's with its own.
    expect((await postForm(other, PAGE, posted)).headers.location).toBe(res.headers.location);
    const again = await postForm(csg, PAGE, { ...form, applicationType: 'LA' });
    expect(again.headers.location).toBe(first.headers.location);
    expect(await drafts()).toBe(before + 1);
  });

  it('answers a repeat whose first post never finished with the error page, and never runs it', async () => {
    const csg = await signedInCsg(t);
    const form = await formOf(csg);
    // The first post's instance stopped while its action ran: its claim has no outcome.
    const formKeys = createFormKeys({ db: t.database.db, clock: t.clock });
    const claimed = await formKeys.claim(csg.cookies.get('dis-form')!.value, form._formKey, PAGE);
    expect(claimed.kind).toBe('run');
    t.clock.advance(FORM_KEY_ABANDONED_MS + 1000);
    const before = await drafts();
    const res = await postForm(csg, PAGE, { ...form, applicationType: 'LA' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<h1 class="govuk-heading-l">Sorry, there is a problem with the service<\/h1>/);
    expect(res.body).toContain('The form you sent is still being saved');
    expect(await drafts()).toBe(before);
  });

  it('deletes claims a day after they were made', async () => {
    const csg = await signedInCsg(t);
    const form = await formOf(csg);
    expect((await postForm(csg, PAGE, { ...form, applicationType: 'LA' })).statusCode).toBe(303);
    const formKeys = createFormKeys({ db: t.database.db, clock: t.clock });
    const kept = await rowCount(t, 'form_post_claims');
    expect(await formKeys.purge()).toBe(0);
    t.clock.advance(FORM_CLAIMS_KEPT_MS + 1000);
    expect(await formKeys.purge()).toBe(kept);
    expect(await rowCount(t, 'form_post_claims')).toBe(0);
  });
});
