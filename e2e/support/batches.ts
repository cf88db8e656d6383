/// <reference lib="dom" />
import { BATCH_CSV_COLUMNS, BATCH_CSV_EXAMPLE_ROWS, type BatchCsvColumn } from '@dis/domain';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './browser';
import { waitForHeading } from './organisation';

// Page objects for the CSV batch pages.

export type BatchRow = Partial<Record<BatchCsvColumn, string>>;

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A ready Level 2 row for a made-up applicant nobody else uses. */
export function batchRow(overrides: BatchRow = {}): BatchRow {
  const suffix = letters(8);
  return {
    ...BATCH_CSV_EXAMPLE_ROWS[0],
    firstName: 'Bea',
    lastName: `Batch-${suffix}`,
    email: `bea.${suffix}@example.com`,
    ...overrides,
  };
}

export function batchCsv(rows: BatchRow[]): string {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [
    BATCH_CSV_COLUMNS.join(','),
    ...rows.map((r) => BATCH_CSV_COLUMNS.map((c) => cell(r[c] ?? '')).join(',')),
  ].join('\n');
}

/** A file name that has not been used yet, for organisation A unless told. */
export function batchFilename(code = 'RB1001'): string {
  const time = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return `${code}_${new Date().toISOString().slice(0, 10).replace(/-/g, '')}_${time}.csv`;
}

export const csvFile = (name: string, content: string | Buffer) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
});

/** The dashboard's "Upload a CSV file" (a link styled, and announced, as a button). */
export const uploadButton = (page: Page) =>
  page
    .getByRole('button', { name: 'Upload a CSV file' })
    .or(page.getByRole('link', { name: 'Upload a CSV file' }));

/** Opens the upload page from the dashboard's "Upload a CSV file" button. */
export async function openUploadPage(page: Page): Promise<void> {
  if (new URL(page.url()).pathname !== '/csg/dashboard') await page.goto('/csg/dashboard');
  await waitForHeading(page, 'Applications');
  await uploadButton(page).click();
  await page.waitForURL((url) => url.pathname === '/b2b/csv-upload');
  await waitForHeading(page, 'Upload a CSV file');
}

/** Chooses a file, makes the declaration and presses "Upload and submit" (the upload submits the file). */
export async function uploadFile(page: Page, file: ReturnType<typeof csvFile>): Promise<void> {
  await page.locator('#file').setInputFiles(file);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Upload and submit' }).click();
}

/** Chooses a file and presses "Check the file": its rows on the page, nothing stored. */
export async function checkFile(page: Page, file: ReturnType<typeof csvFile>): Promise<void> {
  await page.locator('#file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
}

/** A refusal: the error summary titled with the code's heading, the message in it and against the field. */
export async function expectRefusal(
  page: Page,
  heading: string,
  message: string,
  label: string,
): Promise<void> {
  await expect.poll(() => page.title(), { timeout: 60_000 }).toMatch(/^Error: /);
  const summary = page.locator('.govuk-error-summary');
  await expect.poll(() => summary.getByRole('heading').textContent(), { timeout: 60_000 }).toBe(heading);
  await expect.poll(() => summary.locator('a').allTextContents()).toEqual([message]);
  expect(
    (await page.locator('.govuk-error-message').textContent())?.replace(/^\s*Error:\s*/, '').trim(),
  ).toBe(message);
  expect(new URL(page.url()).pathname).toBe('/b2b/csv-upload');
  await expectAccessible(page, `${label} refused`);
}

/** The status the results page's live region announces. */
export const liveStatus = (page: Page) => page.locator('[role="status"][aria-live="polite"]').textContent();
