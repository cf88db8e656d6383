import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage, useServer } from '../support/browser';
import {
  batchCsv,
  batchFilename,
  batchRow,
  checkFile,
  csvFile,
  expectRefusal,
  liveStatus,
  openUploadPage,
  uploadButton,
  uploadFile,
  type BatchRow,
} from '../support/batches';
import {
  emailsTo,
  tabTo,
  signInCountersignatory,
  signInNewCountersignatory,
  waitForHeading,
} from '../support/organisation';
import { startServer, type RunningServer } from '../support/server';

// In the browser: a countersignatory checks a CSV file of 30 applications (the preview, nothing stored), uploads
// it, which submits the ready rows (spec 01 sections 3 and 4), and follows the batch to PROCESSED; each refusal of spec 01 section 8 on the page; the upload by keyboard alone;
// the lead countersignatory's report of corrected details. axe on every page and state visited.

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

describe('CSV batches', () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await newPage(browser));
    await signInNewCountersignatory(page);
  });

  it('checks 30 applications, shows the bad rows, uploads the file and follows the ready ones to processed', async () => {
    await expectAccessible(page, 'dashboard with the upload button');
    await openUploadPage(page);
    await expectAccessible(page, 'upload page');

    const rows: BatchRow[] = Array.from({ length: 30 }, () => batchRow());
    rows[3] = batchRow({ email: 'not-an-email' });
    rows[10] = batchRow({ lastName: '=SUM(A1:A2)' });
    rows[17] = batchRow({ whoWillPay: 'Organisation', paymentMethod: '' });
    rows[24] = batchRow({ applicationType: 'ZZ' });
    const name = batchFilename();
    const file = csvFile(name, batchCsv(rows));
    await checkFile(page, file);
    await expect
      .poll(() => page.locator('.govuk-warning-text').textContent(), { timeout: 60_000 })
      .toContain('4 applications have errors');
    expect(new URL(page.url()).pathname).toBe('/b2b/csv-upload');
    const errorRow = page
      .locator('tbody tr', { hasText: 'not-an-email' })
      .or(page.locator('tbody tr').nth(3));
    // Each error names its column in words, not its code.
    await expect
      .poll(() => errorRow.first().textContent())
      .toMatch(/Email address: Enter email address in the correct format/);
    await expectAccessible(page, 'checked file');

    // Uploading submits the file: without the declaration it is refused on the page.
    await page.getByRole('button', { name: 'Upload and submit' }).click();
    await expect.poll(() => page.title()).toMatch(/^Error: /);
    await expectAccessible(page, 'upload without the declaration');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Upload and submit' }).click();
    await page.waitForURL((url) => url.pathname === '/b2b/csv-upload-results', { timeout: 60_000 });
    await waitForHeading(page, 'Your CSV file');
    // The page polls from the upload's answer until the batch is processed (issue 29, item 15).
    await expect.poll(() => liveStatus(page), { timeout: 60_000 }).toContain('Processed');
    await expect.poll(() => page.locator('tbody tr', { hasText: 'With applicant' }).count()).toBe(26);
    await expectAccessible(page, 'processed batch');

    // The error report: CSV, formulas neutralised.
    const href = await page
      .getByRole('link', { name: 'Download the errors as a CSV file' })
      .first()
      .getAttribute('href');
    const report = await page.request.get(href!);
    expect(report.headers()['content-type']).toMatch(/text\/csv/);
    const text = await report.text();
    expect(text).toContain("'=SUM(A1:A2)");
    expect(text.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(5);
    expect(text).toContain('Email address');

    // An accepted row's applicant has the hand-over email; a refused row's has none.
    const [email] = await emailsTo(page, rows[0]!.email!);
    expect(email?.body).toMatch(/\/oauth2\/authorization\/dis\?uuid=/);
    expect(await emailsTo(page, 'not-an-email')).toHaveLength(0);

    // The same name cannot be used again.
    await openUploadPage(page);
    await uploadFile(page, csvFile(name, batchCsv([batchRow()])));
    await expectRefusal(
      page,
      'This file name has already been used',
      'A file with this name has already been uploaded. Give the file a new name and upload it again',
      'reused name',
    );
  });

  it('shows each refusal with its heading and message', async () => {
    await page.goto('/b2b/csv-upload');
    await waitForHeading(page, 'Upload a CSV file');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Upload and submit' }).click();
    await expectRefusal(page, 'Select a file', 'Select a CSV file', 'no file');

    const cases: Array<[string, ReturnType<typeof csvFile>, string, string]> = [
      [
        'wrong organisation code',
        csvFile(batchFilename('RB2002'), batchCsv([batchRow()])),
        'The file name does not match your organisation',
        'The file name must include your registered body code RB1001',
      ],
      [
        'bad name',
        csvFile('applications.csv', batchCsv([batchRow()])),
        'The file name is not in the right format',
        'The file name must be your registered body code, an underscore, the date as 8 digits, an underscore, the time as 6 digits and .csv, like RB1001_20261123_101500.csv',
      ],
      [
        'more than 100 rows',
        csvFile(batchFilename(), batchCsv(Array.from({ length: 101 }, () => batchRow()))),
        'The file has too many applications',
        'The selected file must have 100 applications or fewer',
      ],
      [
        'header only',
        csvFile(batchFilename(), `${batchCsv([])}\n`),
        'The file is empty',
        'The selected file is empty: it needs a header row and at least one application',
      ],
      [
        'over 500 KB',
        csvFile(batchFilename(), batchCsv([batchRow()]) + '\n'.repeat(520 * 1024)),
        'The file is too big',
        'The selected file must be smaller than 500 KB',
      ],
      [
        'infected',
        csvFile(batchFilename(), `${batchCsv([batchRow()])}\n${EICAR}\n`),
        'The file contains a virus',
        'The selected file contains a virus and has not been uploaded',
      ],
      [
        'not UTF-8',
        csvFile(batchFilename(), Buffer.from(batchCsv([batchRow({ town: 'Montr\u00e9al' })]), 'latin1')),
        'The file is not a CSV file in the template format',
        'The selected file must be a CSV file saved as UTF-8 text with the template\u2019s header row',
      ],
    ];
    for (const [label, file, heading, message] of cases) {
      await uploadFile(page, file);
      await expectRefusal(page, heading, message, label);
    }
    // Another header: the missing columns named, in words (issue 29, item 15).
    await uploadFile(page, csvFile(batchFilename(), 'name,town\nAlex,Leith\n'));
    const summary = page.locator('.govuk-error-summary');
    await expect
      .poll(() => summary.getByRole('heading').textContent(), { timeout: 60_000 })
      .toBe('The file\u2019s header row is missing columns');
    await expect.poll(() => summary.locator('a').textContent()).toMatch(/Last name \(lastName\)/);
    expect(await summary.locator('a').textContent()).not.toMatch(/Town or city/);
    await expectAccessible(page, 'missing columns refused');
  });

  it('offers the template and the guidance', async () => {
    await page.goto('/b2b/csv-upload');
    await waitForHeading(page, 'Upload a CSV file');
    await page.getByRole('link', { name: 'Read the guidance on the CSV file' }).click();
    await waitForHeading(page, 'How to fill in the CSV file');
    await expectAccessible(page, 'guidance');
    const href = await page.getByRole('link', { name: 'Download the CSV template' }).getAttribute('href');
    const template = await page.request.get(href!);
    expect((await template.text()).split('\n')[0]).toMatch(/^applicationType,firstName,/);
  });

  it('uploads with the keyboard alone', async () => {
    const { page: kb } = await newPage(browser);
    await signInNewCountersignatory(kb);
    // Listening for the file chooser before the page is loaded: Playwright turns on the browser's interception of
    // the chooser without waiting for it, so a listener added just before the key press can lose the race to it.
    const choosing = kb.waitForEvent('filechooser', { timeout: 300_000 });
    choosing.catch(() => undefined); // awaited below; a test that fails before then leaves no stray rejection
    await kb.goto('/b2b/csv-upload');
    await waitForHeading(kb, 'Upload a CSV file');
    await tabTo(kb, (f) => f.tag === 'input' && f.type === 'file');
    await kb.keyboard.press('Space');
    const chooser = await choosing;
    await chooser.setFiles(csvFile(batchFilename(), batchCsv([batchRow(), batchRow()])));
    await tabTo(kb, (f) => f.type === 'checkbox');
    await kb.keyboard.press('Space');
    await tabTo(kb, (f) => f.text === 'Upload and submit');
    await kb.keyboard.press('Enter');
    await kb.waitForURL((url) => url.pathname === '/b2b/csv-upload-results', { timeout: 60_000 });
    await expect.poll(() => liveStatus(kb), { timeout: 60_000 }).toContain('Processed');
    await expectAccessible(kb, 'processed by keyboard');
    await kb.context().close();
  });
});

