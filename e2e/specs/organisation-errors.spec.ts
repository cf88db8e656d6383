import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from '../support/browser';
import {
  atStep,
  expectErrors,
  fillApplicantDetails,
  findAddresses,
  newApplicant,
  saveAndContinue,
  saveAndLeave,
  signInNewCountersignatory,
  startJourney,
  waitForHeading,
  type OrganisationJourneyId,
} from '../support/organisation';

// In the browser: every error state of the organisation journey pages (spec section 5), each as a
// GOV.UK error summary with the title prefixed "Error: " and the messages inline, checked with axe.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const DOB_WORDING = {
  required: "Enter the applicant's date of birth",
  future: 'Date of birth must be in the past',
  invalid: 'Date of birth must be a real date',
  tooEarly: 'Date of birth must be on or after 1 January 1900',
};
const EMAIL_FORMAT = 'Enter email address in the correct format, like name@example.com';

// A second failed submission of a page: the error summary takes focus again, as on the first.
const RESUBMIT = { focus: true };

async function submitEmpty(page: Page, messages: string[], label: string): Promise<void> {
  await saveAndContinue(page).click();
  await expectErrors(page, messages, label);
}

/** A date of birth `years` years ago less a day: just too young for that age. */
function birthdayJustUnder(years: number): { day: string; month: string; year: string } {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() + 1);
  return {
    day: String(date.getDate()),
    month: String(date.getMonth() + 1),
    year: String(date.getFullYear()),
  };
}

async function setDateOfBirth(page: Page, date: { day: string; month: string; year: string }): Promise<void> {
  await page.getByLabel('Day').fill(date.day);
  await page.getByLabel('Month').fill(date.month);
  await page.getByLabel('Year').fill(date.year);
}

