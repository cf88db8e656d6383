/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  baseUrl,
  callApi,
  expectAccessible,
  expectStandInAccessible,
  newFamilyName,
  signDeclaration,
  signIn,
  signInByRequest,
  signInPersonaByRequest,
} from './browser';

// Page objects for the organisation side: starting, walking and paying for the five
// organisation journeys, the local card page and outbox, and the countersignatory's dashboard.

export type OrganisationJourneyId = 'level-1' | 'level-2' | 'level-2-barred' | 'pvg-join' | 'pvg-existing';

/** The application type radio label of each journey on select-application-type. */
export const JOURNEY_TYPES: Record<OrganisationJourneyId, string> = {
  'level-1': 'Level 1',
  'level-2': 'Level 2',
  'level-2-barred': 'Level 2 with barred list check',
  'pvg-join': 'PVG scheme join',
  'pvg-existing': 'PVG scheme existing member',
};

/** The h1 of each step (the legend of a one-question page). */
export const STEP_TITLES: Record<string, string> = {
  'confirm-role': 'Does the role qualify for a level 2 disclosure?',
  'barred-list-check': 'Which barred lists should be checked?',
  'role-details': 'Role details',
  'organisation-details': 'Is the applicant volunteering for a qualifying voluntary organisation?',
  'verify-applicant': "Verify the applicant's identity",
  'applicant-details': 'Applicant details',
  'applicant-address/postcode': "What is the applicant's address?",
  'applicant-address/manual': "What is the applicant's address?",
  'choose-applying-on-behalf': 'Are you applying on behalf of another organisation?',
  'applying-on-behalf-organisation': 'Which organisation are you applying on behalf of?',
  'choose-who-will-pay': 'Who will pay for the application?',
  'select-payment-method': 'How will your organisation pay?',
  'check-your-answers': 'Check your answers before sending the application',
  declaration: 'Declaration',
  'payment/error': 'Your payment was not successful',
  confirmation: 'Application started',
};

export interface Applicant {
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: { day: string; month: string; year: string };
}

/** Every applicant made up in this spec file, by email: the hand-over links know whom they were sent to. */
const applicantsByEmail = new Map<string, Applicant>();

/** Remembers an applicant (after any change to their details) so their sign-in can match what was entered. */
export function rememberApplicant(applicant: Applicant): Applicant {
  applicantsByEmail.set(applicant.email, applicant);
  return applicant;
}

export const applicantByEmail = (email: string): Applicant | undefined => applicantsByEmail.get(email);

