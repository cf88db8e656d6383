import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantConfirmation,
  applicantReference,
  chooseApplication,
  declareAndSubmit,
  handoverLink,
  landingPageText,
  payOnCardPage,
  pressStartNow,
  sendFromOrganisationByApi,
  signInAsNewApplicantByRequest,
  walkApplicantToReview,
  type ApplicantJourneyId,
} from '../support/applicant';
import { expectAccessible, launchBrowser, newPage } from '../support/browser';
import type { OrganisationJourneyId, Payment } from '../support/organisation';

// In the browser: the remaining applicant journeys walked to confirmation — Level 1, Level 2 and
// Level 2 with barred lists (the applicant pays by card) and PVG existing member started by an
// organisation and taken over from the email link; PVG confirmation (join) started by the applicant.
// A Level 2 the applicant pays for is the applicant's `level-2` journey; one the organisation pays for
// is `level-2-csg` (applicant-handover.spec.ts). The expired and terminated rows are walked in
// applicant-lifecycle.spec.ts. The applicant signs in through requests (signInAsNewApplicantByRequest): the launch
// page with a hand-over link, and the identity provider's page, are walked in applicant-handover.spec.ts and the
// personas, shell and session specs.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

/** A level journey with one address covering five years and a passport. */
const LEVEL_STEPS = [
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
  'address-history-check',
  'contact-details',
  'national-insurance-number',
  'passport-check',
  'passport',
  'driving-licence-check',
  'check-your-answers',
];

interface Case {
  organisation: OrganisationJourneyId;
  applicant: ApplicantJourneyId;
  payment: Exclude<Payment, { by: 'card' }>;
  landing: string[];
  steps: string[];
}

const CASES: Case[] = [
  {
    organisation: 'level-1',
    applicant: 'level-1-csg',
    payment: { by: 'invoice' },
    landing: ['Paid by the organisation (invoice)'],
    steps: LEVEL_STEPS,
  },
  {
    organisation: 'level-2',
    applicant: 'level-2',
    payment: { by: 'applicant' },
    landing: ['You pay by card'],
    steps: LEVEL_STEPS,
  },
  {
    organisation: 'level-2-barred',
    applicant: 'level-2-barred',
    payment: { by: 'applicant' },
    landing: ['Working with', 'Children', 'You pay by card'],
    steps: LEVEL_STEPS,
  },
  {
    organisation: 'pvg-existing',
    applicant: 'pvg-existing',
    payment: { by: 'invoice' },
    landing: ['Working with', 'Protected adults', 'Paid by the organisation (invoice)'],
    steps: [
      'personal-information',
      'name',
      'previous-name-check',
      'date-of-birth',
      'applicant-address/postcode',
      'contact-details',
      'pvg-number',
      'national-insurance-number',
      'passport-check',
      'passport',
      'driving-licence-check',
      'regulatory-body-check',
      'check-your-answers',
    ],
  },
];

describe('organisation-started journeys taken over by the applicant', () => {
  it.each(CASES)(
    '$applicant to confirmation',
    async ({ organisation, applicant: journey, payment, landing, steps }) => {
      const { org, applicant, reference } = await sendFromOrganisationByApi(browser, organisation, {
        payment,
        position: 'Care worker',
      });
      const link = await handoverLink(org.page, applicant.email);
      await org.context.close();

      const { page, context } = await newPage(browser);
      const { landed, ...person } = await signInAsNewApplicantByRequest(page, { start: link });
      await page.goto(landed);
      const text = await landingPageText(page, journey, 'Care worker');
      for (const expected of [reference, ...landing]) expect(text).toContain(expected);
      await expectAccessible(page, `${journey} landing page`);
      await pressStartNow(page);

      const visited = await walkApplicantToReview(page, journey, {
        person,
        addresses: [{ by: 'postcode', postcode: 'AB10 1AA', from: { month: 1, year: 2001 } }],
        passport: true,
      });
      expect(visited).toEqual(steps);
      expect(await applicantReference(page)).toBe(reference);
      if (payment.by === 'applicant') {
        await declareAndSubmit(page, journey, 'Pay and submit');
        await payOnCardPage(page, 'Confirm payment');
      } else await declareAndSubmit(page, journey, 'Submit application');
      expect(await applicantConfirmation(page, journey, 'applicant-confirmation')).toContain(reference);
      await context.close();
    },
  );
});

describe('applicant-started journeys', () => {
  it('PVG confirmation (join) to confirmation, paid by card', async () => {
    const { page, context } = await newPage(browser);
    const person = await signInAsNewApplicantByRequest(page);
    await chooseApplication(page, 'Confirmation of PVG scheme membership (join)');
    const visited = await walkApplicantToReview(page, 'pvgcj', {
      person,
      regulatoryBodies: [{ name: 'General Dental Council', number: '123456' }],
    });
    expect(visited).toEqual([
      'personal-information',
      'workforce',
      'name',
      'previous-name-check',
      'mothers-maiden-name',
      'date-of-birth',
      'gender',
      'place-of-birth',
      'nationality',
      'address-history-intro',
      'address/postcode/current',
      'address-history-check',
      'contact-details',
      'national-insurance-number',
      'passport-check',
      'driving-licence-check',
      'regulatory-body-check',
      'regulatory-body',
      'check-your-answers',
    ]);
    await expect.poll(() => page.locator('main').innerText()).toContain('General Dental Council: 123456');
    const reference = await applicantReference(page);
    await declareAndSubmit(page, 'pvgcj', 'Pay and submit');
    await payOnCardPage(page, 'Confirm payment');
    expect(await applicantConfirmation(page, 'pvgcj', 'applicant-confirmation')).toContain(reference);
    await context.close();
  });
});
