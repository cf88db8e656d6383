import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, launchButton, newPage } from '../support/browser';
import {
  atStep,
  emailsTo,
  expectConfirmation,
  expectErrors,
  focused,
  fullName,
  isBox,
  isButton,
  isField,
  isLink,
  newApplicant,
  referenceOnReview,
  tabTo,
  waitForHeading,
} from '../support/organisation';

// In the browser: one organisation journey completed with the keyboard alone — Tab, Shift+Tab,
// Enter, Space and the arrow keys, typing with the keyboard; no clicks, no fill, no check.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const journey = 'level-1';

async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await tabTo(page, isField(label), { what: label });
  await page.keyboard.type(text);
}

/** Tab to "Save and continue", press Enter, wait for the next page. */
async function saveByKeyboard(page: Page): Promise<void> {
  const before = new URL(page.url()).pathname;
  await tabTo(page, isButton('Save and continue'), { what: 'Save and continue' });
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== before, { timeout: 60_000 });
}

describe('keyboard only', () => {
  it('a countersignatory starts, pays by invoice and completes a Level 1 application without a mouse', async () => {
    const { context, page } = await newPage(browser);
    const applicant = newApplicant('Lou');

    // Sign in as the csg persona; sign today's declaration if asked.
    await page.goto('/');
    await launchButton(page).waitFor();
    await tabTo(page, (el) => /continue to your identity account/i.test(el.text));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/local\/idp\/interaction\//);
    await tabTo(page, (el) => el.text === 'Sign in as csg');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/declaration' || url.pathname === '/csg/dashboard');
    if (new URL(page.url()).pathname === '/declaration') {
      await tabTo(page, isBox('checkbox'));
      await page.keyboard.press('Space');
      await tabTo(page, (el) => el.tag === 'button' && /continue|confirm/i.test(el.text));
      await page.keyboard.press('Enter');
    }
    await page.waitForURL((url) => url.pathname === '/csg/dashboard');
    await waitForHeading(page, 'Applications');

    await tabTo(page, (el) => el.text === 'Start new application');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/csg-apply\/select-application-type/);
    await waitForHeading(page, 'What type of application do you want to start?');
    // The first radio is Level 1: Space picks it.
    const type = await tabTo(page, isBox('radio'));
    expect(type.label).toBe('Level 1');
    await page.keyboard.press('Space');
    expect((await focused(page)).checked).toBe(true);
    await tabTo(page, isButton('Continue'));
    await page.keyboard.press('Enter');

    await atStep(page, journey, 'role-details');
    await typeInto(page, 'Position applied for', 'Receptionist');
    await saveByKeyboard(page);

    // Saving without the tick: the error summary takes focus, its link takes focus to the box.
    await atStep(page, journey, 'verify-applicant');
    await tabTo(page, isButton('Save and continue'));
    await page.keyboard.press('Enter');
    await expectErrors(
      page,
      ["Confirm that you have verified the applicant's identity"],
      'verify by keyboard',
    );
    await tabTo(page, isLink("Confirm that you have verified the applicant's identity"));
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'input', type: 'checkbox' });
    await page.keyboard.press('Space');
    expect((await focused(page)).checked).toBe(true);
    await saveByKeyboard(page);

    await atStep(page, journey, 'applicant-details');
    await typeInto(page, 'First name', applicant.firstName);
    await typeInto(page, 'Last name', applicant.lastName);
    await typeInto(page, 'Day', applicant.dateOfBirth.day);
    await typeInto(page, 'Month', applicant.dateOfBirth.month);
    await typeInto(page, 'Year', applicant.dateOfBirth.year);
    await typeInto(page, "Applicant's email address", applicant.email);
    // Shift+Tab back from the button to the email field: what was typed is there.
    await tabTo(page, isButton('Save and continue'));
    const email = await tabTo(page, isField("Applicant's email address"), { back: true });
    expect(email.value).toBe(applicant.email);
    await saveByKeyboard(page);

    // Postcode lookup: type, Enter in the field searches; arrow down picks the first address.
    await atStep(page, journey, 'applicant-address/postcode');
    await typeInto(page, 'Postcode', 'IV1 1AA');
    await page.keyboard.press('Enter');
    await page.getByLabel('Select an address').waitFor();
    await atStep(page, journey, 'applicant-address/postcode', 'addresses found, by keyboard');
    await tabTo(page, isField('Select an address'));
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).value).not.toBe('');
    await saveByKeyboard(page);

    // Yes/No radios: Tab lands on Yes, the right arrow moves to No and picks it.
    await atStep(page, journey, 'choose-applying-on-behalf');
    await tabTo(page, isBox('radio'));
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatchObject({ label: 'No', checked: true });
    await saveByKeyboard(page);

    await atStep(page, journey, 'choose-who-will-pay');
    const payer = await tabTo(page, isBox('radio'));
    expect(payer.label).toBe('My organisation');
    await page.keyboard.press('Space');
    await saveByKeyboard(page);

    await atStep(page, journey, 'select-payment-method');
    await tabTo(page, isBox('radio'));
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ label: 'Invoice', checked: true });
    await saveByKeyboard(page);

    await atStep(page, journey, 'check-your-answers');
    const reference = await referenceOnReview(page);
    await expect.poll(() => page.locator('main').textContent()).toContain(fullName(applicant));
    await tabTo(page, (el) => el.text === 'Continue' && (el.tag === 'a' || el.tag === 'button'));
    await page.keyboard.press('Enter');

    await atStep(page, journey, 'declaration');
    await tabTo(page, isBox('checkbox'));
    await page.keyboard.press('Space');
    await tabTo(page, isButton('Accept and send'));
    await page.keyboard.press('Enter');

    await expectConfirmation(page, journey, reference, applicant);
    await tabTo(page, isBox('radio'));
    await page.keyboard.press('Space');
    expect(await focused(page)).toMatchObject({ label: 'Very satisfied', checked: true });
    await tabTo(page, isButton('Send feedback'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Thank you for your feedback').count()).toBe(1);

    expect(await emailsTo(page, applicant.email)).toHaveLength(1);
    await context.close();
  });
});