/** A made-up applicant nobody else uses, so the dashboard and the outbox can be searched for them. */
export function newApplicant(firstName = 'Ann'): Applicant {
  const suffix = Array.from({ length: 8 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  const lastName = `Example-${suffix}`;
  return rememberApplicant({
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${suffix}@example.com`,
    dateOfBirth: { day: '14', month: '3', year: '1990' },
  });
}

export const fullName = (a: Applicant) => `${a.firstName} ${a.lastName}`;

/** The path of the current page inside a journey ('role-details', 'payment/error', ...). */
export function stepOf(page: Page, journey: OrganisationJourneyId): string {
  return new URL(page.url()).pathname.replace(`/csg-apply/${journey}/`, '');
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Waits until the page's h1 reads `title` (the SPA has rendered the page). */
export async function waitForHeading(page: Page, title: string | RegExp): Promise<void> {
  await expect
    .poll(async () => (await h1(page).allTextContents()).map((text) => text.trim()), { timeout: 60_000 })
    .toContainEqual(title instanceof RegExp ? expect.stringMatching(title) : title);
}

/** Waits for a journey step to be shown, then checks it with axe. */
export async function atStep(
  page: Page,
  journey: OrganisationJourneyId,
  step: string,
  label = `${journey} ${step}`,
): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/csg-apply/${journey}/${step}`, { timeout: 60_000 });
  const title = STEP_TITLES[step];
  if (title) await waitForHeading(page, title);
  await expectAccessible(page, label);
}

/**
 * The error state of a page: the title prefixed "Error: ", a GOV.UK error summary (which takes focus)
 * listing every message, the same messages inline against their fields, and nothing axe objects to.
 */
export async function expectErrors(
  page: Page,
  messages: string[],
  label: string,
  { focus = true }: { focus?: boolean } = {},
): Promise<void> {
  await expect.poll(() => page.title(), { timeout: 60_000 }).toMatch(/^Error: /);
  const summary = page.locator('.govuk-error-summary');
  await expect.poll(() => summary.count()).toBe(1);
  // The service's own pages give the spec's heading; the local stand-ins (outside services) GOV.UK's usual one.
  const heading = new URL(page.url()).pathname.startsWith('/local/')
    ? 'There is a problem'
    : 'Fields are missing or contain errors';
  await expect.poll(() => summary.getByRole('heading').textContent()).toBe(heading);
  const links = (await summary.locator('.govuk-error-summary__list a').allTextContents()).map((t) =>
    t.trim(),
  );
  expect(links, `${label}: error summary`).toEqual(messages);
  const inline = (await page.locator('.govuk-error-message').allTextContents()).map((text) =>
    text.replace(/^\s*Error:\s*/, '').trim(),
  );
  for (const message of messages) expect(inline, `${label}: inline messages`).toContain(message);
  if (focus)
    await expect
      .poll(() => summary.evaluate((el) => el.contains(el.ownerDocument.activeElement)), {
        message: `${label}: the error summary has focus`,
      })
      .toBe(true);
  await expectAccessible(page, `${label} (errors)`);
}

export const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue' });

/** Presses "Save and continue" and waits to leave the page. */
export async function saveAndLeave(page: Page): Promise<void> {
  const before = new URL(page.url()).pathname;
  await saveAndContinue(page).click();
  await page.waitForURL((url) => url.pathname !== before, { timeout: 60_000 });
}

/** Signs in as a persona and signs today's declaration if the server asks for it. */
export async function signInCountersignatory(page: Page, persona = 'csg'): Promise<void> {
  await signIn(page, persona);
  await page.waitForURL((url) => url.pathname === '/declaration' || url.pathname === '/csg/dashboard');
  if (new URL(page.url()).pathname === '/declaration') await signDeclaration(page);
  await page.waitForURL((url) => url.pathname === '/csg/dashboard');
}

/**
 * A countersignatory of our own (organisation A unless told), with today's declaration signed; they land on
 * the enhanced dashboard, or on `landsOn` (the results summary when that dashboard is switched off). Set-up, where
 * the sign-in and declaration pages are not under test (the personas, shell, session and keyboard specs walk
 * them): signed in and declared through requests (signInByRequest, POST /api/declaration), then one load of the
 * page the service sends them to after sign-in, which takes them on to `landsOn` as the pages would.
 */
export async function signInNewCountersignatory(
  page: Page,
  organisation: 'A' | 'B' = 'A',
  role = 'CSG',
  landsOn = '/csg/dashboard',
): Promise<void> {
  const landed = await signInByRequest(page, {
    givenName: 'Robin',
    familyName: newFamilyName(),
    birthdate: '1988-05-17',
    role,
    organisation,
  });
  await callApi(page, 'POST', '/api/declaration', { agreed: true });
  // The server sends a countersignatory without today's declaration to it: once signed, the dashboard again.
  await page.goto(new URL(landed, baseUrl()).pathname === '/declaration' ? '/dashboard' : landed);
  await page.waitForURL((url) => url.pathname === landsOn);
}

/**
 * A persona countersignatory (`csg` unless told) signed in and declared through requests, then the dashboard the
 * service sends them to: `signInNewCountersignatory` for the identity provider's own personas, for set-up where the
 * sign-in and declaration pages are not under test (personas.spec.ts walks them as each persona).
 */
export async function signInCountersignatoryByRequest(page: Page, persona = 'csg'): Promise<void> {
  await signInPersonaByRequest(page, persona);
  await callApi(page, 'POST', '/api/declaration', { agreed: true });
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/csg/dashboard');
}

const startButton = (page: Page) =>
  page
    .getByRole('button', { name: 'Start new application' })
    .or(page.getByRole('link', { name: 'Start new application' }));

/** From the dashboard: "Start new application", pick the type, continue to the journey's first step. */
export async function startJourney(page: Page, journey: OrganisationJourneyId): Promise<void> {
  if (new URL(page.url()).pathname !== '/csg/dashboard') await page.goto('/csg/dashboard');
  await waitForHeading(page, 'Applications');
  await startButton(page).click();
  await page.waitForURL(/\/csg-apply\/select-application-type/);
  await waitForHeading(page, 'What type of application do you want to start?');
  await expectAccessible(page, 'select application type');
  await page.getByLabel(JOURNEY_TYPES[journey], { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`/csg-apply/${journey}/`), { timeout: 60_000 });
}

export type Payment =
  | { by: 'invoice'; subAccount?: boolean }
  | { by: 'card' }
  | { by: 'applicant' }
  /** A volunteer for a qualifying voluntary organisation (PVG journeys): nobody pays. */
  | { by: 'volunteer' };

export interface WalkOptions {
  applicant: Applicant;
  payment: Payment;
  position?: string;
  address?: 'postcode' | 'manual';
  onBehalfOf?: { name: string; email: string };
}

/**
 * Answers every step of a journey from the page it is on to check-your-answers, checking each page
 * with axe; returns the steps visited. It follows the product's own navigation, so the step list is
 * what the journey shows, and asserts it at the end.
 */
export async function walkToCheckYourAnswers(
  page: Page,
  journey: OrganisationJourneyId,
  options: WalkOptions,
): Promise<string[]> {
  const visited: string[] = [];
  const pvg = journey === 'pvg-join' || journey === 'pvg-existing';
  for (let i = 0; i < 20; i++) {
    const step = stepOf(page, journey);
    await atStep(page, journey, step);
    visited.push(step);
    switch (step) {
      case 'confirm-role':
      case 'verify-applicant':
        await page.getByRole('checkbox').check();
        break;
      case 'barred-list-check':
        await page.getByLabel('Children', { exact: true }).check();
        await page.getByLabel('Protected adults', { exact: true }).check();
        break;
      case 'role-details':
        await page.getByLabel('Position applied for').fill(options.position ?? 'Care assistant');
        if (pvg) await page.getByLabel('Protected adults', { exact: true }).check();
        break;
      case 'organisation-details':
        await page.getByLabel(options.payment.by === 'volunteer' ? 'Yes' : 'No', { exact: true }).check();
        break;
      case 'applicant-details':
        await fillApplicantDetails(page, options.applicant);
        break;
      case 'applicant-address/postcode':
        if (options.address === 'manual') {
          await page.getByRole('link', { name: 'Enter the address manually' }).click();
          continue;
        }
        await findAddresses(page, 'EH6 6AA');
        await page.getByLabel('Select an address').selectOption({ index: 1 });
        break;
      case 'applicant-address/manual':
        await fillManualAddress(page);
        break;
      case 'choose-applying-on-behalf':
        await page.getByLabel(options.onBehalfOf ? 'Yes' : 'No', { exact: true }).check();
        break;
      case 'applying-on-behalf-organisation':
        await page.getByLabel('Organisation name').fill(options.onBehalfOf?.name ?? 'Other organisation');
        await page
          .getByLabel('Organisation email address')
          .fill(options.onBehalfOf?.email ?? 'o@example.com');
        break;
      case 'choose-who-will-pay':
        await page
          .getByLabel(options.payment.by === 'applicant' ? 'The applicant' : 'My organisation', {
            exact: true,
          })
          .check();
        break;
      case 'select-payment-method':
        if (options.payment.by === 'invoice') {
          await page.getByLabel('Invoice', { exact: true }).check();
          if (options.payment.subAccount) {
            const select = page.getByLabel('Sub-account code (optional)');
            await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
            await select.selectOption({ index: 1 });
          }
        } else {
          await page.getByLabel('Card payment now', { exact: true }).check();
        }
        break;
      case 'check-your-answers':
        return visited;
      default:
        throw new Error(`Unexpected step ${step}`);
    }
    await saveAndLeave(page);
  }
  throw new Error(`Did not reach check-your-answers: ${visited.join(', ')}`);
}

export async function fillApplicantDetails(page: Page, applicant: Applicant): Promise<void> {
  await page.getByLabel('First name').fill(applicant.firstName);
  await page.getByLabel('Last name').fill(applicant.lastName);
  await page.getByLabel('Day').fill(applicant.dateOfBirth.day);
  await page.getByLabel('Month').fill(applicant.dateOfBirth.month);
  await page.getByLabel('Year').fill(applicant.dateOfBirth.year);
  await page.getByLabel("Applicant's email address").fill(applicant.email);
}

export async function fillManualAddress(page: Page): Promise<void> {
  await page.getByLabel('Address line 1').fill('12 Example Street');
  await page.getByLabel('Town or city').fill('Edinburgh');
  await page.getByLabel('Postcode').fill('eh1 1aa');
  await page.getByLabel('Country').fill('United Kingdom');
}

/** Looks a postcode up and waits for the address list. */
export async function findAddresses(page: Page, postcode: string): Promise<void> {
  await page.getByLabel('Postcode').fill(postcode);
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect.poll(() => page.getByLabel('Select an address').count(), { timeout: 60_000 }).toBe(1);
  await expectAccessible(page, `addresses for ${postcode}`);
}

/** The summary row value of check-your-answers for a label. */
export async function answerFor(page: Page, label: string): Promise<string> {
  const row = page.locator('.govuk-summary-list__row').filter({
    has: page.locator('.govuk-summary-list__key', { hasText: new RegExp(`^\\s*${label}\\s*$`) }),
  });
  return ((await row.first().locator('.govuk-summary-list__value').textContent()) ?? '').trim();
}

/** The application reference shown on check-your-answers. */
export const referenceOnReview = (page: Page) => answerFor(page, 'Application reference');

/**
 * From check-your-answers: Continue, tick the declaration, then "Accept and send", or "Accept and pay" when
 * the organisation pays by card (`payment` as walked; the button is checked to be the only one).
 */
export async function declareAndSend(
  page: Page,
  journey: OrganisationJourneyId,
  payment?: Payment,
): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await atStep(page, journey, 'declaration');
  await page.getByRole('checkbox', { name: 'I agree to the declaration' }).check();
  const button = payment?.by === 'card' ? 'Accept and pay' : 'Accept and send';
  expect(await page.getByRole('button', { name: /^Accept and (send|pay)$/ }).allInnerTexts()).toEqual([
    button,
  ]);
  await page.getByRole('button', { name: button }).click();
}

export type CardOutcome = 'Confirm payment' | 'Decline payment' | 'Cancel payment';

/** On the local card payment page: checks it and presses one of its buttons. */
export async function onCardPage(page: Page, outcome: CardOutcome): Promise<void> {
  await page.waitForURL(/\/local\/pay\//, { timeout: 60_000 });
  await expect.poll(() => page.getByRole('button', { name: outcome }).count()).toBe(1);
  await expectStandInAccessible(page, 'local card payment page');
  await page.getByRole('button', { name: outcome }).click();
}

/** The confirmation panel: waits for it and returns its text. */
export async function confirmation(page: Page, journey: OrganisationJourneyId): Promise<string> {
  await page.waitForURL((url) => url.pathname === `/csg-apply/${journey}/confirmation`, { timeout: 60_000 });
  await expect.poll(() => page.locator('.govuk-panel').count(), { timeout: 60_000 }).toBe(1);
  await waitForHeading(page, 'Application started');
  await expectAccessible(page, `${journey} confirmation`);
  return (await page.locator('main').textContent()) ?? '';
}

/** Checks the confirmation shows the reference and the applicant's name, then sends a feedback rating. */
export async function expectConfirmation(
  page: Page,
  journey: OrganisationJourneyId,
  reference: string,
  applicant: Applicant,
): Promise<void> {
  const text = await confirmation(page, journey);
  expect(await page.locator('.govuk-panel').textContent()).toContain(reference);
  expect(text).toContain(`We have sent ${fullName(applicant)} an email`);
  await expect
    .poll(() => page.getByRole('link', { name: 'Go to the results summary' }).getAttribute('href'))
    .toBe('/results-summary');
}

export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
  personalisation: unknown;
}

/** The local Notify outbox as JSON, newest first. */
export async function outbox(page: Page): Promise<OutboxMessage[]> {
  const response = await page.request.get('/local/notify/messages');
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

/** The emails sent to an address. */
export async function emailsTo(page: Page, address: string): Promise<OutboxMessage[]> {
  return (await outbox(page)).filter((message) => message.to === address);
}

/** The dashboard filtered to one applicant: [reference link text, status text] of each row. */
export async function dashboardRowsFor(page: Page, applicant: Applicant) {
  // By full name: two applications may go to one person under two first names (sendFromOrganisationByApi's sameNameAs).
  await page.goto(`/csg/dashboard?applicantName=${encodeURIComponent(fullName(applicant))}`);
  await waitForHeading(page, 'Applications');
  const rows = page.locator('table tbody tr');
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThan(0);
  await expectAccessible(page, `dashboard filtered to ${applicant.lastName}`);
  return rows;
}

export interface Focused {
  text: string;
  label: string;
  role: string | null;
  tag: string;
  type: string | null;
  checked: boolean;
  value: string;
}

/** What has the keyboard focus: its text, label, role, tag, type, checked state and value. */
export async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as (HTMLInputElement & HTMLSelectElement) | null;
    return {
      text: (el?.innerText || el?.getAttribute('aria-label') || '').trim(),
      label: (el?.labels?.[0]?.innerText ?? '').trim(),
      role: el?.getAttribute('role') ?? null,
      tag: el?.tagName.toLowerCase() ?? '',
      type: el?.getAttribute('type') ?? null,
      checked: Boolean(el?.checked),
      value: typeof el?.value === 'string' ? el.value : '',
    };
  });
}

/** Presses Tab (Shift+Tab with `back`) until the focused element matches, as a keyboard user would. */
export async function tabTo(
  page: Page,
  matches: (el: Focused) => boolean,
  { back = false, what = 'the element' }: { back?: boolean; what?: string } = {},
): Promise<Focused> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const el = await focused(page);
    if (matches(el)) return el;
  }
  throw new Error(`Tabbed through the page without reaching ${what}`);
}

export const isField = (label: string) => (el: Focused) =>
  (el.tag === 'input' || el.tag === 'select') && el.label === label;
export const isButton = (text: string) => (el: Focused) =>
  (el.tag === 'button' || el.role === 'button') && el.text === text;
export const isLink = (text: string) => (el: Focused) => el.tag === 'a' && el.text === text;
export const isBox = (type: 'checkbox' | 'radio') => (el: Focused) => el.tag === 'input' && el.type === type;
