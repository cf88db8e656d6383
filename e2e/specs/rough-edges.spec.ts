import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantStepOf,
  atApplicantStep,
  chooseApplication,
  monthsAgo,
  signInAsNewApplicant,
  signInAsNewApplicantByRequest,
  titleOf,
  walkApplicantToReview,
} from '../support/applicant';
import { expectAccessible, launchBrowser, newPage } from '../support/browser';
import { waitForHeading } from '../support/organisation';

// In the browser: another person's submitted application is not found; on the applicant's Level 1
// journey a reload (and the same address opened in a fresh tab, which has none of this tab's storage) keeps
// the person on the step with their answers, the date of birth offers the browser's birthday autocomplete,
// each Change link on check-your-answers names its own row, and Change on an address opens the entry page it
// was made with, prefilled.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** Creates an applicant's own Level 1 draft through the API, as the start page does; returns its token. */
async function createDraft(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/draftApplications', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      },
      body: JSON.stringify({ applicationType: 'LA' }),
    });
    const body = (await response.json()) as { draftApplicationToken: string };
    return body.draftApplicationToken;
  });
}

describe('another person’s submitted application', () => {
  it('shows not found, as any record that is not theirs, and never "try again later"', async () => {
    const owner = await newPage(browser);
    await signInAsNewApplicant(owner.page);
    await owner.page.waitForURL((url) => url.pathname.startsWith('/applicant/'));
    const token = await createDraft(owner.page);
    expect(token).toMatch(/\S{10,}/);
    await owner.context.close();

    const other = await newPage(browser);
    await signInAsNewApplicantByRequest(other.page);
    for (const path of [`/submitted/${token}`, '/submitted/no-such-application']) {
      await other.page.goto(path);
      await waitForHeading(other.page, 'Page not found');
      const text = await other.page.locator('main').innerText();
      expect(text).not.toContain('Your submitted application');
      expect(text).not.toContain('Try again later');
      expect(await other.page.title()).toMatch(/^Page not found/);
      await expectAccessible(other.page, `someone else's ${path}`);
    }
    await other.context.close();
  });
});

/** The step the page shows, once its heading is there. */
async function expectOnStep(page: Page, step: string): Promise<void> {
  await atApplicantStep(page, 'level-1', step, `level-1 ${step} after a reload`);
}

/**
 * A reload of the step, then the same address in a fresh tab of the same browser (signed in, none of this
 * tab's storage): both stay on the step.
 */
async function reloadStays(context: BrowserContext, page: Page, step: string): Promise<void> {
  const url = page.url();
  await page.reload();
  await expectOnStep(page, step);
  const tab = await context.newPage();
  await tab.goto(url);
  await tab.waitForURL((at) => at.pathname === `/applicant-apply/level-1/${step}`, { timeout: 60_000 });
  const title = titleOf(step);
  if (title) await waitForHeading(tab, title);
  expect(applicantStepOf(tab, 'level-1')).toBe(step);
  await tab.close();
}

const RELOADED = new Set([
  'name',
  'date-of-birth',
  'address/postcode/1',
  'address-history-check',
  'passport',
  'driving-licence',
  'regulatory-body',
]);

/** The accessible names of the Change links in main. */
async function changeLinkNames(page: Page): Promise<string[]> {
  const links = page.locator('main').getByRole('link', { name: /^Change/ });
  const names: string[] = [];
  for (let i = 0; i < (await links.count()); i++) {
    names.push(((await links.nth(i).textContent()) ?? '').replace(/\s+/g, ' ').trim());
  }
  return names;
}

describe('the applicant’s Level 1 journey', () => {
  it('keeps each step on a reload, names each Change link and reopens an address as it was entered', async () => {
    const { page, context } = await newPage(browser);
    const person = await signInAsNewApplicantByRequest(page);
    await chooseApplication(page, 'Level 1');
    await atApplicantStep(page, 'level-1', 'personal-information');

    const steps = await walkApplicantToReview(page, 'level-1', {
      person,
      passport: true,
      drivingLicence: true,
      regulatoryBodies: [{ name: 'General Dental Council', number: '123456' }],
      addresses: [
        { by: 'postcode', postcode: 'EH1 1AA', from: monthsAgo(20) },
        {
          by: 'manual',
          line1: '7 Harbour Lane',
          town: 'Aberdeen',
          postcode: 'AB10 1AA',
          from: monthsAgo(44),
        },
        { by: 'postcode', postcode: 'IV1 1AA', from: monthsAgo(12 * 9) },
      ],
      onStep: async (step) => {
        if (step === 'date-of-birth') {
          // WCAG 1.3.5: the applicant's own date of birth.
          for (const part of ['day', 'month', 'year'])
            expect(
              await page.getByLabel(part[0]!.toUpperCase() + part.slice(1)).getAttribute('autocomplete'),
            ).toBe(`bday-${part}`);
        }
        if (RELOADED.has(step)) await reloadStays(context, page, step);
      },
    });
    expect(steps).toContain('passport');
    expect(steps).toContain('address/manual/1');
    expect(steps.at(-1)).toBe('check-your-answers');

    // Check your answers survives a reload and a fresh tab, with the answers given.
    await reloadStays(context, page, 'check-your-answers');
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toContain('123456789');

    // Every Change link has a name of its own.
    const names = await changeLinkNames(page);
    expect(names.length).toBeGreaterThan(10);
    expect(new Set(names).size, names.join(' | ')).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'Change current address',
        'Change previous address 1',
        'Change previous address 2',
        'Change passport',
      ]),
    );

    // The typed address opens manual entry, prefilled, and stays there on a reload.
    await page.getByRole('link', { name: 'Change previous address 1', exact: true }).click();
    await page.waitForURL(/\/applicant-apply\/level-1\/address\/manual\/1\?.*edit=true/);
    await waitForHeading(page, 'What was your previous address?');
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('7 Harbour Lane');
    await page.reload();
    await waitForHeading(page, 'What was your previous address?');
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('7 Harbour Lane');
    await expectAccessible(page, 'changing the typed previous address');
    await page.goBack();
    await expectOnStep(page, 'check-your-answers');

    // A looked-up address opens the postcode lookup with its postcode.
    await page.getByRole('link', { name: 'Change previous address 2', exact: true }).click();
    await page.waitForURL(/\/applicant-apply\/level-1\/address\/postcode\/2\?.*edit=true/);
    await waitForHeading(page, 'What was your previous address?');
    expect(await page.getByLabel('Postcode').inputValue()).toBe('IV1 1AA');
    await expectAccessible(page, 'changing the looked-up previous address');
    await context.close();
  });
});
