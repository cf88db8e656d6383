import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from '../support/browser';
import {
  atStep,
  dashboardRowsFor,
  declareAndSend,
  emailsTo,
  expectConfirmation,
  newApplicant,
  onCardPage,
  referenceOnReview,
  signInNewCountersignatory,
  startJourney,
  waitForHeading,
  walkToCheckYourAnswers,
  type Applicant,
  type OrganisationJourneyId,
} from '../support/organisation';

// In the browser: a declined card payment and its retry, a cancelled payment, and what the
// dashboard shows for each (spec section 4: payment outcomes and the PAYMENT_FAILED row routing).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** The payment failure page: nothing submitted, "Try again" and a way back to the applications. */
async function expectPaymentFailure(page: Page, journey: OrganisationJourneyId): Promise<void> {
  await atStep(page, journey, 'payment/error', 'payment failure');
  const text = (await page.locator('main').textContent()) ?? '';
  // It explains the payment and the retry, without saying the accepted application was not sent.
  expect(text).toContain('no money has been taken');
  expect(text).toContain('will be sent to the applicant as soon as the payment goes through');
  expect(text).toContain('select Try again');
  expect(text).not.toContain('not been sent');
  expect(
    await page
      .getByRole('button', { name: 'Try again' })
      .or(page.getByRole('link', { name: 'Try again' }))
      .count(),
  ).toBe(1);
}

/** The row of the application on the dashboard: its tag text and colour. */
async function dashboardTag(page: Page, applicant: Applicant) {
  const rows = await dashboardRowsFor(page, applicant);
  await expect.poll(() => rows.count()).toBe(1);
  const tag = rows.first().locator('.govuk-tag');
  return {
    row: rows.first(),
    text: (await tag.textContent())?.trim(),
    colour: await tag.getAttribute('class'),
  };
}

async function toCardPage(page: Page, journey: OrganisationJourneyId, applicant: Applicant): Promise<string> {
  await startJourney(page, journey);
  await walkToCheckYourAnswers(page, journey, { applicant, payment: { by: 'card' } });
  const reference = await referenceOnReview(page);
  await declareAndSend(page, journey, { by: 'card' });
  return reference;
}

describe('card payments', () => {
  it('a declined card goes to the failure page; "Try again" repeats the card payment, which then succeeds', async () => {
    const journey: OrganisationJourneyId = 'level-1';
    const applicant = newApplicant('Ida');
    const { context, page } = await newPage(browser);
    await signInNewCountersignatory(page, 'A');
    const reference = await toCardPage(page, journey, applicant);

    await onCardPage(page, 'Decline payment');
    await expectPaymentFailure(page, journey);
    const failedAt = page.url();
    expect(await emailsTo(page, applicant.email)).toEqual([]);

    await page
      .getByRole('button', { name: 'Try again' })
      .or(page.getByRole('link', { name: 'Try again' }))
      .click();
    // A new card payment, on the provider's page again; this time it goes through.
    await onCardPage(page, 'Confirm payment');
    await expectConfirmation(page, journey, reference, applicant);
    expect(await emailsTo(page, applicant.email)).toHaveLength(1);

    // The failure page of the finished application now has nothing to retry: the dashboard shows it
    // with the applicant.
    const { text, colour } = await dashboardTag(page, applicant);
    expect(text).toBe('With applicant');
    expect(colour).toContain('govuk-tag--grey');
    expect(failedAt).toMatch(/payment\/error/);
    await context.close();
  });

  it('a cancelled payment lands on the failure page, nothing is submitted, and the dashboard shows it as failed', async () => {
    const journey: OrganisationJourneyId = 'level-2';
    const applicant = newApplicant('Jo');
    const { context, page } = await newPage(browser);
    await signInNewCountersignatory(page, 'A');
    const reference = await toCardPage(page, journey, applicant);

    await onCardPage(page, 'Cancel payment');
    await expectPaymentFailure(page, journey);
    expect(await emailsTo(page, applicant.email)).toEqual([]);

    // "Payment failed" in red, routing to the applicant-payment-failed page.
    const { row, text, colour } = await dashboardTag(page, applicant);
    expect(text).toBe('Payment failed');
    expect(colour).toContain('govuk-tag--red');
    await row.getByRole('link', { name: reference }).click();
    await page.waitForURL((url) => url.pathname === '/applicant-payment-failed');
    await waitForHeading(page, "The applicant's payment was not successful");
    await expectAccessible(page, 'applicant payment failed');

    // Still nothing sent to the applicant, and the application is not with them.
    expect(await emailsTo(page, applicant.email)).toEqual([]);
    await context.close();
  });
});
