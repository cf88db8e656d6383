import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantConfirmation,
  applicantDashboard,
  applicantReference,
  atApplicantStep,
  chooseApplication,
  declareAndSubmit,
  expectErrorState,
  monthsAgo,
  payOnCardPage,
  signInAsNewApplicant,
  submitEmpty,
  walkApplicantToReview,
} from '../support/applicant';
import { expectAccessible, launchBrowser, newPage } from '../support/browser';
import { waitForHeading } from '../support/organisation';

// In the browser: the applicant-only Level 1 journey started from /select-application and paid by
// card: the unverified basic confirmation for a low-assurance applicant (with previous names added and
// removed, an address history of three addresses and its Change links, and the error state of each
// kind of step), and for a verified one a declined card, the payment-failed row and its retry,
// ending on the normal confirmation.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** /select-application: an empty Continue shows the error, then Level 1 opens the journey. */
async function startLevel1(page: Page, checkErrors: boolean): Promise<void> {
  await chooseApplication(page, 'Level 1', async () => {
    await expectAccessible(page, 'select application');
    if (checkErrors) {
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectErrorState(page, 'select application');
    }
  });
  await atApplicantStep(page, 'level-1', 'personal-information');
}

/** Steps whose empty submit is checked: one of each kind (tick, select and text, yes/no, date, radios, text, contact). */
const EMPTY_CHECKED = new Set([
  'personal-information',
  'name',
  'previous-name-check',
  'mothers-maiden-name',
  'date-of-birth',
  'gender',
  'place-of-birth',
  'nationality',
  'contact-details',
  'national-insurance-number',
  'passport-check',
  'driving-licence-check',
]);

const field = (page: Page, id: string) => page.locator(`#${id}`);

