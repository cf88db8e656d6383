import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage } from '../support/browser';
import { waitForHeading } from '../support/organisation';
import { issueResultByApi, submittedApplication, tableRows } from '../support/results';
import { ownServerAndBrowser } from '../support/own-server';

// The applicant dashboard with the enhanced applicant dashboard switched off (decision 0052): applicants land on
// their results (the results summary and Basic disclosures), not on "Page not found", and the applications list
// is not there. This spec needs its own server for the flag; the flag-on dashboard is applicant-results-basic's.

const own = ownServerAndBrowser({ FEATURE_ENHANCED_DASHBOARD_APPLICANT: 'false' });

describe('the applicant dashboard with the enhanced dashboard off', () => {
  it('is the applicant’s results page, with and without script', async () => {
    const app = await submittedApplication(own.browser);
    await issueResultByApi(app.org.page, app.reference, 'level-2-cautions');

    const page = app.applicant.page;
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/applicant/dashboard', { timeout: 60_000 });
    await waitForHeading(page, 'Your results');
    await expect
      .poll(async () => (await tableRows(page, 'Results issued to you')).map((row) => row[0]), {
        timeout: 60_000,
      })
      .toEqual([app.reference]);
    expect(await page.getByRole('table', { name: 'Your applications' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Basic disclosures' }).count()).toBe(1);
    await expectAccessible(page, 'applicant results page (enhanced dashboard off)');
    // The menu's Applications item comes here too.
    await page
      .getByRole('navigation', { name: 'Account menu' })
      .getByRole('link', { name: 'Applications' })
      .click();
    await waitForHeading(page, 'Your results');

    const cookies = await app.applicant.context.cookies();
    const noScript = await newPage(own.browser, { javaScript: false });
    await noScript.context.addCookies(cookies);
    await noScript.page.goto('/applicant/dashboard');
    await waitForHeading(noScript.page, 'Your results');
    expect((await tableRows(noScript.page, 'Results issued to you')).map((row) => row[0])).toEqual([
      app.reference,
    ]);
    await expectAccessible(noScript.page, 'applicant results page without script');
    await noScript.context.close();
    await app.org.context.close();
    await app.applicant.context.close();
  });
});