describe('organisation journey errors', () => {
  it('select-application-type needs a type', async () => {
    const { context, page } = await newPage(browser);
    await signInNewCountersignatory(page, 'A');
    await page.goto('/csg-apply/select-application-type');
    await waitForHeading(page, 'What type of application do you want to start?');
    await expectAccessible(page, 'select application type');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(page, ['Select the type of application'], 'select application type');
    await context.close();
  });

  it('level 2 with barred list check: every step refuses empty and bad answers', async () => {
    const journey: OrganisationJourneyId = 'level-2-barred';
    const { context, page } = await newPage(browser);
    await signInNewCountersignatory(page, 'A');
    await startJourney(page, journey);

    await atStep(page, journey, 'confirm-role');
    await submitEmpty(page, ['Confirm that the role qualifies for a level 2 disclosure'], 'confirm role');
    await page.getByRole('checkbox').check();
    await saveAndLeave(page);

    await atStep(page, journey, 'barred-list-check');
    await submitEmpty(page, ['Select who the applicant will be working with'], 'barred list check');
    await page.getByLabel('Children', { exact: true }).check();
    await saveAndLeave(page);

    await atStep(page, journey, 'role-details');
    await submitEmpty(page, ['Enter the position applied for'], 'role details');
    await page.getByLabel('Position applied for').fill('Care <assistant>');
    await saveAndContinue(page).click();
    await expectErrors(
      page,
      ["Position applied for must only include letters, numbers, spaces and ( ) . , ' / \\ : ; & + -"],
      'role details with a character not allowed',
      RESUBMIT,
    );
    await page.getByLabel('Position applied for').fill('x'.repeat(65));
    await saveAndContinue(page).click();
    await expectErrors(
      page,
      ['Position applied for must be 64 characters or less'],
      'role details too long',
      RESUBMIT,
    );
    await page.getByLabel('Position applied for').fill('Nursery nurse');
    await saveAndLeave(page);

    await atStep(page, journey, 'verify-applicant');
    await submitEmpty(page, ["Confirm that you have verified the applicant's identity"], 'verify applicant');
    await page.getByRole('checkbox').check();
    await saveAndLeave(page);

    await atStep(page, journey, 'applicant-details');
    await submitEmpty(
      page,
      [
        "Enter the applicant's first name",
        "Enter the applicant's last name",
        DOB_WORDING.required,
        "Enter the applicant's email address",
      ],
      'applicant details',
    );
    const applicant = newApplicant('Gil');
    await fillApplicantDetails(page, { ...applicant, firstName: 'Gil2', email: 'not-an-email' });
    await saveAndContinue(page).click();
    await expectErrors(
      page,
      [
        'First name must only include letters a to z, hyphens, spaces, apostrophes, full stops and commas',
        EMAIL_FORMAT,
      ],
      'applicant details with a bad name and email',
      RESUBMIT,
    );
    await page.getByLabel('First name').fill('Gil');
    await page.getByLabel("Applicant's email address").fill(applicant.email);
    await setDateOfBirth(page, birthdayJustUnder(12));
    await saveAndContinue(page).click();
    await expectErrors(page, ['The applicant must be at least 12 years old'], 'applicant under 12', RESUBMIT);
    await setDateOfBirth(page, { day: '31', month: '2', year: '1990' });
    await saveAndContinue(page).click();
    await expectErrors(page, [DOB_WORDING.invalid], 'date of birth not a real date', RESUBMIT);
    await setDateOfBirth(page, { day: '1', month: '1', year: String(new Date().getFullYear() + 1) });
    await saveAndContinue(page).click();
    await expectErrors(page, [DOB_WORDING.future], 'date of birth in the future', RESUBMIT);
    await setDateOfBirth(page, { day: '31', month: '12', year: '1899' });
    await saveAndContinue(page).click();
    await expectErrors(page, [DOB_WORDING.tooEarly], 'date of birth before 1900', RESUBMIT);
    await setDateOfBirth(page, { day: '14', month: '', year: '1990' });
    await saveAndContinue(page).click();
    await expectErrors(
      page,
      ['Date of birth must include a month'],
      'date of birth without a month',
      RESUBMIT,
    );
    // Twelve today is old enough for a level 2 disclosure.
    const twelve = new Date();
    twelve.setFullYear(twelve.getFullYear() - 12);
    await setDateOfBirth(page, {
      day: String(twelve.getDate()),
      month: String(twelve.getMonth() + 1),
      year: String(twelve.getFullYear()),
    });
    await saveAndLeave(page);

    // The postcode lookup: checked before the call, no addresses, the service down, no choice made.
    await atStep(page, journey, 'applicant-address/postcode');
    await page.getByRole('button', { name: 'Find address' }).click();
    await expectErrors(page, ['Enter a postcode'], 'postcode lookup empty');
    await page.getByLabel('Postcode').fill('NOT A POSTCODE');
    await page.getByRole('button', { name: 'Find address' }).click();
    await expectErrors(page, ['Enter a real postcode'], 'postcode lookup not a postcode', RESUBMIT);
    await page.getByLabel('Postcode').fill('AB1 0ZZ');
    await page.getByRole('button', { name: 'Find address' }).click();
    await expectErrors(
      page,
      ['No addresses found for AB1 0ZZ. Check the postcode or enter the address manually.'],
      'postcode with no addresses',
      RESUBMIT,
    );
    await page.getByLabel('Postcode').fill('ZZ99 9ZZ');
    await page.getByRole('button', { name: 'Find address' }).click();
    await expectErrors(
      page,
      ['Postcode results are unavailable at the moment. Enter the address manually.'],
      'postcode lookup unavailable',
      RESUBMIT,
    );
    await findAddresses(page, 'G1 1AA');
    await saveAndContinue(page).click();
    await expectErrors(page, ['Select an address'], 'no address selected');

    // Manual entry instead, with its own rules.
    await page.getByRole('link', { name: 'Enter the address manually' }).click();
    await atStep(page, journey, 'applicant-address/manual');
    expect(await page.getByLabel('Country').inputValue()).toBe('United Kingdom');
    await submitEmpty(
      page,
      ['Enter address line 1, typically the building and street', 'Enter town or city', 'Enter postcode'],
      'manual address',
    );
    await page.getByLabel('Address line 1').fill('1 High Street <b>');
    await page.getByLabel('Town or city').fill('Glasgow');
    await page.getByLabel('County (optional)').fill('x'.repeat(33));
    await page.getByLabel('Postcode').fill('G1 1AA');
    await saveAndContinue(page).click();
    await expectErrors(
      page,
      [
        "Address line 1 must only include letters, numbers, spaces and . , ' & ! - ( ) / \\",
        'County must be 32 characters or less',
      ],
      'manual address with bad lines',
      RESUBMIT,
    );
    await page.getByLabel('Address line 1').fill('1 High Street');
    await page.getByLabel('County (optional)').fill('');
    await saveAndLeave(page);

    await atStep(page, journey, 'choose-applying-on-behalf');
    await submitEmpty(
      page,
      ['Select yes if you are applying on behalf of another organisation'],
      'on behalf',
    );
    await page.getByLabel('Yes', { exact: true }).check();
    await saveAndLeave(page);

    await atStep(page, journey, 'applying-on-behalf-organisation');
    await submitEmpty(
      page,
      ['Enter the organisation name', "Enter the organisation's email address"],
      'other organisation',
    );
    await page.getByLabel('Organisation name').fill('Partner Trust');
    await page.getByLabel('Organisation email address').fill('partner@');
    await saveAndContinue(page).click();
    await expectErrors(page, [EMAIL_FORMAT], 'other organisation with a bad email', RESUBMIT);
    await page.getByLabel('Organisation email address').fill('partner@example.com');
    await saveAndLeave(page);

    await atStep(page, journey, 'choose-who-will-pay');
    await submitEmpty(page, ['Select who will pay for the application'], 'who will pay');
    await page.getByLabel('My organisation', { exact: true }).check();
    await saveAndLeave(page);

    await atStep(page, journey, 'select-payment-method');
    await submitEmpty(page, ['Select how you want to pay'], 'payment method');
    await page.getByLabel('Invoice', { exact: true }).check();
    await saveAndLeave(page);

    await atStep(page, journey, 'check-your-answers');
    await page.getByRole('button', { name: 'Continue' }).click();
    await atStep(page, journey, 'declaration');
    await page.getByRole('button', { name: 'Accept and send' }).click();
    await expectErrors(page, ['You must agree to the declaration to continue'], 'declaration');
    await context.close();
  });

  it('PVG join: workforces and volunteering are required and the applicant must be 16', async () => {
    const journey: OrganisationJourneyId = 'pvg-join';
    const { context, page } = await newPage(browser);
    await signInNewCountersignatory(page, 'A');
    await startJourney(page, journey);

    await atStep(page, journey, 'role-details');
    await submitEmpty(
      page,
      ['Enter the position applied for', 'Select who the applicant will be working with'],
      'PVG role details',
    );
    await page.getByLabel('Position applied for').fill('Youth leader');
    await page.getByLabel('Children', { exact: true }).check();
    await saveAndLeave(page);

    await atStep(page, journey, 'organisation-details');
    await submitEmpty(
      page,
      ['Select yes if the applicant is volunteering for a qualifying voluntary organisation'],
      'organisation details',
    );
    await page.getByLabel('No', { exact: true }).check();
    await saveAndLeave(page);

    await atStep(page, journey, 'verify-applicant');
    await page.getByRole('checkbox').check();
    await saveAndLeave(page);

    await atStep(page, journey, 'applicant-details');
    const applicant = newApplicant('Hal');
    await fillApplicantDetails(page, { ...applicant, dateOfBirth: birthdayJustUnder(16) });
    await saveAndContinue(page).click();
    await expectErrors(page, ['The applicant must be at least 16 years old'], 'PVG applicant under 16');
    await setDateOfBirth(page, applicant.dateOfBirth);
    await saveAndLeave(page);
    await atStep(page, journey, 'applicant-address/postcode');
    await context.close();
  });

  it('after an error, typing stays in the field and every failed submission moves focus to the summary', async () => {
    const journey: OrganisationJourneyId = 'level-1';
    const { context, page } = await newPage(browser);
    await signInNewCountersignatory(page, 'A');
    await startJourney(page, journey);
    await atStep(page, journey, 'role-details');
    await submitEmpty(page, ['Enter the position applied for'], 'role details');
    const position = page.getByLabel('Position applied for');
    // Typing a character the field refuses must not move the focus (and the rest of the typing) away.
    await position.focus();
    await page.keyboard.type('Care <x>');
    expect(await position.inputValue()).toBe('Care <x>');
    // Submitting again: the error summary takes focus again, as on the first submission.
    await saveAndContinue(page).click();
    await expectErrors(
      page,
      ["Position applied for must only include letters, numbers, spaces and ( ) . , ' / \\ : ; & + -"],
      'role details, second failed submission',
    );
    await context.close();
  });

  it('a page the server drew with an error is taken over only with its messages, and then works as usual', async () => {
    // A form posted natively with script on (as when its check could not be fetched): the server answers with the
    // page and its error summary. No page loads the form error messages first (decision 0078): the browser must
    // fetch them before it takes this page over, or it would draw the message's key in place of its words. The
    // messages are held back here until the page is seen not yet taken over.
    const journey: OrganisationJourneyId = 'level-1';
    const { context, page } = await newPage(browser);
    await signInNewCountersignatory(page, 'A');
    await startJourney(page, journey);
    await atStep(page, journey, 'role-details');
    let asked = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/validation-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const refused = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('role-details'),
    );
    const navigated = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
    await page.locator('form:has(input[name="position"])').evaluate((form: HTMLFormElement) => {
      HTMLFormElement.prototype.submit.call(form);
    });
    expect((await refused).status()).toBe(400);
    await navigated;
    await expect.poll(() => asked).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await page.locator('.govuk-error-summary').textContent()).toContain(
      'Enter the position applied for',
    );
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expectErrors(page, ['Enter the position applied for'], 'role details, drawn by the server');
    await page.getByLabel('Position applied for').fill('Care worker');
    await saveAndLeave(page);
    await context.close();
  });
});
