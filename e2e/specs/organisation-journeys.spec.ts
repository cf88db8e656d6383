import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from '../support/browser';
import {
  answerFor,
  atStep,
  dashboardRowsFor,
  declareAndSend,
  emailsTo,
  expectConfirmation,
  fullName,
  newApplicant,
  onCardPage,
  referenceOnReview,
  saveAndLeave,
  signInCountersignatoryByRequest,
  signInNewCountersignatory,
  startJourney,
  waitForHeading,
  walkToCheckYourAnswers,
  type Applicant,
  type OrganisationJourneyId,
  type WalkOptions,
} from '../support/organisation';

// In the browser: each organisation journey walked to its confirmation (steps as spec section 2),
// paid by invoice, by card, by the applicant, or free for a qualifying voluntary organisation; the
// applicant's email in the outbox; the dashboard row, its tag and its route to the details page. The csg persona
// signs in through requests (signInCountersignatoryByRequest): personas.spec.ts walks the sign-in pages.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const EXPECTED_STEPS: Record<OrganisationJourneyId, string[]> = {
  'level-1': ['role-details', 'verify-applicant', 'applicant-details', 'applicant-address/postcode'],
  'level-2': [
    'confirm-role',
    'role-details',
    'verify-applicant',
    'applicant-details',
    'applicant-address/postcode',
  ],
  'level-2-barred': [
    'confirm-role',
    'barred-list-check',
    'role-details',
    'verify-applicant',
    'applicant-details',
    'applicant-address/postcode',
    'applicant-address/manual',
  ],
  'pvg-join': [
    'role-details',
    'organisation-details',
    'verify-applicant',
    'applicant-details',
    'applicant-address/postcode',
  ],
  'pvg-existing': [
    'role-details',
    'organisation-details',
    'verify-applicant',
    'applicant-details',
    'applicant-address/postcode',
  ],
};

/** The steps after the address, by how the application is paid and whether it is for another organisation. */
function paymentSteps(options: WalkOptions): string[] {
  const onBehalf = options.onBehalfOf
    ? ['choose-applying-on-behalf', 'applying-on-behalf-organisation']
    : ['choose-applying-on-behalf'];
  if (options.payment.by === 'volunteer') return [...onBehalf, 'check-your-answers'];
  if (options.payment.by === 'applicant') return [...onBehalf, 'choose-who-will-pay', 'check-your-answers'];
  return [...onBehalf, 'choose-who-will-pay', 'select-payment-method', 'check-your-answers'];
}

/** The applicant's hand-over email: one, to them, with a sign-in link carrying the application's uuid. */
async function expectHandoverEmail(page: Page, applicant: Applicant): Promise<void> {
  const emails = await emailsTo(page, applicant.email);
  expect(emails).toHaveLength(1);
  const link = /https?:\/\/\S+\?uuid=[0-9a-f-]{36}/.exec(emails[0]?.body ?? '');
  expect(link, `sign-in link in ${emails[0]?.body}`).not.toBeNull();
  // The outbox page lists it for people too.
  await page.goto('/local/notify');
  await expect.poll(() => page.locator('main, body').first().textContent()).toContain(applicant.email);
}

/** The dashboard row of the new application: "With applicant" in grey, linking to the details page. */
async function expectWithApplicantRow(
  page: Page,
  applicant: Applicant,
  reference: string,
  details: { position: string; payment: string },
): Promise<void> {
  const rows = await dashboardRowsFor(page, applicant);
  await expect.poll(() => rows.count()).toBe(1);
  const row = rows.first();
  await expect.poll(() => row.textContent()).toContain(fullName(applicant));
  const tag = row.locator('.govuk-tag');
  expect((await tag.textContent())?.trim()).toBe('With applicant');
  expect(await tag.getAttribute('class')).toContain('govuk-tag--grey');
  await row.getByRole('link', { name: reference }).click();
  await page.waitForURL(/\/application\/[^/]+\/with[-_]applicant$/i);
  await waitForHeading(page, 'Application details');
  const main = page.locator('main');
  await expect.poll(() => main.textContent()).toContain(reference);
  const text = (await main.textContent()) ?? '';
  expect(text).toContain(fullName(applicant));
  expect(text).toContain(applicant.email);
  expect(text).toContain('14 March 1990');
  expect(text).toContain(details.position);
  expect(text).toContain(details.payment);
  expect(text).toContain('With applicant');
  await expectAccessible(page, 'application details');
}

interface Case {
  journey: OrganisationJourneyId;
  options: WalkOptions;
  /** The payment line of the details page. */
  paymentText: string;
}

const CASES: Case[] = [
  {
    journey: 'level-1',
    options: {
      applicant: newApplicant('Ann'),
      payment: { by: 'invoice', subAccount: true },
      position: 'Receptionist',
    },
    paymentText: 'Invoice',
  },
  {
    journey: 'level-2',
    options: {
      applicant: newApplicant('Bea'),
      payment: { by: 'card' },
      position: 'Care assistant',
      onBehalfOf: { name: 'Leith Care Partners', email: 'office@leith-care.example.com' },
    },
    paymentText: 'Card (organisation)',
  },
  {
    journey: 'level-2-barred',
    options: {
      applicant: newApplicant('Cal'),
      payment: { by: 'applicant' },
      position: 'Nursery nurse',
      address: 'manual',
    },
    paymentText: 'Card (applicant)',
  },
  {
    journey: 'pvg-join',
    options: { applicant: newApplicant('Dee'), payment: { by: 'volunteer' }, position: 'Youth leader' },
    paymentText: 'Free',
  },
  {
    journey: 'pvg-existing',
    options: { applicant: newApplicant('Eve'), payment: { by: 'card' }, position: 'Support worker' },
    paymentText: 'Card (organisation)',
  },
];

