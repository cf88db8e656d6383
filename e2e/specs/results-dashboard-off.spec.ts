import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/browser';
import { waitForHeading } from '../support/organisation';
import { issueResultByApi, submittedApplication } from '../support/results';
import { ownServerAndBrowser } from '../support/own-server';

// Results with the organisations' enhanced dashboard switched off: a countersignatory lands on the results
// summary (after today's declaration), finds it in the menu as "Results", and the enhanced dashboard is not
// found. This spec needs its own server for the flag.

const own = ownServerAndBrowser({ FEATURE_ENHANCED_DASHBOARD_ORGANISATION: 'false' });

describe('results with the enhanced dashboard off', () => {
  it('the results summary is the dashboard, with a Results menu item', async () => {
    const app = await submittedApplication(own.browser, { landsOn: '/results-summary' });
    const org = app.org.page;
    await issueResultByApi(org, app.reference, 'level-2-cautions');

    await org.goto('/dashboard');
    await org.waitForURL((url) => url.pathname === '/results-summary', { timeout: 60_000 });
    await waitForHeading(org, 'Results');
    const menu = org.getByRole('navigation', { name: 'Account menu' });
    const results = menu.getByRole('link', { name: 'Results' });
    expect(await results.getAttribute('aria-current')).toBe('page');
    const row = org.locator('table tbody tr').filter({ hasText: app.reference });
    await expect.poll(() => row.locator('.govuk-tag').innerText(), { timeout: 60_000 }).toBe('Not viewed');
    await expectAccessible(org, 'results summary as the dashboard');

    await org.goto('/csg/dashboard');
    await waitForHeading(org, 'Page not found');
    await app.org.context.close();
    await app.applicant.context.close();
  });
});
