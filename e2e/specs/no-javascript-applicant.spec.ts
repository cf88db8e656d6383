import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantConfirmation,
  applicantReference,
  atApplicantStep,
  expectErrorState,
  handoverLink,
  landingPageText,
  monthsAgo,
  pressAndLeave,
  pressStartNow,
  save,
  sendFromOrganisationByApi,
  signInAsNewApplicant,
  submitEmpty,
  walkApplicantToReview,
} from '../support/applicant';
import { expectAccessible, launchBrowser, newPage } from '../support/browser';
import { waitForHeading } from '../support/organisation';

// Issue 28: the applicant's side with JavaScript switched off in the browser. Every page is the server's HTML and
// every form a native post: the hand-over link's Continue, the landing page, the question pages, "Find address" as
// a submit and the address chosen from the server's lookup, manual entry, the previous names' Add and Remove, the
// address history, check your answers, the declaration and the confirmation. The organisation's side is set up
// through the API (its pages are walked without JavaScript in no-javascript-organisation.spec.ts).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

describe('an applicant without JavaScript', () => {
  it('opens the hand-over link, completes a Level 2 application with its address history and submits it', async () => {
    const { org, applicant, reference } = await sendFromOrganisationByApi(browser, 'level-2', {
      payment: { by: 'invoice' },
      position: 'Support worker',
    });
    const link = await handoverLink(org.page, applicant.email);
    await org.context.close();

    const { page, context } = await newPage(browser, { javaScript: false });
    const person = await signInAsNewApplicant(page, { start: link });

    // Linking changes the application: the page asks for a Continue (a post), never links on a page load.
    await page.waitForURL(/\/application-redirect\?uuid=/);
    await waitForHeading(page, 'Finding your application');
    await expectAccessible(page, 'application redirect (Continue)');
    await pressAndLeave(page, 'Continue');

    const landing = await landingPageText(page, 'level-2-csg', 'Support worker');
    expect(landing).toContain(reference);
    expect(landing).toContain('Paid by the organisation (invoice)');
    await expectAccessible(page, 'landing page');
    await pressStartNow(page);

    const steps = await walkApplicantToReview(page, 'level-2-csg', {
      person,
      previousNames: [
        { forename: 'Robyn', surname: 'Earlier' },
        { forename: 'Rob', surname: 'Older' },
      ],
      addresses: [
        { by: 'postcode', postcode: 'EH6 6AA', from: monthsAgo(30) },
        { by: 'manual', line1: '3 Old Road', town: 'Glasgow', postcode: 'G1 1AA', from: monthsAgo(12 * 7) },
      ],
      niNumber: 'QQ123456C',
      passport: true,
      drivingLicence: false,
      email: applicant.email,
      onStep: async (step) => {
        if (step === 'name') await submitEmpty(page, 'name without JavaScript');
        if (step === 'previous-name') await previousNamesWithoutScript(page);
        if (step === 'address/postcode/current') await postcodeErrorsWithoutScript(page);
        if (step === 'address/manual/1') await submitEmpty(page, 'manual address without JavaScript');
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
      'address/manual/1',
      'address-history-check',
      'contact-details',
      'national-insurance-number',
      'passport-check',
      'passport',
      'driving-licence-check',
      'check-your-answers',
    ]);
    expect(await applicantReference(page)).toBe(reference);
    const review = await page.locator('main').innerText();
    for (const expected of ['Robyn', 'Earlier', 'Rob', 'Older', '3 Old Road', 'G1 1AA', 'EH6 6AA'])
      expect(review).toContain(expected);

    // The declaration: unticked is refused with the summary, then submitted; the organisation pays by invoice.
    await pressAndLeave(page, 'Continue');
    await atApplicantStep(page, 'level-2-csg', 'declaration');
    await page.getByRole('button', { name: 'Submit application' }).click();
    const declarationErrors = await expectErrorState(page, 'declaration without JavaScript');
    expect(declarationErrors).toHaveLength(1);
    await page.getByRole('checkbox', { name: 'I agree to the declaration' }).check();
    await page.getByRole('button', { name: 'Submit application' }).click();
    const confirmation = await applicantConfirmation(page, 'level-2-csg', 'applicant-confirmation');
    expect(confirmation).toContain(reference);
    await context.close();
  });

  it('starts a PVG confirmation of their own and names their regulatory body', async () => {
    const { page, context } = await newPage(browser, { javaScript: false });
    const person = await signInAsNewApplicant(page);
    // A journey the applicant starts: its start page's Start creates the draft, as a post.
    await page.goto('/applicant-apply/pvgcj/start');
    await waitForHeading(page, /.+/);
    await expectAccessible(page, 'pvgcj start');
    await pressAndLeave(page, 'Start now');

    const steps = await walkApplicantToReview(page, 'pvgcj', {
      person,
      regulatoryBodies: [{ name: 'General Dental Council', number: '123456' }],
      onStep: async (step) => {
        if (step !== 'regulatory-body') return;
        // Nothing ticked is refused against the list; a ticked body needs its number.
        await submitEmpty(page, 'regulatory bodies without JavaScript', { inline: true });
        await page.getByLabel('General Dental Council', { exact: true }).check();
        await save(page).click();
        const messages = await expectErrorState(page, 'regulatory body without its number');
        expect(messages).toHaveLength(1);
        expect(await page.getByLabel('General Dental Council', { exact: true }).isChecked()).toBe(true);
      },
    });
    expect(steps.at(-2)).toBe('regulatory-body');
    expect(steps.at(-1)).toBe('check-your-answers');
    await expect.poll(() => page.locator('main').innerText()).toContain('General Dental Council: 123456');
    await context.close();
  });
});

/**
 * previous-name without JavaScript: Save with an empty entry is refused, Add another name and Remove are posts
 * that bring the page back with the list changed (the walk then fills the names it plans).
 */
async function previousNamesWithoutScript(page: Page): Promise<void> {
  await submitEmpty(page, 'previous names without JavaScript');
  await page.getByRole('button', { name: 'Add another name' }).click();
  await expect.poll(() => page.locator('[id^="previousNames-"][id$="-forename"]').count()).toBe(2);
  await page.locator('#previousNames-1-forename').fill('Kept');
  await page.getByRole('button', { name: 'Add another name' }).click();
  await expect.poll(() => page.locator('[id^="previousNames-"][id$="-forename"]').count()).toBe(3);
  expect(await page.locator('#previousNames-1-forename').inputValue()).toBe('Kept');
  await expectAccessible(page, 'previous names: three entries');
  await page.getByRole('button', { name: 'Remove previous name 3' }).click();
  await expect.poll(() => page.locator('[id^="previousNames-"][id$="-forename"]').count()).toBe(2);
  await page.getByRole('button', { name: 'Remove previous name 2' }).click();
  await expect.poll(() => page.locator('[id^="previousNames-"][id$="-forename"]').count()).toBe(1);
}

/**
 * The postcode page without JavaScript: an invalid postcode is refused by the server against the field; a
 * valid one brings the page back with the addresses found; Save without choosing one is refused.
 */
async function postcodeErrorsWithoutScript(page: Page): Promise<void> {
  await page.getByLabel('Postcode').fill('not a postcode');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expectErrorState(page, 'postcode without JavaScript');
  await page.getByLabel('Postcode').fill('EH6 6AA');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect.poll(() => page.getByLabel('Select an address').count()).toBe(1);
  await expectAccessible(page, 'addresses found without JavaScript');
  await save(page).click();
  const messages = await expectErrorState(page, 'no address chosen without JavaScript');
  expect(messages).toContain('Select an address');
  // The addresses are still there to choose from.
  expect(await page.getByLabel('Select an address').count()).toBe(1);
}