describe('the csg persona walks each organisation journey to its confirmation', () => {
  it.each(CASES)('$journey, paid by $options.payment.by', async ({ journey, options, paymentText }) => {
    const { context, page } = await newPage(browser);
    await signInCountersignatoryByRequest(page, 'csg');
    await startJourney(page, journey);
    const visited = await walkToCheckYourAnswers(page, journey, options);
    expect(visited).toEqual([...EXPECTED_STEPS[journey], ...paymentSteps(options)]);

    const reference = await referenceOnReview(page);
    expect(reference).toMatch(/\S{6,}/);
    expect(await answerFor(page, 'Name')).toContain(fullName(options.applicant));
    await declareAndSend(page, journey, options.payment);
    if (options.payment.by === 'card') await onCardPage(page, 'Confirm payment');
    await expectConfirmation(page, journey, reference, options.applicant);

    // The feedback rating: required, then thanks.
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => page.title()).toMatch(/^Error: /);
    await expectAccessible(page, 'feedback with an error');
    await page.getByLabel('Very satisfied').check();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => page.getByText('Thank you for your feedback').count()).toBe(1);
    await expectAccessible(page, 'feedback thanks');

    await expectHandoverEmail(page, options.applicant);
    await expectWithApplicantRow(page, options.applicant, reference, {
      position: options.position ?? '',
      payment: paymentText,
    });
    await context.close();
  });
});

describe('check your answers', () => {
  it('change links return to it with the changed answer shown', async () => {
    const { context, page } = await newPage(browser);
    await signInNewCountersignatory(page, 'A');
    const journey = 'level-2';
    const applicant = newApplicant('Fay');
    await startJourney(page, journey);
    await walkToCheckYourAnswers(page, journey, { applicant, payment: { by: 'invoice' } });
    expect(await answerFor(page, 'Position applied for')).toBe('Care assistant');
    const reference = await referenceOnReview(page);

    const change = async (label: RegExp, step: string) => {
      await page.getByRole('link', { name: label }).click();
      await page.waitForURL((url) => url.searchParams.get('edit') === 'true');
      await atStep(page, journey, step, `${step} in edit mode`);
    };
    const backOnReview = async () => {
      await atStep(page, journey, 'check-your-answers', 'check your answers after a change');
      expect(new URL(page.url()).searchParams.get('token')).toBeTruthy();
    };

    // A text answer.
    await change(/Change\s+position applied for/i, 'role-details');
    expect(await page.getByLabel('Position applied for').inputValue()).toBe('Care assistant');
    await page.getByLabel('Position applied for').fill('Senior care assistant');
    await saveAndLeave(page);
    await backOnReview();
    expect(await answerFor(page, 'Position applied for')).toBe('Senior care assistant');

    // The applicant's name.
    await change(/Change\s+name/i, 'applicant-details');
    await page.getByLabel('First name').fill('Faye');
    await saveAndLeave(page);
    await backOnReview();
    expect(await answerFor(page, 'Name')).toContain(`Faye ${applicant.lastName}`);

    // The address, switching from the lookup to manual entry inside edit mode.
    await change(/Change\s+address/i, 'applicant-address/postcode');
    await page.getByRole('link', { name: 'Enter the address manually' }).click();
    await atStep(page, journey, 'applicant-address/manual', 'manual address in edit mode');
    await page.getByLabel('Address line 1').fill('99 Changed Road');
    await saveAndLeave(page);
    await backOnReview();
    expect(await answerFor(page, 'Address')).toContain('99 Changed Road');

    // A branching answer: yes to another organisation asks for it, then returns to the review.
    await change(/Change\s+.*another organisation/i, 'choose-applying-on-behalf');
    await page.getByLabel('Yes', { exact: true }).check();
    await saveAndLeave(page);
    await atStep(page, journey, 'applying-on-behalf-organisation', 'other organisation in edit mode');
    await page.getByLabel('Organisation name').fill('Partner Trust');
    await page.getByLabel('Organisation email address').fill('partner@example.com');
    await saveAndLeave(page);
    await backOnReview();
    await expect.poll(() => page.locator('main').textContent()).toContain('Partner Trust');

    // Who pays: the applicant now, so no payment method.
    await change(/Change\s+who will pay/i, 'choose-who-will-pay');
    await page.getByLabel('The applicant', { exact: true }).check();
    await saveAndLeave(page);
    await backOnReview();
    expect(await answerFor(page, 'Who will pay')).toContain('Applicant');

    await declareAndSend(page, journey);
    await expectConfirmation(page, journey, reference, { ...applicant, firstName: 'Faye' });
    await context.close();
  });
});
