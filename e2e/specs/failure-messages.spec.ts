import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atApplicantStep,
  chooseApplication,
  signInAsNewApplicantByRequest,
  walkApplicantToReview,
} from '../support/applicant';
import { expectAccessible, launchBrowser, newPage } from '../support/browser';
import {
  atStep,
  declareAndSend,
  newApplicant,
  signInNewCountersignatory,
  startJourney,
  waitForHeading,
  walkToCheckYourAnswers,
} from '../support/organisation';

// In the browser: the messages of spec 02 section 8 and spec 01 section 8 that a failing call shows, each made to
// happen by the call failing (the browser's own request answered 500 through Playwright's request routing, the
// seam browser-security.spec.ts uses): "changes not saved", the retrieval failures of the regulatory bodies,
// personal details, scheme membership and countersignatory details, the feedback failure and the declaration's
// apply error. Each page is reached by the app's own navigation (so its data is read by the browser, not drawn on
// the server) and checked with axe in its failed state.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** The browser's calls to `pattern` answer 500 with the API's problem shape until `restore` is called. */
async function failCalls(
  page: Page,
  pattern: string | RegExp,
  method?: string,
): Promise<() => Promise<void>> {
  const handler = async (route: Route) => {
    if (method && route.request().method() !== method) return route.fallback();
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ status: 500, backendCode: 'SERVICE_UNAVAILABLE', message: 'Injected failure' }),
    });
  };
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

/** Opens a page through the service's menu (a link in the page, so the browser reads the page's data). */
async function openFromMenu(page: Page, href: string): Promise<void> {
  await page.locator(`a.govuk-service-navigation__link[href="${href}"]`).click();
  await page.waitForURL((url) => url.pathname === href);
}

async function expectMessage(page: Page, text: string, what: string): Promise<void> {
  await expect.poll(() => page.locator('main').innerText(), { timeout: 60_000 }).toContain(text);
  await expectAccessible(page, what);
}

describe('messages shown when a call fails', () => {
  it('the applicant: personal details and scheme membership that cannot be read', async () => {
    const { context, page } = await newPage(browser);
    await signInAsNewApplicantByRequest(page);
    await page.goto('/applicant/dashboard');
    await waitForHeading(page, /applications/i);

    const restorePersonal = await failCalls(page, '**/api/personal-details/me');
    await openFromMenu(page, '/personal-details');
    await expectMessage(
      page,
      'There were problems retrieving your personal details. Try again later.',
      'personal details not read',
    );
    await restorePersonal();

    await failCalls(page, '**/api/scheme-membership-details/me');
    await openFromMenu(page, '/scheme-membership-details');
    await expectMessage(
      page,
      'We cannot show your scheme membership at the moment. Try again later.',
      'scheme membership not read',
    );
    await context.close();
  });

  it('the applicant journey: changes not saved, and the regulatory bodies that cannot be read', async () => {
    const { context, page } = await newPage(browser);
    const person = await signInAsNewApplicantByRequest(page);
    await chooseApplication(page, 'Confirmation of PVG scheme membership (join)');
    await walkApplicantToReview(page, 'pvgcj', { person, stopAt: 'regulatory-body-check' });
    await atApplicantStep(page, 'pvgcj', 'regulatory-body-check');

    // The save fails: the page says the changes were not saved, and stays.
    const restoreSave = await failCalls(page, /\/api\/draftApplications\/[^/]+\/applicant$/, 'PUT');
    await page.getByLabel('Yes', { exact: true }).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expectMessage(page, 'Your changes have not been saved. Try again.', 'changes not saved');
    expect(new URL(page.url()).pathname).toBe('/applicant-apply/pvgcj/regulatory-body-check');
    await restoreSave();

    // Saved, the next page cannot read the list of regulatory bodies.
    await failCalls(page, '**/api/draftApplications/regulatory-body');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname === '/applicant-apply/pvgcj/regulatory-body');
    await expectMessage(
      page,
      'We cannot show the list of regulatory bodies at the moment. Try again later.',
      'regulatory bodies not read',
    );
    await context.close();
  });

  it('the countersignatory: details that cannot be read, the declaration not applied, feedback not sent', async () => {
    const { context, page } = await newPage(browser);
    await signInNewCountersignatory(page, 'A');

    const restoreDetails = await failCalls(page, '**/api/countersignatories/**');
    await openFromMenu(page, '/countersignatory-details');
    await expectMessage(
      page,
      'There were problems retrieving your countersignatory details. Try again later.',
      'countersignatory details not read',
    );
    await restoreDetails();

    const journey = 'level-2';
    await startJourney(page, journey);
    await walkToCheckYourAnswers(page, journey, {
      applicant: newApplicant('Eve'),
      payment: { by: 'invoice' },
    });
    const restoreApply = await failCalls(page, /\/api\/draftApplications\/[^/]+\/submitted$/, 'POST');
    await declareAndSend(page, journey, { by: 'invoice' });
    await expectMessage(
      page,
      'Your declaration could not be submitted. Try again.',
      'declaration not applied',
    );
    await atStep(page, journey, 'declaration');
    await restoreApply();
    await page.getByRole('button', { name: 'Accept and send' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/confirmation'), { timeout: 60_000 });

    await failCalls(page, '**/api/feedback', 'POST');
    await page.getByLabel('Very satisfied').check();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expectMessage(
      page,
      'Sorry, your feedback could not be sent. Try again later.',
      'feedback not sent',
    );
    await context.close();
  });
});