describe('the applicant-only Level 1 journey', () => {
  it('ends on the basic confirmation for an unverified applicant, with previous names and three addresses', async () => {
    const { page, context } = await newPage(browser);
    const person = await signInAsNewApplicant(page, { assuranceLevel: 'GPG45_LOW' });
    await startLevel1(page, true);

    const names = [
      { forename: 'Robin', surname: 'Birth' },
      { forename: 'Robyn', surname: 'Second' },
    ];
    const steps = await walkApplicantToReview(page, 'level-1', {
      person,
      previousNames: names,
      addresses: [
        { by: 'postcode', postcode: 'EH1 1AA', from: monthsAgo(20) },
        { by: 'postcode', postcode: 'IV1 1AA', from: monthsAgo(44) },
        {
          by: 'manual',
          line1: '7 Harbour Lane',
          town: 'Aberdeen',
          postcode: 'AB10 1AA',
          from: monthsAgo(12 * 9),
        },
      ],
      onStep: async (step) => {
        if (EMPTY_CHECKED.has(step)) await submitEmpty(page, `level-1 ${step}`);
        if (step === 'previous-name') {
          // Three names added, the middle one removed: the list closes up.
          await field(page, 'previousNames-0-forename').fill('Robin');
          await field(page, 'previousNames-0-surname').fill('Birth');
          await page.getByRole('button', { name: 'Add another name' }).click();
          await field(page, 'previousNames-1-forename').fill('Wrong');
          await field(page, 'previousNames-1-surname').fill('Entry');
          await page.getByRole('button', { name: 'Add another name' }).click();
          await field(page, 'previousNames-2-forename').fill('Robyn');
          await field(page, 'previousNames-2-surname').fill('Second');
          await expectAccessible(page, 'three previous names');
          await page.getByRole('button', { name: /Remove\s+Previous name 2/ }).click();
          await expect.poll(() => page.locator('[id$="-forename"]').count()).toBe(2);
          expect(await field(page, 'previousNames-1-forename').inputValue()).toBe('Robyn');
          // An empty name added is refused.
          await page.getByRole('button', { name: 'Add another name' }).click();
          await submitEmpty(page, 'level-1 previous-name');
          await page.getByRole('button', { name: /Remove\s+Previous name 3/ }).click();
          await expect.poll(() => page.locator('[id$="-forename"]').count()).toBe(2);
        }
        if (step === 'address/postcode/current') {
          await page.getByRole('button', { name: 'Find address' }).click();
          await expectErrorState(page, 'level-1 postcode lookup');
        }
        if (step === 'address-history-check') {
          const main = page.locator('main');
          const text = await main.innerText();
          expect(text).toContain('Current address');
          expect(text).toContain('Previous address 1');
          expect(text).toContain('Previous address 2');
          expect(text).toContain('7 Harbour Lane');
          const changes = main.getByRole('link', { name: /^Change/ });
          await expect.poll(() => changes.count()).toBe(3);
          // Each Change link opens its address, with the answer kept; Back returns to the check.
          await changes.nth(2).click();
          await page.waitForURL(/\/applicant-apply\/level-1\/address\/(postcode|manual)\/2/);
          await waitForHeading(page, 'What was your previous address?');
          await expectAccessible(page, 'changing previous address 2');
          await page.goBack();
          await atApplicantStep(page, 'level-1', 'address-history-check');
          await main
            .getByRole('link', { name: /^Change/ })
            .first()
            .click();
          await page.waitForURL(/\/applicant-apply\/level-1\/address\/(postcode|manual)\/current/);
          await waitForHeading(page, 'What is your current address?');
          await expectAccessible(page, 'changing the current address');
          await page.goBack();
          await atApplicantStep(page, 'level-1', 'address-history-check');
        }
      },
    });
    expect(steps).toEqual([
      'personal-information',
      'name',
      'previous-name-check',
      'previous-name',
      'mothers-maiden-name',
      'date-of-birth',
      'gender',
      'place-of-birth',
      'nationality',
      'address-history-intro',
      'address/postcode/current',
      'address/postcode/1',
      'address/manual/2',
      'address-history-check',
      'contact-details',
      'national-insurance-number',
      'passport-check',
      'driving-licence-check',
      'check-your-answers',
    ]);
    const review = await page.locator('main').innerText();
    expect(review).toContain('Robin Birth');
    expect(review).toContain('Robyn Second');
    expect(review).not.toContain('Wrong Entry');
    const reference = await applicantReference(page);

    await page.getByRole('button', { name: 'Continue' }).click();
    await atApplicantStep(page, 'level-1', 'declaration');
    await page.getByRole('button', { name: 'Pay and submit' }).click();
    await expectErrorState(page, 'level-1 declaration');
    await page.getByRole('checkbox', { name: 'I agree to the declaration' }).check();
    await page.getByRole('button', { name: 'Pay and submit' }).click();
    await payOnCardPage(page, 'Confirm payment');
    const text = await applicantConfirmation(page, 'level-1', 'basic-confirmation');
    expect(text).toContain(reference);
    expect(text).toContain('within 14 calendar days');
    expect(text).toContain('Proof of identity');
    expect(text).toContain('Proof of address');
    expect(text).toContain('Post your documents');
    // Its submitted page says until when the documents are awaited (issue 29 item 14, decision 0055).
    const token = new URL(page.url()).searchParams.get('token');
    await page.goto(`/submitted/${token}`);
    await waitForHeading(page, 'Your submitted application');
    const banner = page.locator('.govuk-notification-banner');
    await expect.poll(() => banner.count(), { timeout: 60_000 }).toBe(1);
    expect(await banner.innerText()).toContain('Send us proof of your identity and address');
    expect(await banner.innerText()).toMatch(/by \d{1,2} [A-Z][a-z]+ \d{4} at /);
    expect(await banner.innerText()).toContain('cancelled without a refund');
    await expectAccessible(page, 'submitted unverified level 1: identity documents awaited');
    await context.close();
  });

  it('declines a card, shows the failed payment on the dashboard, retries and ends on the normal confirmation for a verified applicant', async () => {
    const { page, context } = await newPage(browser);
    const person = await signInAsNewApplicant(page);
    await startLevel1(page, false);
    await walkApplicantToReview(page, 'level-1', { person });
    const reference = await applicantReference(page);
    await declareAndSubmit(page, 'level-1', 'Pay and submit');
    await payOnCardPage(page, 'Decline payment');
    await atApplicantStep(page, 'level-1', 'payment/error');

    // The dashboard row reads "Payment failed" in red and leads back to the failure page.
    const rows = await applicantDashboard(page);
    const row = rows.filter({ hasText: reference });
    await expect.poll(() => row.count()).toBe(1);
    const tag = row.locator('.govuk-tag');
    expect((await tag.innerText()).trim()).toBe('Payment failed');
    expect(await tag.getAttribute('class')).toContain('govuk-tag--red');
    await row.getByRole('link').first().click();
    await atApplicantStep(page, 'level-1', 'payment/error', 'payment failed from the dashboard');

    await page
      .getByRole('button', { name: 'Try again' })
      .or(page.getByRole('link', { name: 'Try again' }))
      .first()
      .click();
    await payOnCardPage(page, 'Confirm payment');
    const text = await applicantConfirmation(page, 'level-1', 'applicant-confirmation');
    expect(text).toContain(reference);
    expect(text).not.toContain('14 calendar days');

    const after = await applicantDashboard(page);
    expect((await after.filter({ hasText: reference }).locator('.govuk-tag').innerText()).trim()).toBe(
      'Submitted',
    );
    await context.close();
  });
});
