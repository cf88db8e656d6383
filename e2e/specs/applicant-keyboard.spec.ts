import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantConfirmation, atApplicantStep } from '../support/applicant';
import { launchBrowser, launchButton, newPage } from '../support/browser';
import { focused, isBox, isButton, isField, tabTo, waitForHeading } from '../support/organisation';

// In the browser: one applicant journey (PVG confirmation, existing member, paid by card) completed
// with the keyboard alone — Tab, Shift+Tab, Enter, Space, the arrow keys and typing; no clicks, no
// fill, no check.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const journey = 'pvgce';

async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await tabTo(page, isField(label), { what: label });
  await page.keyboard.type(text);
}

async function pressButton(page: Page, text: string): Promise<void> {
  const before = new URL(page.url()).pathname;
  await tabTo(page, isButton(text), { what: text });
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== before, { timeout: 60_000 });
}

/** A yes/no question: Tab reaches "Yes"; the down arrow moves to (and picks) "No". */
async function answerNo(page: Page): Promise<void> {
  const first = await tabTo(page, isBox('radio'), { what: 'the first radio' });
  expect(first.label).toBe('Yes');
  await page.keyboard.press('ArrowDown');
  const no = await focused(page);
  expect([no.label, no.checked]).toEqual(['No', true]);
}

async function tick(page: Page): Promise<void> {
  await tabTo(page, isBox('checkbox'), { what: 'a checkbox' });
  await page.keyboard.press('Space');
  expect((await focused(page)).checked).toBe(true);
}

describe('keyboard only', () => {
  it('an applicant completes and pays for a PVG confirmation without a mouse', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await launchButton(page).waitFor();
    await tabTo(page, (el) => /continue to your identity account/i.test(el.text));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/local\/idp\/interaction\//);
    await tabTo(page, (el) => el.text === 'Sign in as applicant-verified');
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => !url.pathname.startsWith('/local/') && !url.pathname.startsWith('/oauth2/'),
    );

    // The address of the page typed in, as a keyboard user would.
    await page.goto('/select-application');
    await waitForHeading(page, 'What do you want to apply for?');
    let radio = await tabTo(page, isBox('radio'), { what: 'the first type' });
    while (radio.label !== 'Confirmation of PVG scheme membership (existing)') {
      await page.keyboard.press('ArrowDown');
      radio = await focused(page);
    }
    expect(radio.checked).toBe(true);
    await pressButton(page, 'Continue');

    await atApplicantStep(page, journey, 'personal-information');
    await tick(page);
    await pressButton(page, 'Save and continue');

    await atApplicantStep(page, journey, 'workforce');
    await tick(page);
    await pressButton(page, 'Save and continue');

    await atApplicantStep(page, journey, 'name');
    await tabTo(page, isField('Title'), { what: 'Title' });
    await page.keyboard.type('Mx');
    expect((await focused(page)).value).toBe('Mx');
    await typeInto(page, 'First name', 'Kim');
    await typeInto(page, 'Last name', 'Keyboard');
    await pressButton(page, 'Save and continue');

    await atApplicantStep(page, journey, 'previous-name-check');
    await answerNo(page);
    await pressButton(page, 'Save and continue');

    await atApplicantStep(page, journey, 'mothers-maiden-name');
    await typeInto(page, "Mother's maiden name", 'Smith');
    await pressButton(page, 'Save and continue');

    // The identity record of applicant-verified says 12 April 1990.
    await atApplicantStep(page, journey, 'date-of-birth');
    await typeInto(page, 'Day', '12');
    await typeInto(page, 'Month', '4');
    await typeInto(page, 'Year', '1990');
    await pressButton(page, 'Save and continue');

    await atApplicantStep(page, journey, 'applicant-address/postcode');
    await typeInto(page, 'Postcode', 'SW1A 2AA');
    await page.keyboard.press('Enter');
    const select = await tabTo(page, (el) => el.tag === 'select', { what: 'the address list' });
    expect(select.value).toBe('');
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).value).not.toBe('');
    await pressButton(page, 'Save and continue');

    await atApplicantStep(page, journey, 'contact-details');
    await typeInto(page, 'Email address', 'kim@example.com');
    await typeInto(page, 'Mobile phone number', '07700900456');
    await pressButton(page, 'Save and continue');

    for (const step of [
      'national-insurance-number',
      'passport-check',
      'driving-licence-check',
      'regulatory-body-check',
    ]) {
      await atApplicantStep(page, journey, step);
      await answerNo(page);
      await pressButton(page, 'Save and continue');
    }

    await atApplicantStep(page, journey, 'check-your-answers');
    await expect.poll(() => page.locator('main').innerText()).toContain('Kim Keyboard');
    await pressButton(page, 'Continue');
    await atApplicantStep(page, journey, 'declaration');
    await tick(page);
    await tabTo(page, isButton('Pay and submit'), { what: 'Pay and submit' });
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/local\/pay\//, { timeout: 60_000 });
    await tabTo(page, isButton('Confirm payment'), { what: 'Confirm payment' });
    await page.keyboard.press('Enter');
    await applicantConfirmation(page, journey, 'applicant-confirmation');
    await context.close();
  });
});
