import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectStandInAccessible,
  launchBrowser,
  newFamilyName,
  newPage,
  signInByRequest,
  type CustomPersona,
} from '../support/browser';
import { isLink, tabTo, waitForHeading } from '../support/organisation';
import {
  issueResultByApi,
  longDate,
  submittedApplication,
  summaryValue,
  tableRows,
} from '../support/results';

// The applicant's own results summary (GET /api/applicant-results-summary) with the scheme membership number and
// the date of issue, their application's details (/application/{token}/{status}), and Basic disclosures
// registered by casework on its local page, shown with their Basic status and fee, with the two sign-in
// identifiers (appId, applicationType=basic) landing where decision 0052 says. Keyboard and no-script runs.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const emailOf = (person: CustomPersona) =>
  `${person.givenName}.${person.familyName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com';

async function registerBasic(page: Page, appId: string, person: CustomPersona): Promise<void> {
  await page.goto('/local/casework/basic');
  await waitForHeading(page, 'Basic disclosures');
  await expectStandInAccessible(page, 'local Basic casework page');
  await page.getByLabel('Application number').fill(appId);
  await page.getByLabel('Applicant’s email address').fill(emailOf(person));
  await page.getByLabel('Applicant’s date of birth').fill(person.birthdate);
  await page.getByRole('button', { name: 'Register Basic application' }).click();
  await expect
    .poll(() => page.locator('.govuk-notification-banner').innerText(), { timeout: 60_000 })
    .toContain(`Basic application ${appId} has been registered`);
  await expectStandInAccessible(page, 'local Basic casework page after registering');
}

async function moveBasic(page: Page, appId: string, action: string): Promise<void> {
  await page.goto('/local/casework/basic');
  await page.getByRole('button', { name: `${action} Basic application ${appId}` }).click();
  await expect
    .poll(() => page.locator('.govuk-notification-banner').innerText(), { timeout: 60_000 })
    .toContain(`The status of Basic application ${appId} has been changed`);
}

describe('the applicant’s results summary and application details', () => {
  it('lists the result with its membership number and date of issue, and opens the application’s details', async () => {
    const app = await submittedApplication(browser);
    const page = app.applicant.page;

    // The submitted application's page links to its details: with the keyboard, Tab to it and Enter.
    await page.goto('/applicant/dashboard');
    await waitForHeading(page, 'Your applications');
    await page
      .getByRole('table', { name: 'Your applications' })
      .getByRole('link', { name: app.reference })
      .click();
    await page.waitForURL((url) => url.pathname === `/submitted/${app.token}`);
    await waitForHeading(page, /.+/);
    await tabTo(page, isLink('View the application’s details'), { what: 'the details link' });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/application/${app.token}/submitted`);
    await waitForHeading(page, 'Application details');
    expect(await summaryValue(page, 'Application reference')).toBe(app.reference);
    expect(await summaryValue(page, 'Status')).toBe('Submitted');
    await expectAccessible(page, 'applicant application details');
    // The same page without JavaScript.
    const noScript = await newPage(browser, { javaScript: false });
    await noScript.context.addCookies(await app.applicant.context.cookies());
    await noScript.page.goto(`/submitted/${app.token}`);
    await noScript.page.getByRole('link', { name: 'View the application’s details' }).click();
    await waitForHeading(noScript.page, 'Application details');
    expect(await summaryValue(noScript.page, 'Application reference')).toBe(app.reference);
    await expectAccessible(noScript.page, 'applicant application details without script');
    await noScript.context.close();

    await issueResultByApi(page, app.reference, 'pvg-review-eligible');

    await page.goto('/applicant/dashboard');
    await waitForHeading(page, 'Your applications');
    await expect
      .poll(async () => (await tableRows(page, 'Results issued to you')).length, { timeout: 60_000 })
      .toBe(1);
    const [row] = await tableRows(page, 'Results issued to you');
    const today = new Date().toISOString().slice(0, 10);
    expect(row![0]).toBe(app.reference);
    expect(row![1]).toContain(app.person.lastName);
    expect(row![2]).toMatch(/^\d{16}$/);
    expect(row![3]).toBe(longDate(today));
    expect(row![4]).toBe('Result ready');
    expect(await page.getByRole('heading', { name: 'Basic disclosures' }).count()).toBe(1);
    await expectAccessible(page, 'applicant dashboard with results and Basic disclosures');

    // The result from the summary, with the keyboard.
    await page.goto('/applicant/dashboard');
    await waitForHeading(page, 'Your applications');
    await page.getByRole('table', { name: 'Results issued to you' }).waitFor();
    await tabTo(page, isLink(app.reference), { what: 'the application row' });
    await tabTo(page, isLink(app.reference), { what: 'the result row' });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => /^\/results\/[0-9a-f-]{36}/.test(url.pathname));

    // Someone else's application details are not found.
    const other = await newPage(browser);
    await signInByRequest(other.page, {
      givenName: 'Other',
      familyName: newFamilyName(),
      birthdate: '1980-01-01',
      role: 'APPLICANT',
    });
    await other.page.goto(`/application/${app.token}/submitted`);
    await waitForHeading(other.page, 'Page not found');
    await other.context.close();
    await app.org.context.close();
    await app.applicant.context.close();
  });
});

