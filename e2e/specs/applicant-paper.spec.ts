import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectStandInAccessible,
  launchBrowser,
  newFamilyName,
  newPage,
  signInByRequest,
  type CustomPersona,
} from '../support/browser';
import { waitForHeading } from '../support/organisation';
import { dashboardRow, issueResult, summaryValue } from '../support/results';

// An application received on paper (channel P, decision 0053): casework registers it on its local page, the
// applicant with that identity sees it on their dashboard like any other, casework issues its result, and the
// result page says the application was made on paper.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const newReference = () => {
  const chars = Array.from({ length: 10 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]);
  return `DS-${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
};

describe('a paper application', () => {
  it('registered by casework, on the applicant’s dashboard, its result issued with channel Paper', async () => {
    const person: CustomPersona = {
      givenName: 'Morag',
      familyName: newFamilyName(),
      birthdate: '1984-05-06',
      role: 'APPLICANT',
    };
    const email =
      `${person.givenName}.${person.familyName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com';
    const reference = newReference();

    const casework = (await newPage(browser)).page;
    await casework.goto('/local/casework/paper');
    await waitForHeading(casework, 'Register a paper application');
    await expectStandInAccessible(casework, 'local paper casework page');
    await casework.getByLabel('Application reference').fill(reference);
    await casework.getByLabel('Type of application').selectOption('LB');
    await casework.getByLabel('First name').fill(person.givenName);
    await casework.getByLabel('Last name').fill(person.familyName);
    await casework.getByLabel('Applicant’s email address').fill(email);
    await casework.getByLabel('Applicant’s date of birth').fill(person.birthdate);
    await casework.getByLabel('Address line 1', { exact: true }).fill('3 Paper Lane');
    await casework.getByLabel('Town or city').fill('Stirling');
    await casework.getByRole('button', { name: 'Register paper application' }).click();
    await expect
      .poll(() => casework.locator('.govuk-notification-banner').innerText(), { timeout: 60_000 })
      .toContain(`Paper application ${reference} has been registered`);
    await expectStandInAccessible(casework, 'local paper casework page after registering');

    const applicant = await newPage(browser);
    const page = applicant.page;
    await signInByRequest(page, person);
    const row = await dashboardRow(page, reference);
    expect((await row.locator('.govuk-tag').innerText()).trim()).toBe('Submitted');
    await expectAccessible(page, 'applicant dashboard with a paper application');
    // Its page, as for any submitted application.
    await row.getByRole('link', { name: reference }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/submitted/'), { timeout: 60_000 });
    await waitForHeading(page, /.+/);
    await expectAccessible(page, 'submitted page of a paper application');
    await page.getByRole('link', { name: 'View the application’s details' }).click();
    await waitForHeading(page, 'Application details');
    expect(await summaryValue(page, 'Application reference')).toBe(reference);
    expect(await summaryValue(page, 'Status')).toBe('Submitted');
    await expectAccessible(page, 'details of a paper application');

    await issueResult(casework, reference, 'level-2-cautions');

    const ready = await dashboardRow(page, reference);
    await expect
      .poll(async () => (await ready.locator('.govuk-tag').innerText()).trim())
      .toBe('Result ready');
    await ready.getByRole('link', { name: reference }).click();
    await page.waitForURL((url) => /^\/results\/[0-9a-f-]{36}/.test(url.pathname), { timeout: 60_000 });
    await waitForHeading(page, /.+/);
    expect(await summaryValue(page, 'How the application was made')).toBe('Paper');
    await expectAccessible(page, 'result of a paper application');
    await applicant.context.close();
  });
});
