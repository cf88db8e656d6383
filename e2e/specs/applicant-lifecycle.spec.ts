import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  applicantDashboard,
  handoverLink,
  landingPageText,
  sendFromOrganisationByApi,
  signInAsNewApplicant,
} from '../support/applicant';
import { expectAccessible, launchButton, newPage } from '../support/browser';
import {
  dashboardRowsFor,
  expectErrors,
  signInCountersignatory,
  waitForHeading,
} from '../support/organisation';
import { ownServerAndBrowser } from '../support/own-server';

// The end of an application's life, in the browser: a caseworker terminates one handed-over application on the
// local casework page, and the service clock is moved 15 days on so the others expire (one linked, one whose
// email link is opened only afterwards). The applicant's dashboard
// shows both, red, with their days left, and each row opens its page; the organisation's dashboard agrees.
// This spec moves the service's clock, so it runs on a server of its own, never the shared one.

const own = ownServerAndBrowser();

/** The row of a list (dashboard table or casework table) that shows this reference. */
const rowFor = (rows: Locator, reference: string) => rows.filter({ hasText: reference });

/** The status tag of a row: its text and whether it is red. */
async function tagOf(row: Locator): Promise<{ text: string; red: boolean }> {
  const tag = row.locator('.govuk-tag');
  return {
    text: (await tag.innerText()).trim(),
    red: ((await tag.getAttribute('class')) ?? '').includes('govuk-tag--red'),
  };
}

/** After the clock moved, the old session has timed out: sign in again from the launch page (same person). */
async function signInAgain(page: Page): Promise<void> {
  await page.goto('/');
  await launchButton(page).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/local/') && !url.pathname.startsWith('/oauth2/'),
    {
      timeout: 60_000,
    },
  );
}

