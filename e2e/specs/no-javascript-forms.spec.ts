/// <reference lib="dom" />
import { CSV_MAX_BYTES } from '@dis/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchCsv,
  batchFilename,
  batchRow,
  csvFile,
  expectRefusal,
  checkFile,
  liveStatus,
  uploadFile,
} from '../support/batches';
import { callApi, expectAccessible, launchBrowser, newPage } from '../support/browser';
import {
  emailsTo,
  expectErrors,
  signInCountersignatory,
  signInNewCountersignatory,
  waitForHeading,
} from '../support/organisation';
import { b2bResult } from '../support/results';
import { outboxEntries, stepUpByApi } from '../support/sharing';

// The three forms that needed script (issue 28), with JavaScript switched off: the applicant names a recipient for
// a shared result (each view's form carries the answers, the server answers with the next view: decision 0044),
// a countersignatory uploads a CSV batch (a multipart form post), and the lead countersignatory reports corrected
// organisation details. Each: a refused post re-rendered with the error summary linked to its field and nothing
// saved, then a valid post answered by a redirect (post/redirect/get). axe on every page and state.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** A page with no script at all, signed in as the person of `signedIn` (their cookies). */
async function withoutScript(signedIn: BrowserContext): Promise<Page> {
  const { context, page } = await newPage(browser, { javaScript: false });
  await context.addCookies(await signedIn.cookies());
  return page;
}

/** Letters only (an organisation's name takes no digits). */
const randomLetters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Where the error summary's links point (each field's id). */
const summaryTargets = (page: Page) =>
  page
    .locator('.govuk-error-summary__list a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

/** Every link of the error summary leads to a field on the page. */
async function expectSummaryLinkedToFields(page: Page, label: string): Promise<void> {
  for (const href of await summaryTargets(page)) {
    expect(href, `${label}: a link to a field`).toMatch(/^#[\w-]+$/);
    expect(await page.locator(href!).count(), `${label}: ${href} is on the page`).toBe(1);
  }
}

describe('a CSV batch uploaded without JavaScript', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await newPage(browser, { javaScript: false }));
    await signInNewCountersignatory(page);
  });

  const openUpload = async () => {
    await page.goto('/b2b/csv-upload');
    await waitForHeading(page, 'Upload a CSV file');
  };

  it('refuses no file, a file over the limit and a bad file against the field, and saves nothing', async () => {
    await openUpload();
    await expectAccessible(page, 'upload page without JavaScript');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Upload and submit' }).click();
    await expectRefusal(page, 'Select a file', 'Select a CSV file', 'no file without JavaScript');
    expect(await summaryTargets(page)).toEqual(['#file']);

    await uploadFile(page, csvFile(batchFilename(), Buffer.alloc(CSV_MAX_BYTES + 1, 'a')));
    await expectRefusal(
      page,
      'The file is too big',
      'The selected file must be smaller than 500 KB',
      'too large without JavaScript',
    );

    // A file whose content is refused: its name is not used up (nothing was saved).
    const name = batchFilename();
    await uploadFile(page, csvFile(name, 'not,the,template\n1,2,3'));
    await expect.poll(() => page.title(), { timeout: 60_000 }).toMatch(/^Error: /);
    expect(new URL(page.url()).pathname).toBe('/b2b/csv-upload');
    expect(await summaryTargets(page)).toEqual(['#file']);
    await expectAccessible(page, 'bad content refused without JavaScript');

    // The check: the page again with the file's rows, nothing stored (the name stays free).
    await checkFile(page, csvFile(name, batchCsv([batchRow(), batchRow({ email: 'not-an-email' })])));
    await expect
      .poll(() => page.locator('h2', { hasText: 'The file has been checked' }).count(), { timeout: 60_000 })
      .toBe(1);
    expect(new URL(page.url()).pathname).toBe('/b2b/csv-upload');
    expect(await page.locator('tbody tr', { hasText: 'Email address:' }).count()).toBe(1);
    await expectAccessible(page, 'file checked without JavaScript');

    // The upload submits it: the results page, whose link follows the processing.
    await uploadFile(page, csvFile(name, batchCsv([batchRow(), batchRow()])));
    await page.waitForURL((url) => url.pathname === '/b2b/csv-upload-results', { timeout: 60_000 });
    await waitForHeading(page, 'Your CSV file');
    await expect.poll(() => liveStatus(page)).toMatch(/Waiting to be processed|Being processed|Processed/);
    await expect
      .poll(
        async () => {
          const link = page.getByRole('link', { name: 'Check progress' });
          if ((await link.count()) > 0) await link.click();
          return liveStatus(page);
        },
        { timeout: 60_000 },
      )
      .toContain('Processed');
    await expectAccessible(page, 'results after an upload without JavaScript');
  });
});

