/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { BULK_APPLICATIONS_PATH } from '@dis/domain/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  handoverLink,
  personalDetailsPayload,
  signInAsNewApplicantByRequest,
  type ApplicantPerson,
} from './applicant';
import { batchCsv, batchFilename, batchRow } from './batches';
import { baseUrl, callApi, expectStandInAccessible, newPage } from './browser';

export { callApi };
import { newApplicant, signInNewCountersignatory, waitForHeading, type Applicant } from './organisation';

// Set-up for the results specs, driven through the API where the pages are not under test: an
// organisation hands an application over and the applicant submits it, each signed in through the local
// identity provider's round trip made as requests (signInByRequest; the sign-in pages are walked in the
// personas, shell, session and keyboard specs). Then the local casework page issues the result.

export interface Person {
  context: BrowserContext;
  page: Page;
}

export interface SubmittedApplication {
  /** The countersignatory who signed it (organisation A unless told), signed in, today's declaration signed. */
  org: Person;
  applicant: Person;
  person: ApplicantPerson;
  orgApplicant: Applicant;
  reference: string;
  /** The applicant's application token (the /submitted/{token} page). */
  token: string;
}

/**
 * A Level 2 application an organisation started (paid by invoice) and its applicant completed and
 * submitted, so the casework page can issue a result for it.
 */
export async function submittedApplication(
  browser: Browser,
  { organisation = 'A' as 'A' | 'B', landsOn = '/csg/dashboard' } = {},
): Promise<SubmittedApplication> {
  const org = await newPage(browser);
  await signInNewCountersignatory(org.page, organisation, 'CSG', landsOn);
  const orgApplicant = newApplicant('Robin');
  const { draftApplicationToken, applicationReference } = await callApi<{
    draftApplicationToken: string;
    applicationReference: string;
  }>(org.page, 'POST', '/api/draftApplications', { applicationType: 'LB' });
  const draft = `/api/draftApplications/${draftApplicationToken}`;
  await callApi(org.page, 'PUT', `${draft}/countersignatory`, {
    confirmRoleQualifies: true,
    roleDetails: { position: 'Support worker' },
    confirmationOfIdentity: true,
    applicantName: { forename: orgApplicant.firstName, surname: orgApplicant.lastName },
    applicantDateOfBirth: {
      day: Number(orgApplicant.dateOfBirth.day),
      month: Number(orgApplicant.dateOfBirth.month),
      year: Number(orgApplicant.dateOfBirth.year),
    },
    applicantEmail: orgApplicant.email,
    applicantCurrentAddress: {
      line1: '1 Harbour Wynd',
      town: 'Edinburgh',
      postcode: 'EH6 6AA',
      country: 'GB',
    },
    csgAnotherOrganisation: { isCsgForAnotherOrganisation: false },
    whoWillPay: 'Organisation',
    onlinePaymentType: 'INVOICE',
  });
  await callApi(org.page, 'POST', `${draft}/submitted`, { agreed: true });
  await callApi(org.page, 'PUT', `${draft}/complete`, {});

  const { applicant, person, token } = await applicantCompletes(browser, org.page, orgApplicant.email);
  return { org, applicant, person, orgApplicant, reference: applicationReference, token };
}

/**
 * A B2B result (a CSV batch row, so its share is the recipient-details route): the organisation uploads and submits
 * a batch of one through the API, the applicant opens the hand-over email, completes and submits, and casework
 * issues the result through its API. The applicant is signed in (their page open where it was).
 */
export async function b2bResult(browser: Browser) {
  const org = await newPage(browser);
  await signInNewCountersignatory(org.page, 'A', 'CSG', '/csg/dashboard');
  const person = newApplicant('Robin');
  const csv = batchCsv([
    batchRow({
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      dateOfBirth: '14/03/1990',
    }),
  ]);
  const uploaded = await org.page.request.post(BULK_APPLICATIONS_PATH, {
    headers: { origin: baseUrl(), 'x-requested-with': 'XMLHttpRequest' },
    multipart: { file: { name: batchFilename(), mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  // The upload submits the batch (spec 01 sections 3 and 4): it is processed without another call.
  const { id } = (await uploaded.json()) as { id: string };
  let reference = '';
  await expect
    .poll(
      async () => {
        const batch = await callApi<{ applicationSummaries: Array<{ applicationReference: string | null }> }>(
          org.page,
          'GET',
          `${BULK_APPLICATIONS_PATH}/${id}`,
        );
        reference = batch.applicationSummaries[0]?.applicationReference ?? '';
        return reference;
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();

  const { applicant, person: me } = await applicantCompletes(browser, org.page, person.email);
  const resultId = await issueResultByApi(org.page, reference, 'level-2-cautions');
  return { applicant, person: me, reference, resultId };
}

/**
 * The applicant opens the hand-over email the organisation sent to `email`, signs in as the person it entered,
 * answers their part of the journey and submits it, all through the API.
 */
export async function applicantCompletes(browser: Browser, org: Page, email: string) {
  const applicant = await newPage(browser);
  const { landed, ...person } = await signInAsNewApplicantByRequest(applicant.page, {
    start: await handoverLink(org, email),
  });
  // What the hand-over page (/application-redirect) does: link the application to the person signed in.
  const uuid = new URL(landed, baseUrl()).searchParams.get('uuid');
  const link = await callApi<{ status: string; draftApplicationToken?: string }>(
    applicant.page,
    'POST',
    '/api/draftApplications/link/applicant',
    { uuid },
  );
  expect(link.status).toBe('READY_TO_START');
  const token = link.draftApplicationToken ?? '';
  const now = new Date();
  await callApi(applicant.page, 'PUT', `/api/draftApplications/${token}/applicant`, {
    ...personalDetailsPayload(person, email, { month: 1, year: now.getUTCFullYear() - 6 }),
  });
  await callApi(applicant.page, 'POST', `/api/draftApplications/${token}/submitted`, { agreed: true });
  return { applicant, person, token };
}

export const PRESET_LABELS = {
  'clear-basic': 'Clear Basic disclosure',
  'level-2-convictions': 'Level 2 with convictions, one appealable by a sheriff',
  'level-2-cautions': 'Level 2 with cautions, other relevant information and a prescribed court order',
  'pvg-review-eligible': 'PVG scheme record, review-eligible',
  'pvg-under-consideration': 'PVG scheme record, under consideration',
  barred: 'Barred from regulated work',
} as const;
export type Preset = keyof typeof PRESET_LABELS;

/** The local casework page, checked with axe (once per spec file). */
export async function openCasework(page: Page): Promise<void> {
  await page.goto('/local/casework');
  await waitForHeading(page, 'Casework');
  await expectStandInAccessible(page, 'local casework page');
}

/** The applicant's dashboard row for a reference. */
export async function dashboardRow(page: Page, reference: string) {
  await page.goto('/applicant/dashboard');
  await waitForHeading(page, 'Your applications');
  // The applications table (the results summary below it lists the reference too once a result is issued).
  const row = page
    .getByRole('table', { name: 'Your applications' })
    .locator('tbody tr')
    .filter({ hasText: reference });
  await expect.poll(() => row.count(), { timeout: 60_000 }).toBe(1);
  return row;
}

/** The text of the summary-list value for a key on the page. */
export async function summaryValue(page: Page, key: string): Promise<string> {
  const row = page.locator('.govuk-summary-list__row').filter({
    has: page.locator('.govuk-summary-list__key', { hasText: new RegExp(`^\\s*${key}\\s*$`) }),
  });
  return ((await row.first().locator('.govuk-summary-list__value').innerText()) ?? '').trim();
}

/** The cells of a captioned table, row by row. */
export async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: caption });
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => (cell as HTMLElement).innerText.trim()),
      ),
    );
}

