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
  handoverLink,
  landingPageText,
  payOnCardPage,
  pressStartNow,
  sendFromOrganisationByApi,
  signInAsNewApplicant,
  signInAsNewApplicantByRequest,
  submitEmpty,
  walkApplicantToReview,
  type ApplicantJourneyId,
} from '../support/applicant';
import { expectAccessible, launchBrowser, newPage } from '../support/browser';
import { waitForHeading } from '../support/organisation';

// In the browser: the PVG scheme join journey started by a qualifying voluntary organisation (free),
// its READY_TO_START row leading to the landing page, walked with two regulatory bodies; the PVG
// confirmation (existing) journey started by the applicant and paid by card; and the date-of-birth
// lockout after three dates that do not match the identity record.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const landingText = async (page: Page, journey: ApplicantJourneyId, expected: string): Promise<string> => {
  const text = await landingPageText(page, journey, expected);
  await expectAccessible(page, `${journey} landing page`);
  return text;
};

describe('membership journeys', () => {
  it('PVG scheme join from a volunteer organisation: landing from the dashboard, two regulatory bodies, submitted', async () => {
    const { org, applicant, reference } = await sendFromOrganisationByApi(browser, 'pvg-join', {
      payment: { by: 'volunteer' },
      position: 'Youth volunteer',
    });
    const link = await handoverLink(org.page, applicant.email);
    await org.context.close();

    const { page, context } = await newPage(browser);
    const person = await signInAsNewApplicant(page, { start: link });
    const landing = await landingText(page, 'pvg-join', 'Youth volunteer');
    expect(landing).toContain('Working with');
    expect(landing).toContain('Protected adults');
    expect(landing).toContain('No fee');

    // READY_TO_START on the dashboard (orange) leads back to the landing page.
    const rows = await applicantDashboard(page);
    const row = rows.filter({ hasText: reference });
    const tag = row.locator('.govuk-tag');
    expect((await tag.innerText()).trim()).toBe('Ready to start');
    expect(await tag.getAttribute('class')).toContain('govuk-tag--orange');
    await row.getByRole('link').first().click();
    await landingText(page, 'pvg-join', 'Youth volunteer');
    await pressStartNow(page);

    const steps = await walkApplicantToReview(page, 'pvg-join', {
      person,
      addresses: [{ by: 'postcode', postcode: 'G1 1AA', from: { month: 1, year: 2000 } }],
      regulatoryBodies: [
        { name: 'General Medical Council', number: '1234567' },
        { name: 'Nursing and Midwifery Council', number: '12A3456B' },
      ],
      onStep: async (step) => {
        if (step === 'regulatory-body-check') await submitEmpty(page, `pvg-join ${step}`);
        if (step === 'regulatory-body')
          expect(await submitEmpty(page, 'pvg-join regulatory-body')).toEqual([
            'Select at least one regulatory body',
          ]);
        if (step === 'regulatory-body') {
          // A registration number that does not fit the body's pattern is refused.
          await page.getByLabel('General Medical Council', { exact: true }).check();
          await page.getByLabel('General Medical Council registration number').fill('12');
          await submitEmpty(page, 'pvg-join regulatory-body wrong number');
        }
      },
    });
    expect(steps).toEqual([
      'personal-information',
      'name',
      'previous-name-check',
      'date-of-birth',
      'applicant-address/postcode',
      'contact-details',
      'pvg-number',
      'national-insurance-number',
      'passport-check',
      'driving-licence-check',
      'regulatory-body-check',
      'regulatory-body',
      'check-your-answers',
    ]);
    const review = await page.locator('main').innerText();
    expect(review).toContain('General Medical Council: 1234567');
    expect(review).toContain('Nursing and Midwifery Council: 12A3456B');
    expect(await applicantReference(page)).toBe(reference);
    await declareAndSubmit(page, 'pvg-join', 'Submit application');
    expect(await applicantConfirmation(page, 'pvg-join', 'applicant-confirmation')).toContain(reference);
    await context.close();
  });

  it('PVG confirmation (existing) started by the applicant, paid by card', async () => {
    const { page, context } = await newPage(browser);
    const person = await signInAsNewApplicantByRequest(page);
    await chooseApplication(page, 'Confirmation of PVG scheme membership (existing)');
    const steps = await walkApplicantToReview(page, 'pvgce', {
      person,
      addresses: [{ by: 'postcode', postcode: 'M1 1AA', from: { month: 1, year: 2000 } }],
      onStep: async (step) => {
        if (step === 'workforce') await submitEmpty(page, 'pvgce workforce');
      },
    });
    expect(steps).toEqual([
      'personal-information',
      'workforce',
      'name',
      'previous-name-check',
      'mothers-maiden-name',
      'date-of-birth',
      'applicant-address/postcode',
      'contact-details',
      'national-insurance-number',
      'passport-check',
      'driving-licence-check',
      'regulatory-body-check',
      'check-your-answers',
    ]);
    const reference = await applicantReference(page);
    await declareAndSubmit(page, 'pvgce', 'Pay and submit');
    await payOnCardPage(page, 'Confirm payment');
    expect(await applicantConfirmation(page, 'pvgce', 'applicant-confirmation')).toContain(reference);
    await context.close();
  });

  it('locks the applicant out after three dates of birth that do not match the identity record', async () => {
    const { page, context } = await newPage(browser);
    const person = await signInAsNewApplicantByRequest(page);
    await chooseApplication(page, 'Level 1');
    await walkApplicantToReview(page, 'level-1', { person, stopAt: 'date-of-birth' });

    const wrong = async (day: string) => {
      await page.getByLabel('Day').fill(day);
      await page.getByLabel('Month').fill('5');
      await page.getByLabel('Year').fill('1988');
      await page.getByRole('button', { name: 'Save and continue' }).click();
    };
    for (const [attempt, day] of ['18', '19'].entries()) {
      await wrong(day);
      const messages = await expectErrorState(page, `date of birth mismatch ${attempt + 1}`);
      expect(messages).toContain(
        'The date of birth does not match the one on your identity record. Check it and try again',
      );
      await atApplicantStep(page, 'level-1', 'date-of-birth', `date of birth after mismatch ${attempt + 1}`);
    }
    await wrong('20');
    await page.waitForURL((url) => url.pathname === '/date-of-birth-mismatch', { timeout: 60_000 });
    await waitForHeading(page, 'You have entered a date of birth that does not match too many times');
    const text = await page.locator('main').innerText();
    expect(text).toContain('you cannot continue with this application');
    await expectAccessible(page, 'date of birth lockout');
    await context.close();
  });
});
