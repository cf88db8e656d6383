/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  expectAccessible,
  launchBrowser,
  launchButton,
  newFamilyName,
  newPage,
} from '../support/browser';
import {
  atStep,
  emailsTo,
  expectConfirmation,
  expectErrors,
  fullName,
  newApplicant,
  referenceOnReview,
  waitForHeading,
  walkToCheckYourAnswers,
} from '../support/organisation';
import { issueResultByApi, submittedApplication } from '../support/results';

// The organisation's side of the service with JavaScript switched off in the browser (issue 28): every page is
// the server's HTML, every form a native post (or a get for searches), every error in the GOV.UK error summary.
// A countersignatory signs in and signs the declaration, starts a Level 1 application paid by invoice, reaches the
// confirmation (the hand-over), searches and pages the dashboard; then reads a result released to the organisation
// from the results summary after confirming they are entitled to. axe runs on every page and every error state.

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { javaScript: false }));
});
afterAll(async () => browser.close());

/** The error state of a page without script: as `expectErrors`, but nothing can move the focus. */
const expectErrorsWithoutScript = (messages: string[], label: string) =>
  expectErrors(page, messages, `${label} without JavaScript`, { focus: false });

/** An application handed over through the API, as the journey's pages would (set-up for the paging). */
async function handOverThroughApi(on: Page, lastName: string): Promise<void> {
  const applicant = { ...newApplicant('Ari'), lastName };
  const { draftApplicationToken } = await callApi<{ draftApplicationToken: string }>(
    on,
    'POST',
    '/api/draftApplications',
    { applicationType: 'LB' },
  );
  const draft = `/api/draftApplications/${draftApplicationToken}`;
  await callApi(on, 'PUT', `${draft}/countersignatory`, {
    confirmRoleQualifies: true,
    roleDetails: { position: 'Support worker' },
    confirmationOfIdentity: true,
    applicantName: { forename: applicant.firstName, surname: applicant.lastName },
    applicantDateOfBirth: { day: 14, month: 3, year: 1990 },
    applicantEmail: applicant.email,
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
  await callApi(on, 'POST', `${draft}/submitted`, { agreed: true });
  await callApi(on, 'PUT', `${draft}/complete`, {});
}

/** Messages of the page's error summary. */
const summaryMessages = async () =>
  (await page.locator('.govuk-error-summary__list a').allInnerTexts()).map((text) => text.trim());

describe('a countersignatory without JavaScript', () => {
  it('signs in, is refused the declaration unticked, signs it and is taken where they were going', async () => {
    const familyName = newFamilyName();
    await page.goto('/');
    await expectAccessible(page, 'launch without JavaScript');
    await launchButton(page).click();
    await page.waitForURL(/\/local\/idp\/interaction\//);
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill(familyName);
    await page.getByLabel('Date of birth').fill('1988-05-17');
    await page.getByLabel('Role').selectOption('CSG');
    await page.getByLabel('Identity assurance level').selectOption('DS_VERIFIED');
    await page.getByLabel(/Organisation/).selectOption('A');
    await page.getByRole('button', { name: 'Sign in as custom persona' }).click();

    // A protected page sends a countersignatory without today's declaration there, with the way back.
    await page.waitForURL((url) => url.pathname === '/declaration');
    expect(new URL(page.url()).searchParams.get('from')).toMatch(/^\/(csg\/)?dashboard$/);
    await waitForHeading(page, 'Countersignatory declaration');
    await expectAccessible(page, 'declaration without JavaScript');
    await page.getByRole('button', { name: /continue|confirm/i }).click();
    await expectErrorsWithoutScript(await summaryMessages(), 'declaration');
    expect(await summaryMessages()).toHaveLength(1);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /continue|confirm/i }).click();
    await page.waitForURL((url) => url.pathname === '/csg/dashboard');
    await waitForHeading(page, 'Applications');
    await expectAccessible(page, 'dashboard without JavaScript');

    // The way back is only ever a page of this service.
    await page.goto('/declaration?from=//example.com/');
    await waitForHeading(page, 'Countersignatory declaration');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /continue|confirm/i }).click();
    await page.waitForURL((url) => url.pathname === '/csg/dashboard' && url.host !== 'example.com');
  });

  it('starts a Level 1 application, pays by invoice, reaches the confirmation and hands it over', async () => {
    await page.goto('/csg/dashboard');
    await page
      .getByRole('button', { name: 'Start new application' })
      .or(page.getByRole('link', { name: 'Start new application' }))
      .click();
    await page.waitForURL(/\/csg-apply\/select-application-type$/);
    await waitForHeading(page, 'What type of application do you want to start?');
    await expectAccessible(page, 'select application type without JavaScript');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrorsWithoutScript(await summaryMessages(), 'select application type');
    expect(await summaryMessages()).toHaveLength(1);
    await page.getByLabel('Level 1', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/csg-apply/level-1/role-details');
    expect(new URL(page.url()).searchParams.get('token')).toBeTruthy();

    // A question page refuses an empty answer and keeps nothing.
    await atStep(page, 'level-1', 'role-details');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expectErrorsWithoutScript(await summaryMessages(), 'role details');

    const applicant = newApplicant('Noa');
    await walkToCheckYourAnswers(page, 'level-1', {
      applicant,
      payment: { by: 'invoice' },
      address: 'manual',
    });
    const reference = await referenceOnReview(page);
    expect(reference).toMatch(/\S/);

    await page.getByRole('button', { name: 'Continue' }).click();
    await atStep(page, 'level-1', 'declaration');
    await page.getByRole('button', { name: 'Accept and send' }).click();
    await expectErrorsWithoutScript(['You must agree to the declaration to continue'], 'journey declaration');
    await page.getByRole('checkbox', { name: 'I agree to the declaration' }).check();
    await page.getByRole('button', { name: 'Accept and send' }).click();

    // The confirmation hands the application over: the applicant's email is sent.
    await expectConfirmation(page, 'level-1', reference, applicant);
    await expect.poll(async () => (await emailsTo(page, applicant.email)).length).toBe(1);
    // The feedback rating posts: a rating is needed, then the thanks.
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expectErrorsWithoutScript(await summaryMessages(), 'confirmation feedback');
    expect(await summaryMessages()).toHaveLength(1);
    await page.getByLabel('Very satisfied', { exact: true }).check();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.waitForURL((url) => url.searchParams.get('feedback') === 'sent');
    await waitForHeading(page, 'Application started');
    expect(await page.getByRole('heading', { name: 'Thank you for your feedback' }).count()).toBe(1);
    await expectAccessible(page, 'confirmation with the feedback thanks, without JavaScript');
    // Its address again changes nothing and sends nothing more.
    await page.reload();
    await expect.poll(() => page.locator('.govuk-panel').innerText()).toContain(reference);
    expect(await emailsTo(page, applicant.email)).toHaveLength(1);

    // On the dashboard, filtered to the applicant by the filter form (a get form).
    await page.goto('/csg/dashboard');
    await page.getByLabel('Applicant name').fill(fullName(applicant));
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/applicantName=/);
    const rows = page.locator('table tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(reference);
    await expectAccessible(page, 'dashboard filtered without JavaScript');
  });

  it('searches the dashboard with the filters’ own rules, and pages it by links', async () => {
    await page.goto('/csg/dashboard');
    await page.getByLabel('Applicant name').fill('R2D2');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/applicantName=R2D2/);
    await expectErrorsWithoutScript(await summaryMessages(), 'dashboard filters');
    expect(await summaryMessages()).toHaveLength(1);
    expect(await page.getByLabel('Applicant name').inputValue()).toBe('R2D2');

    // Two pages of ten: eleven applications handed over through the API, all of one family found by name (the
    // stand-in's countersignatories of an organisation share one register entry, so "Only mine" alone would also
    // find other spec files' applications on the shared server).
    const family = `Paging-${newFamilyName()}`;
    for (let i = 0; i < 11; i += 1) await handOverThroughApi(page, family);
    await page.goto('/csg/dashboard');
    await page.getByLabel('Only mine', { exact: true }).check();
    await page.getByLabel('Applicant name').fill(family);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/showOrganisationDisclosures=false/);
    await page.getByLabel('Applications per page').selectOption('10');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('pageSize') === '10');
    expect(new URL(page.url()).searchParams.get('applicantName')).toBe(family);
    expect(new URL(page.url()).searchParams.get('showOrganisationDisclosures')).toBe('false');
    expect(await page.locator('table tbody tr').count()).toBe(10);
    await expectAccessible(page, 'dashboard, first page of ten, without JavaScript');
    await page.getByRole('link', { name: /^Next/ }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(new URL(page.url()).searchParams.get('showOrganisationDisclosures')).toBe('false');
    expect(new URL(page.url()).searchParams.get('applicantName')).toBe(family);
    expect(await page.locator('table tbody tr').count()).toBe(1);
    await expectAccessible(page, 'dashboard, second page, without JavaScript');
  });

  it('finds a released result on the results summary, confirms entitlement and reads it', async () => {
    // Set-up with the API and a page with script (not under test here): a result released to organisation A.
    const app = await submittedApplication(browser);
    await issueResultByApi(app.org.page, app.reference, 'level-2-convictions');
    const { summaries } = await callApi<{ summaries: { reference: string; resultId?: string | null }[] }>(
      app.applicant.page,
      'GET',
      '/api/draftApplications/applicant-applications-summary',
    );
    const resultId = summaries.find((row) => row.reference === app.reference)?.resultId ?? '';
    expect(resultId).not.toBe('');
    await callApi(app.applicant.page, 'POST', `/api/results/${resultId}/release`, {});
    await app.applicant.context.close();
    await app.org.context.close();

    // The search panel: refused filters in the error summary, then the search by name (a get form).
    await page.goto('/results-summary');
    await waitForHeading(page, 'Results');
    await expectAccessible(page, 'results summary without JavaScript');
    await page.getByLabel('Applicant name').fill('R2D2');
    await page.getByLabel('Date of issue').fill('31/02/2026');
    await page.getByRole('button', { name: 'Search' }).click();
    await expectErrorsWithoutScript(await summaryMessages(), 'results summary filters');
    expect(await summaryMessages()).toHaveLength(2);
    await page.getByLabel('Applicant name').fill(fullName(app.orgApplicant));
    await page.getByLabel('Date of issue').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/applicantName=/);
    const row = page.locator('table tbody tr').filter({ hasText: app.reference });
    expect(await row.count()).toBe(1);
    await expectAccessible(page, 'results summary with the result, without JavaScript');

    // The view confirmation posts: an answer is needed, "yes" opens the result.
    await row.getByRole('link').click();
    await page.waitForURL(/\/view-result-confirmation\?resultId=/);
    await waitForHeading(page, 'Are you entitled to view this result?');
    await expectAccessible(page, 'view result confirmation without JavaScript');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrorsWithoutScript(
      ['Select yes if you want to view the result'],
      'view result confirmation',
    );
    await page.getByLabel('Yes', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/results/${resultId}`));
    await waitForHeading(page, new RegExp(app.orgApplicant.lastName));
    await expectAccessible(page, 'organisation result without JavaScript');
  });
});