describe("the lead countersignatory's report without JavaScript", () => {
  it('refuses an empty report against its fields and sends nothing; a whole one is sent', async () => {
    const { page } = await newPage(browser, { javaScript: false });
    await signInCountersignatory(page, 'lead-csg');
    await page.goto('/countersignatory-details');
    await waitForHeading(page, 'Organisation details');
    await expectAccessible(page, 'countersignatory details without JavaScript');
    // The shared lead persona may send reports from other specs meanwhile: this one is told by its own name.
    const name = `Northfield ${randomLetters(8)} Care`;
    const sentByThisTest = async () =>
      (
        await callApi<{ reports: Array<{ organisationName: string }> }>(
          page,
          'GET',
          '/api/organisation/RB1001/detail-corrections',
        )
      ).reports.filter((report) => report.organisationName === name);

    await page.getByRole('button', { name: 'Send corrected details' }).click();
    await expect.poll(() => page.title(), { timeout: 60_000 }).toMatch(/^Error: /);
    expect(new URL(page.url()).pathname).toBe('/countersignatory-details');
    expect(await summaryTargets(page)).toEqual([
      '#report-organisationName',
      '#report-address-line1',
      '#report-address-town',
      '#report-address-postcode',
      '#report-mainPhoneNumber',
      '#report-emailAddress',
    ]);
    await expectSummaryLinkedToFields(page, 'report refused');
    const messages = (await page.locator('.govuk-error-summary__list a').allTextContents()).map((t) =>
      t.trim(),
    );
    await expectErrors(page, messages, 'report refused', { focus: false });

    // What was entered comes back with the problems, and nothing is sent.
    await page.getByLabel('Organisation name').fill(name);
    await page.getByLabel('Address line 1').fill('14 Harbour Road');
    await page.getByRole('button', { name: 'Send corrected details' }).click();
    await expect.poll(() => summaryTargets(page)).not.toContain('#report-organisationName');
    expect(await page.getByLabel('Organisation name').inputValue()).toBe(name);
    await expectAccessible(page, 'report partly refused without JavaScript');
    expect(await sentByThisTest()).toEqual([]);

    await page.getByLabel('Town or city').fill('Leith');
    await page.getByLabel('Postcode').fill('EH6 6AB');
    await page.getByLabel('Main phone number').fill('0131 496 0002');
    await page.getByLabel('Email address').fill('office@northfield.example.org');
    await page.getByRole('button', { name: 'Send corrected details' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/countersignatory-details' && url.search === '?report=sent',
    );
    await expect.poll(() => page.getByText('Corrected details sent').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'report sent without JavaScript');
    expect(await sentByThisTest()).toHaveLength(1);
    await expect
      .poll(async () =>
        (await emailsTo(page, 'registrations@disclosure-body.example.gov.uk')).some((email) =>
          email.body.includes(name),
        ),
      )
      .toBe(true);
    await page.context().close();
  });
});

describe("a recipient's details without JavaScript", () => {
  it('refuses empty details, finds the address by postcode, types one in, checks and shares', async () => {
    const { applicant, resultId } = await b2bResult(browser);
    await stepUpByApi(applicant.page);
    const page = await withoutScript(applicant.context);
    const shares = async () =>
      (await callApi<{ shares: unknown[] }>(applicant.page, 'GET', `/api/results/${resultId}/shares`)).shares;

    await page.goto(`/share/recipient-details?resultId=${resultId}`);
    await waitForHeading(page, 'Who do you want to share your result with?');
    await expectAccessible(page, 'recipient details without JavaScript');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(
      page,
      [
        'Enter the name of the person you are sharing with',
        'Enter the position applied for',
        "Enter the recipient's email address",
        "Enter the recipient's phone number",
        'Enter your email address',
      ],
      'recipient details, empty, without JavaScript',
      { focus: false },
    );
    await expectSummaryLinkedToFields(page, 'recipient details, empty');

    await page.getByLabel("Recipient's full name").fill('Jordan Employer');
    await page.getByLabel('Position you applied for').fill('Care assistant');
    await page.getByLabel("Recipient's email address").fill('jordan.forms@example.com');
    await page.getByLabel("Recipient's phone number").fill('07700900456');
    await page.getByLabel('Your email address').fill('robin@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();

    // The address by postcode: a postcode that is not one, then the addresses found, then the choice.
    await waitForHeading(page, "What is the recipient's address?");
    await expectAccessible(page, 'recipient address lookup without JavaScript');
    await page.getByLabel('Postcode').fill('not a postcode');
    await page.getByRole('button', { name: 'Find address' }).click();
    await expectErrors(page, ['Enter a real postcode'], 'recipient postcode refused', { focus: false });
    expect(await summaryTargets(page)).toEqual(['#postcode']);
    await page.getByLabel('Postcode').fill('EH6 6AA');
    await page.getByRole('button', { name: 'Find address' }).click();
    await expect.poll(() => page.getByLabel('Select an address').count()).toBe(1);
    await expectAccessible(page, 'recipient addresses found without JavaScript');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expectErrors(page, ['Select an address'], 'no address chosen', { focus: false });
    await page.getByLabel('Select an address').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await waitForHeading(page, "Check the recipient's details");
    const summary = page.locator('.govuk-summary-list');
    await expect.poll(() => summary.innerText()).toContain('Jordan Employer');
    expect(await summary.innerText()).toContain('EH6 6AA');
    await expectAccessible(page, 'recipient check without JavaScript');

    // Changing the address: typed in by hand this time.
    await page.getByRole('button', { name: "Change the recipient's address" }).click();
    await waitForHeading(page, "What is the recipient's address?");
    await page.getByRole('button', { name: 'Enter the address manually' }).click();
    await waitForHeading(page, "Enter the recipient's address");
    await expectAccessible(page, 'recipient manual address without JavaScript');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.title(), { timeout: 60_000 }).toMatch(/^Error: /);
    expect(await summaryTargets(page)).toEqual(['#line1', '#town', '#postcode']);
    await expectSummaryLinkedToFields(page, 'manual address, empty');
    await expectAccessible(page, 'recipient manual address refused without JavaScript');
    await page.getByLabel('Address line 1').fill('2 Harbour Wynd');
    await page.getByLabel('Town or city').fill('Edinburgh');
    await page.getByLabel('Postcode').fill('EH6 6AB');
    await page.getByRole('button', { name: 'Continue' }).click();

    await waitForHeading(page, "Check the recipient's details");
    await expect.poll(() => summary.innerText()).toContain('2 Harbour Wynd');
    await expectAccessible(page, 'recipient check after typing the address without JavaScript');
    expect(await shares(), 'nothing shared before "Share result"').toEqual([]);
    await page.getByRole('button', { name: 'Share result' }).click();
    await page.waitForURL(/\/share-success\?resultId=.*to=recipient/, { timeout: 60_000 });
    await waitForHeading(page, 'Result shared successfully');
    await expectAccessible(page, 'recipient share success without JavaScript');
    expect(await shares()).toHaveLength(1);
    await expect
      .poll(async () => (await outboxEntries(page)).some((m) => m.to === 'jordan.forms@example.com'), {
        timeout: 60_000,
      })
      .toBe(true);
  });
});

// A second press of a form's button on a slow connection (decision 0076): the browser drops the first post and sends
// the second at once; the form's one-time key makes the server answer the second with the first's outcome.
describe('a form sent twice without JavaScript', () => {
  it('starts one application when Continue is pressed again while the first post is still on its way', async () => {
    const { page } = await newPage(browser, { javaScript: false });
    await signInNewCountersignatory(page);
    await page.goto('/csg-apply/select-application-type');
    await waitForHeading(page, 'What type of application do you want to start?');
    await page.getByLabel('Level 1', { exact: true }).check();
    // The first post reaches the server, but its answer is held until the second post has been sent: the
    // browser then gives up the first and waits for the second's answer.
    let posts = 0;
    let firstAnswer = '';
    let firstSent: () => void = () => undefined;
    let secondSent: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (firstSent = resolve));
    const second = new Promise<void>((resolve) => (secondSent = resolve));
    await page.route('**/csg-apply/select-application-type', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      if (posts > 1) {
        secondSent();
        return route.continue();
      }
      const answer = route.fetch({ maxRedirects: 0 });
      firstSent();
      await second;
      const response = await answer;
      firstAnswer = response.headers()['location'] ?? '';
      await route.fulfill({ response }).catch(() => undefined);
    });
    // Pressed twice from the keyboard: a key press does not wait for the navigation it starts, as a click does.
    await page.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await first;
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/csg-apply/level-1/role-details');
    expect(posts).toBe(2);
    // Both posts lead to the same draft (its token in the address): the second started none of its own. An
    // organisation's draft is in no list until it is handed over, so its token is what tells.
    await expect.poll(() => firstAnswer).toMatch(/^\/csg-apply\/level-1\/role-details\?token=/);
    expect(new URL(page.url()).search).toBe(new URL(firstAnswer, page.url()).search);
    await page.context().close();
  });
});
