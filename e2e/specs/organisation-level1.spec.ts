import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage, radioLabels } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import {
  declareAndSend,
  expectConfirmation,
  JOURNEY_TYPES,
  newApplicant,
  referenceOnReview,
  signInCountersignatory,
  startJourney,
  waitForHeading,
  walkToCheckYourAnswers,
} from '../support/organisation';

// In the browser: the level-1 countersignatory (spec section 6) sees only Level 1, and only while
// the level-1 organisation feature is on; with it off the type page is not found and there is no start.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

async function onTypePage(page: Page): Promise<void> {
  await page.goto('/csg-apply/select-application-type');
  await waitForHeading(page, /What type of application do you want to start\?|Page not found/);
}

const startAction = (page: Page) =>
  page
    .getByRole('button', { name: 'Start new application' })
    .or(page.getByRole('link', { name: 'Start new application' }));

describe('level-1 countersignatory, level-1 feature on', () => {
  it('sees only Level 1, cannot open another journey, and completes a Level 1 application', async () => {
    const { context, page } = await newPage(browser);
    await signInCountersignatory(page, 'level1-csg');
    await onTypePage(page);
    expect(await radioLabels(page)).toEqual(['Level 1']);
    await expectAccessible(page, 'select application type, level 1 only');

    // Another journey by its address: not found.
    await page.goto('/csg-apply/level-2/confirm-role');
    await waitForHeading(page, 'Page not found');

    const applicant = newApplicant('Kit');
    await startJourney(page, 'level-1');
    await walkToCheckYourAnswers(page, 'level-1', { applicant, payment: { by: 'invoice' } });
    const reference = await referenceOnReview(page);
    await declareAndSend(page, 'level-1');
    await expectConfirmation(page, 'level-1', reference, applicant);
    await context.close();
  });
});

describe('level-1 organisation feature off', () => {
  let server: RunningServer;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    server = await startServer({ FEATURE_LEVEL1_ORGANISATION: 'false' });
  });
  afterAll(async () => {
    await context?.close();
    await server.stop();
  });

  async function pageOnServer(): Promise<Page> {
    await context?.close();
    context = await browser.newContext({
      baseURL: server.baseUrl,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    });
    return context.newPage();
  }

  it('the level-1 countersignatory gets not-found for the type page and no start on the dashboard', async () => {
    const page = await pageOnServer();
    await signInCountersignatory(page, 'level1-csg');
    await waitForHeading(page, 'Applications');
    await expect.poll(() => page.locator('main').textContent()).toMatch(/no applications|Reference/i);
    expect(await startAction(page).count()).toBe(0);
    await expectAccessible(page, 'dashboard without a start');
    await onTypePage(page);
    await waitForHeading(page, 'Page not found');
    await expectAccessible(page, 'select application type not found');
    await page.goto('/csg-apply/level-1/role-details');
    await waitForHeading(page, 'Page not found');
  });

  it('a full countersignatory is offered every type but Level 1', async () => {
    const page = await pageOnServer();
    await signInCountersignatory(page, 'csg');
    await waitForHeading(page, 'Applications');
    await expect.poll(() => startAction(page).count()).toBe(1);
    await onTypePage(page);
    expect(await radioLabels(page)).toEqual(
      (['level-2', 'level-2-barred', 'pvg-join', 'pvg-existing'] as const).map((id) => JOURNEY_TYPES[id]),
    );
    await expectAccessible(page, 'select application type without level 1');
  });
});
