import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantConfirmation,
  applicantDashboard,
  applicantReference,
  declareAndSubmit,
  handoverLink,
  landingPageText,
  monthsAgo,
  pressStartNow,
  sendFromOrganisationByApi,
  signInAsNewApplicant,
  walkApplicantToReview,
} from '../support/applicant';
import { baseUrl, expectAccessible, launchBrowser, newPage } from '../support/browser';
import { dashboardRowsFor, waitForHeading } from '../support/organisation';

// In the browser: an organisation-started Level 2 application handed over by email, taken over by
// the applicant from the link in the local outbox, walked to confirmation, and then followed on both
// dashboards and the submitted page. The organisation sends it through the API: its pages, the Level 2 walk paid by
// invoice to its confirmation included, are walked in organisation-journeys.spec.ts.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

describe('an organisation-started Level 2 application', () => {
  it('is handed over, completed by the applicant and shows as submitted on both sides', async () => {
    const { org, applicant, reference } = await sendFromOrganisationByApi(browser, 'level-2', {
      payment: { by: 'invoice' },
      position: 'Support worker',
    });
    const link = await handoverLink(org.page, applicant.email);

    // Someone else who opens the link first is refused: the identity does not match what the organisation
    // entered, and the application stays for the person it was sent to.
    const stranger = await newPage(browser);
    await signInAsNewApplicant(stranger.page, { start: link, someoneElse: true });
    await stranger.page.waitForURL(/\/error\?code=matching_error/, { timeout: 60_000 });
    await waitForHeading(stranger.page, 'We could not match your details');
    await expectAccessible(stranger.page, 'link refused: details do not match');
    await stranger.context.close();

    // The applicant opens the link, signs in and lands on the landing page of the journey.
    const { page, context } = await newPage(browser);
    const person = await signInAsNewApplicant(page, { start: link });
    const landing = await landingPageText(page, 'level-2-csg', 'Support worker');
    const main = page.locator('main');
    expect(landing).toContain('Working for');
    expect(landing).toContain('Position');
    // Level 2 checks no barred list, so there is no 'Working with' row (see the barred journey).
    expect(landing).not.toContain('Working with');
    expect(landing).toContain('Paid by the organisation (invoice)');
    expect(landing).toContain('Before you start');
    expect(landing).toContain(reference);
    await expectAccessible(page, 'landing page');
    // The organisation pays, so this is level-2-csg: an address of the other Level 2 journey follows the server.
    await page.goto(page.url().replace('/level-2-csg/', '/level-2/'));
    await landingPageText(page, 'level-2-csg', 'Support worker');
    await pressStartNow(page);

    const steps = await walkApplicantToReview(page, 'level-2-csg', {
      person,
      addresses: [
        { by: 'postcode', postcode: 'EH6 6AA', from: monthsAgo(30) },
        {
          by: 'manual',
          line1: '3 Old Road',
          town: 'Glasgow',
          postcode: 'G1 1AA',
          from: monthsAgo(12 * 7),
        },
      ],
      niNumber: 'QQ123456C',
      passport: true,
      drivingLicence: true,
      email: applicant.email,
    });
    expect(steps).toEqual([
      'personal-information',
      'name',
      'previous-name-check',
      'mothers-maiden-name',
      'date-of-birth',
      'gender',
      'place-of-birth',
      'nationality',
      'address-history-intro',
      'address/postcode/current',
      'address/manual/1',
      'address-history-check',
      'contact-details',
      'national-insurance-number',
      'passport-check',
      'passport',
      'driving-licence-check',
      'driving-licence',
      'check-your-answers',
    ]);
    expect(await applicantReference(page)).toBe(reference);
    await declareAndSubmit(page, 'level-2-csg', 'Submit application');
    const text = await applicantConfirmation(page, 'level-2-csg', 'applicant-confirmation');
    expect(text).toContain(reference);

    // The dashboard shows it Submitted; its row opens the submitted page with what was sent.
    const rows = await applicantDashboard(page);
    const row = rows.filter({ hasText: reference });
    await expect.poll(() => row.count()).toBe(1);
    expect((await row.locator('.govuk-tag').innerText()).trim()).toBe('Submitted');
    await row.getByRole('link').first().click();
    await page.waitForURL(/\/submitted\/[^/]+$/, { timeout: 60_000 });
    await waitForHeading(page, 'Your submitted application');
    await expect.poll(() => main.innerText(), { timeout: 60_000 }).toContain(reference);
    const submitted = await main.innerText();
    expect(submitted).toContain('Level 2');
    expect(submitted).toContain(person.lastName);
    expect(submitted).toContain('QQ123456C');
    await expectAccessible(page, 'submitted page');
    await context.close();

    // The organisation's dashboard shows it as Submitted.
    const orgRows = await dashboardRowsFor(org.page, applicant);
    expect((await orgRows.first().locator('.govuk-tag').innerText()).trim()).toBe('Submitted');
    await org.context.close();
  });
});