/** A date `days` after today as the GOV.UK date input takes it. */
export function daysFromToday(days: number): { day: string; month: string; year: string; iso: string } {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return {
    day: String(date.getUTCDate()),
    month: String(date.getUTCMonth() + 1),
    year: String(date.getUTCFullYear()),
    iso: date.toISOString().slice(0, 10),
  };
}

/** "17 December 2026" for a YYYY-MM-DD date, as the pages show dates. */
export function longDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: '2-digit',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * Issues a result from a preset on the local casework page, as a caseworker would (with a scheduled pending
 * release date when given), and waits for the page to confirm it.
 */
export async function issueResult(
  page: Page,
  reference: string,
  preset: Preset,
  scheduledPendingReleaseDate?: { day: string; month: string; year: string },
): Promise<void> {
  await openCasework(page);
  const row = page.locator('table tbody tr').filter({ hasText: reference });
  await row.getByRole('link', { name: `Issue result for application ${reference}` }).click();
  await page.waitForURL(/\/local\/casework\/applications\//);
  await waitForHeading(page, `Application ${reference}`);
  await expectStandInAccessible(page, 'local casework issue result form');
  await page
    .getByRole('group', { name: 'Result to issue' })
    .getByLabel(PRESET_LABELS[preset], { exact: true })
    .check();
  if (scheduledPendingReleaseDate) {
    const group = page.getByRole('group', { name: /Scheduled pending release date/ });
    await group.getByLabel('Day').fill(scheduledPendingReleaseDate.day);
    await group.getByLabel('Month').fill(scheduledPendingReleaseDate.month);
    await group.getByLabel('Year').fill(scheduledPendingReleaseDate.year);
  }
  await page.getByRole('button', { name: 'Issue result' }).click();
  await expect
    .poll(() => page.locator('.govuk-notification-banner').innerText(), { timeout: 60_000 })
    .toContain(reference);
  await expectStandInAccessible(page, 'local casework page after issuing');
}

/** The case-management system's bearer token on the local server: the development default of apps/api/src/config.ts. */
const CASEWORK_API_TOKEN = 'local-casework-token-not-for-production';

/**
 * Issues a result from a preset as the case-management system does, through the casework API (the same service call
 * as the local casework page's form), for set-up where that page is not under test: `issueResult` walks it, and
 * results-applicant.spec.ts and sharing-applicant.spec.ts show it. Returns the result's id.
 */
export async function issueResultByApi(
  page: Page,
  reference: string,
  preset: Preset,
  scheduledPendingReleaseDate?: { iso: string },
): Promise<string> {
  const response = await page.request.post(
    `/internal/casework/applications/${encodeURIComponent(reference)}/result`,
    {
      headers: { authorization: `Bearer ${CASEWORK_API_TOKEN}` },
      data: {
        preset,
        ...(scheduledPendingReleaseDate
          ? { scheduledPendingReleaseDate: scheduledPendingReleaseDate.iso }
          : {}),
      },
    },
  );
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { resultId: string }).resultId;
}

/** Gives the reason for a delay on the local casework page, which the applicant's tracker then shows. */
export async function addDelayReason(page: Page, reference: string, reason: string): Promise<void> {
  await openCasework(page);
  const row = page.locator('table tbody tr').filter({ hasText: reference });
  await row.getByRole('link', { name: `Issue result for application ${reference}` }).click();
  await waitForHeading(page, `Application ${reference}`);
  await page.getByLabel('Reason for the delay').fill(reason);
  await page.getByRole('button', { name: 'Save delay reason' }).click();
  await expect
    .poll(() => page.locator('.govuk-notification-banner').innerText(), { timeout: 60_000 })
    .toContain(`The reason for the delay of application ${reference} has been saved`);
}