describe('the lead countersignatory', () => {
  it('reports corrected organisation details; another countersignatory cannot', async () => {
    const { page } = await newPage(browser);
    await signInCountersignatory(page, 'lead-csg');
    await page.goto('/countersignatory-details');
    await waitForHeading(page, 'Organisation details');
    await page.getByRole('button', { name: 'Send corrected details' }).click();
    await expect.poll(() => page.title()).toMatch(/^Error: /);
    await expectAccessible(page, 'report with errors');
    await page.getByLabel('Organisation name').fill('Northfield Community Care');
    await page.getByLabel('Address line 1').fill('14 Harbour Road');
    await page.getByLabel('Town or city').fill('Leith');
    await page.getByLabel('Postcode').fill('EH6 6AB');
    await page.getByLabel('Main phone number').fill('0131 496 0001');
    await page.getByLabel('Email address').fill('office@northfield.example.org');
    await page.getByRole('button', { name: 'Send corrected details' }).click();
    await expect
      .poll(() => page.getByText('Corrected details sent').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page, 'report sent');
    const sent = await emailsTo(page, 'registrations@disclosure-body.example.gov.uk');
    expect(sent[0]?.body).toContain('Main phone number: 01314960001');
    await page.context().close();

    const other = (await newPage(browser)).page;
    await signInNewCountersignatory(other);
    await other.goto('/countersignatory-details');
    await waitForHeading(other, 'Organisation details');
    await expect.poll(() => other.getByText('ask your lead countersignatory').count()).toBe(1);
    expect(await other.getByRole('button', { name: 'Send corrected details' }).count()).toBe(0);
    const api = await other.request.get('/api/organisation/RB1001/detail-corrections');
    expect(api.status()).toBe(404);
    await other.context().close();
  });
});

describe('without the batch feature', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ FEATURE_B2B_BATCH_UPLOAD: 'false' });
    useServer(server.baseUrl);
  });
  afterAll(async () => {
    useServer(undefined);
    await server.stop();
  });

  it('has no upload button and the pages are not found', async () => {
    const { page } = await newPage(browser);
    await signInNewCountersignatory(page);
    await waitForHeading(page, 'Applications');
    expect(await uploadButton(page).count()).toBe(0);
    await page.goto('/b2b/csv-upload');
    await waitForHeading(page, 'Page not found');
    await expectAccessible(page, 'upload page without the feature');
    await page.context().close();
  });
});