describe('a terminated and an expired application', () => {
  it('show as Terminated and Expired on both dashboards and open their pages', async () => {
    // An organisation sends two Level 2 applications (two countersignatories, two emails), through the API: the
    // organisation's pages are walked in organisation-journeys.spec.ts.
    const first = await sendFromOrganisationByApi(own.browser, 'level-2', {
      payment: { by: 'invoice' },
      position: 'Support worker',
    });
    // To the same person (both links are opened by one applicant, whose identity must match).
    const second = await sendFromOrganisationByApi(own.browser, 'level-2', {
      payment: { by: 'invoice' },
      position: 'Care assistant',
      sameNameAs: first.applicant,
    });
    // A third is sent, but its applicant leaves the email unopened until after it has expired.
    const third = await sendFromOrganisationByApi(own.browser, 'level-2', {
      payment: { by: 'invoice' },
      position: 'Night support worker',
    });
    const unopenedLink = await handoverLink(third.org.page, third.applicant.email);
    await third.org.context.close();

    // One person opens both email links: each lands on its landing page and is linked to them.
    const applicant = await newPage(own.browser);
    const page = applicant.page;
    await signInAsNewApplicant(page, { start: await handoverLink(first.org.page, first.applicant.email) });
    expect(await landingPageText(page, 'level-2-csg', 'Support worker')).toContain(first.reference);
    await page.goto(await handoverLink(second.org.page, second.applicant.email));
    expect(await landingPageText(page, 'level-2-csg', 'Care assistant')).toContain(second.reference);
    await second.org.context.close();

    // A caseworker terminates the first on the local casework page.
    const casework = await newPage(own.browser);
    const local = casework.page;
    await local.goto('/local/casework');
    await waitForHeading(local, 'Casework');
    await expectAccessible(local, 'local casework page');
    const caseRows = local.locator('table tbody tr');
    for (const reference of [first.reference, second.reference]) {
      expect(await tagOf(rowFor(caseRows, reference))).toEqual({ text: 'With applicant', red: false });
    }
    await rowFor(caseRows, first.reference)
      .getByRole('button', { name: `Terminate application ${first.reference}` })
      .click();
    await local.waitForURL(/\/local\/casework\?terminated=/);
    await expect
      .poll(() => local.locator('.govuk-notification-banner').innerText())
      .toContain(`Application ${first.reference} has been terminated`);
    expect(await tagOf(rowFor(caseRows, first.reference))).toEqual({ text: 'Terminated', red: true });
    expect(await rowFor(caseRows, first.reference).getByRole('button').count()).toBe(0);
    await expectAccessible(local, 'local casework page after terminating');

    // The applicant's dashboard: a red Terminated tag saying when the row is removed (not a countdown); the row opens the terminated page.
    let rows = await applicantDashboard(page);
    let row = rowFor(rows, first.reference);
    await expect.poll(() => row.count()).toBe(1);
    expect(await tagOf(row)).toEqual({ text: 'Terminated', red: true });
    await expect.poll(() => row.innerText()).toMatch(/Removed in \d+ days?/);
    expect(await row.innerText()).not.toMatch(/days? left/);
    expect(await tagOf(rowFor(rows, second.reference))).toEqual({ text: 'Ready to start', red: false });
    await row.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === '/application-terminated', { timeout: 60_000 });
    await waitForHeading(page, 'This application has been stopped');
    await expectAccessible(page, 'application terminated page');

    // The organisation sees it terminated.
    const orgRows = await dashboardRowsFor(first.org.page, first.applicant);
    expect(await tagOf(orgRows.first())).toEqual({ text: 'Terminated', red: true });
    expect(await orgRows.first().innerText()).toMatch(/Removed in \d+ days?/);
    await first.org.context.close();

    // 15 days later (after a refused entry) the other application has expired.
    await local.goto('/local/clock');
    await waitForHeading(local, 'Service clock');
    await expectAccessible(local, 'local clock page');
    const days = local.getByLabel('How many days do you want to move the clock forward?');
    await days.fill('fifteen');
    await local.getByRole('button', { name: 'Move the clock forward' }).click();
    await expectErrors(local, ['The number of days must be a whole number, like 15'], 'local clock page');
    await days.fill('15');
    await local.getByRole('button', { name: 'Move the clock forward' }).click();
    await local.waitForURL(/\/local\/clock\?moved=15/);
    await expect
      .poll(() => local.locator('.govuk-notification-banner').innerText())
      .toContain('The clock has moved forward by 15 days');
    await expectAccessible(local, 'local clock page after moving');
    await local.goto('/local/casework');
    expect(await tagOf(rowFor(caseRows, second.reference))).toEqual({ text: 'Expired', red: true });
    await casework.context.close();

    // The applicant's session has timed out meanwhile: signed in again, the other row is Expired.
    await signInAgain(page);
    rows = await applicantDashboard(page);
    row = rowFor(rows, second.reference);
    await expect.poll(() => row.count()).toBe(1);
    expect(await tagOf(row)).toEqual({ text: 'Expired', red: true });
    await expect.poll(() => row.innerText()).toMatch(/Removed in \d+ days?/);
    expect(await row.innerText()).not.toMatch(/days? left/);
    expect(await tagOf(rowFor(rows, first.reference))).toEqual({ text: 'Terminated', red: true });
    await row.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === '/application-expired', { timeout: 60_000 });
    await waitForHeading(page, 'This application has expired');
    await expectAccessible(page, 'application expired page');
    await applicant.context.close();

    // The unopened email's link, 15 days on: the hand-over answers 410 and the applicant is told it has expired.
    const late = await newPage(own.browser);
    await signInAsNewApplicant(late.page, { start: unopenedLink });
    await late.page.waitForURL((url) => url.pathname === '/application-expired', { timeout: 60_000 });
    await waitForHeading(late.page, 'This application has expired');
    await expectAccessible(late.page, 'application expired page after a late link');
    await late.context.close();

    // The organisation (any countersignatory of organisation A) sees both.
    const org = await newPage(own.browser);
    await signInCountersignatory(org.page, 'csg');
    expect(await tagOf((await dashboardRowsFor(org.page, second.applicant)).first())).toEqual({
      text: 'Expired',
      red: true,
    });
    expect(await tagOf((await dashboardRowsFor(org.page, first.applicant)).first())).toEqual({
      text: 'Terminated',
      red: true,
    });
    await org.context.close();
  });
});