describe('Basic disclosures', () => {
  it('casework registers one, sign-in with appId opens it, the dashboard lists it with status and fee', async () => {
    const person: CustomPersona = {
      givenName: 'Basil',
      familyName: newFamilyName(),
      birthdate: '1983-09-14',
      role: 'APPLICANT_BASIC',
    };
    const appId = `BD-${Date.now().toString(36).toUpperCase()}`;
    const casework = (await newPage(browser)).page;
    await registerBasic(casework, appId, person);

    // The Basic service's link: sign-in with appId lands on that application.
    const applicant = await newPage(browser);
    const page = applicant.page;
    const landed = await signInByRequest(page, person, `/oauth2/authorization/dis?appId=${appId}`);
    expect(landed).toBe(`/basic-applications/${appId}`);
    await page.goto(landed);
    await waitForHeading(page, 'Basic disclosure application');
    expect(await summaryValue(page, 'Status')).toBe('Received');
    expect(await summaryValue(page, 'Fee')).toBe('£25');
    await expectAccessible(page, 'Basic application page');

    // Casework moves it on; the applicant sees each Basic status.
    await moveBasic(casework, appId, 'Mark as in progress');
    await page.reload();
    await waitForHeading(page, 'Basic disclosure application');
    expect(await summaryValue(page, 'Status')).toBe('In progress');

    // The basic sign-in lands on the dashboard's Basic disclosures.
    const again = await newPage(browser);
    const basicLanded = await signInByRequest(
      again.page,
      person,
      '/oauth2/authorization/dis?applicationType=basic',
    );
    expect(basicLanded).toBe('/applicant/dashboard');
    await again.page.goto('/applicant/dashboard#basic-applications');
    await waitForHeading(again.page, 'Your applications');
    await expect
      .poll(async () => await tableRows(again.page, 'Your Basic disclosure applications'), {
        timeout: 60_000,
      })
      .toEqual([[appId, longDate(new Date().toISOString().slice(0, 10)), '£25', 'In progress']]);
    await expectAccessible(again.page, 'applicant dashboard with a Basic disclosure');
    // With the keyboard to the Basic application.
    await tabTo(again.page, isLink(appId), { what: 'the Basic application' });
    await again.page.keyboard.press('Enter');
    await again.page.waitForURL((url) => url.pathname === `/basic-applications/${appId}`);
    await waitForHeading(again.page, 'Basic disclosure application');

    await moveBasic(casework, appId, 'Mark as completed');
    await again.page.reload();
    await waitForHeading(again.page, 'Basic disclosure application');
    expect(await summaryValue(again.page, 'Status')).toBe('Completed');

    // Without JavaScript: the dashboard and the Basic application's page are whole.
    const noScript = await newPage(browser, { javaScript: false });
    await signInByRequest(noScript.page, person);
    await noScript.page.goto('/applicant/dashboard');
    await waitForHeading(noScript.page, 'Your applications');
    expect(await tableRows(noScript.page, 'Your Basic disclosure applications')).toEqual([
      [appId, longDate(new Date().toISOString().slice(0, 10)), '£25', 'Completed'],
    ]);
    await expectAccessible(noScript.page, 'applicant dashboard without script');
    await noScript.page.getByRole('link', { name: appId }).click();
    await waitForHeading(noScript.page, 'Basic disclosure application');
    expect(await summaryValue(noScript.page, 'Status')).toBe('Completed');
    await expectAccessible(noScript.page, 'Basic application page without script');
    // Another person's Basic application is not found.
    const stranger = await newPage(browser, { javaScript: false });
    await signInByRequest(stranger.page, { ...person, familyName: newFamilyName() });
    await stranger.page.goto(`/basic-applications/${appId}`);
    await waitForHeading(stranger.page, 'Page not found');

    for (const context of [applicant.context, again.context, noScript.context, stranger.context])
      await context.close();
    await casework.context().close();
  });
});