// Document 2 section 8: a hand-over link whose application is missing (the hand-over answers 404
// 'ApplicationDetails.NotFound') shows application not found on its own page, not the generic error.
describe('a hand-over link whose application is missing', () => {
  const missingLink = () => `${baseUrl()}/oauth2/authorization/dis?uuid=${randomUUID()}`;
  const NOT_FOUND_TEXT = 'We could not find the application this link is for.';

  it('shows application not found', async () => {
    const { page, context } = await newPage(browser);
    await signInAsNewApplicant(page, { start: missingLink() });
    await page.waitForURL(/\/application-redirect\?uuid=/);
    await waitForHeading(page, 'Application not found');
    await expect.poll(() => page.locator('main').innerText()).toContain(NOT_FOUND_TEXT);
    await expect.poll(() => page.title()).toMatch(/^Application not found/);
    await expectAccessible(page, 'application not found');
    await context.close();
  });

  it('shows application not found without JavaScript (a 404 drawn by the server)', async () => {
    const { page, context } = await newPage(browser, { javaScript: false });
    await signInAsNewApplicant(page, { start: missingLink() });
    await page.waitForURL(/\/application-redirect\?uuid=/);
    await waitForHeading(page, 'Application not found');
    expect(await page.locator('main').innerText()).toContain(NOT_FOUND_TEXT);
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    expect((await page.reload())?.status()).toBe(404);
    await waitForHeading(page, 'Application not found');
    await expectAccessible(page, 'application not found without JavaScript');
    await context.close();
  });
});

// Issue 29 item 15: a person signed in who opens a second hand-over link (the same person, a second organisation
// request) lands on that application's landing page, never the launch page at /application-redirect?uuid=….
describe('a second hand-over link opened while signed in', () => {
  it('goes to the second application, still signed in', async () => {
    const first = await sendFromOrganisationByApi(browser, 'level-2', {
      payment: { by: 'invoice' },
      position: 'First post',
    });
    const second = await sendFromOrganisationByApi(browser, 'level-2', {
      payment: { by: 'invoice' },
      position: 'Second post',
      sameNameAs: first.applicant,
    });
    const firstLink = await handoverLink(first.org.page, first.applicant.email);
    const secondLink = await handoverLink(second.org.page, second.applicant.email);

    const { page, context } = await newPage(browser);
    await signInAsNewApplicant(page, { start: firstLink });
    expect(await landingPageText(page, 'level-2-csg', first.reference)).toContain('First post');
    // The page is live (its script running) when the second link is opened in the same tab.
    await page.goto(secondLink);
    const landing = await landingPageText(page, 'level-2-csg', second.reference);
    expect(landing).toContain('Second post');
    expect(await page.getByRole('button', { name: 'Continue to your identity account' }).count()).toBe(0);
    await expectAccessible(page, 'landing page of the second hand-over');
    // Still signed in: the dashboard lists both applications.
    const rows = await applicantDashboard(page);
    await expect.poll(() => rows.filter({ hasText: first.reference }).count()).toBe(1);
    await expect.poll(() => rows.filter({ hasText: second.reference }).count()).toBe(1);
    await context.close();
    await first.org.context.close();
    await second.org.context.close();
  });
});
