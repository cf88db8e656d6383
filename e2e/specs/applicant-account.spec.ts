import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantStepOf,
  atApplicantStep,
  chooseApplication,
  handoverLink,
  landingPageText,
  pressAndLeave,
  pressStartNow,
  sendFromOrganisationByApi,
  signInAsNewApplicant,
  signInAsNewApplicantByRequest,
  walkApplicantToReview,
  type ApplicantPerson,
} from '../support/applicant';
import {
  callApi,
  expectAccessible,
  launchBrowser,
  newPage,
  radioLabels,
  signIn,
  useServer,
} from '../support/browser';
import { answerFor, waitForHeading } from '../support/organisation';
import { startServer, type RunningServer } from '../support/server';

// In the browser: the applicant's own account pages. The enhanced dashboard's page-size selector
// (spec 02 sections 2 and 9) and its row tags (section 4); PVG scheme membership (APPLICANT only) and
// personal details from the identity record (sections 2, 3 and 6); the PVG join journey prefilled from
// the enhanced personal details, and empty with that flag off; and the feature-flagged applicant
// journeys (level-1-csg, pvgcj) not found with their flags off. axe runs on every page visited.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser.close());

const JOIN = 'Confirmation of PVG scheme membership (join)';
const EXISTING = 'Confirmation of PVG scheme membership (existing)';

/** The custom persona's email and phone (apps/api/src/integrations/identity/local-provider.ts). */
const personaEmail = (person: ApplicantPerson) =>
  `${person.firstName}.${person.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com';
const PERSONA_PHONE = '07700900999';

const rows = (page: Page) => page.locator('table tbody tr');
const pageSizeSelect = (page: Page) => page.getByLabel('Applications per page');

/** The applicant dashboard at `query`, waited for (with `count` rows) and checked with axe. */
async function dashboard(page: Page, count: number, query = ''): Promise<void> {
  if (new URL(page.url()).pathname + new URL(page.url()).search !== `/applicant/dashboard${query}`)
    await page.goto(`/applicant/dashboard${query}`);
  await waitForHeading(page, 'Your applications');
  await expect
    .poll(() => rows(page).count(), { timeout: 60_000, message: `rows on the dashboard${query}` })
    .toBe(count);
  await expectAccessible(page, `applicant dashboard${query} with ${count} rows`);
}

/** Each dashboard row: its reference, application type, status cell text and tag classes. */
async function rowCells(page: Page) {
  const result: { reference: string; type: string; status: string; tagClass: string }[] = [];
  for (const row of await rows(page).all()) {
    const cells = (await row.locator('th, td').allInnerTexts()).map((text) => text.trim());
    result.push({
      reference: cells[0] ?? '',
      type: cells[1] ?? '',
      status: cells[cells.length - 1] ?? '',
      tagClass: (await row.locator('.govuk-tag').getAttribute('class')) ?? '',
    });
  }
  return result;
}

/** The text of the dashboard's "Showing x to y of z applications" line. */
const showing = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^Showing/ })
    .innerText();

/**
 * Starts a draft as /select-application's Continue does (its one call), for set-up where that page is not under test:
 * it is walked here once, and in the journeys' own spec files.
 */
async function startByApi(page: Page, applicationType: 'LA' | 'PB' | 'PD'): Promise<void> {
  await callApi(page, 'POST', '/api/draftApplications', { applicationType });
}

/** Starts an application from /select-application (which creates the draft) and lands on its first step. */
async function startFromSelection(
  page: Page,
  label: string,
  journey: 'level-1' | 'pvgcj' | 'pvgce',
): Promise<void> {
  await chooseApplication(page, label, () => expectAccessible(page, 'select application'));
  await atApplicantStep(page, journey, 'personal-information');
}

describe('applicant dashboard', () => {
  it('shows the page-size selector only above 5 applications; 5 rows by default, all of them at 10', async () => {
    const { page, context } = await newPage(browser);
    await signInAsNewApplicant(page);
    await page.waitForURL((url) => url.pathname === '/applicant/dashboard', { timeout: 60_000 });
    await waitForHeading(page, 'Your applications');
    await expect.poll(() => page.locator('main').innerText()).toContain('You have no applications yet');
    expect(await pageSizeSelect(page).count()).toBe(0);
    await expectAccessible(page, 'empty applicant dashboard');

    // Five applications, each started by the applicant: one of them from the PVG confirmation (join)
    // start page by its address (with the flag on it exists), one from /select-application, the others as that
    // page starts them (its call). Each start creates a draft.
    await page.goto('/applicant-apply/pvgcj/start');
    await waitForHeading(page, /.+/);
    await expect.poll(() => page.locator('main').innerText()).toContain(JOIN);
    await expectAccessible(page, 'pvgcj start page');
    await pressStartNow(page);
    await atApplicantStep(page, 'pvgcj', 'personal-information');
    await startFromSelection(page, 'Level 1', 'level-1');
    await startByApi(page, 'PD');
    await startByApi(page, 'LA');
    await startByApi(page, 'PB');

    await dashboard(page, 5);
    expect(await pageSizeSelect(page).count(), 'no selector at 5 applications').toBe(0);
    expect(await page.locator('.govuk-pagination').count()).toBe(0);
    expect(await showing(page)).toBe('Showing 1 to 5 of 5 applications');

    // The sixth brings the selector (the dashboard drawn again).
    await startByApi(page, 'PD');
    await page.reload();
    await dashboard(page, 5);
    expect(await showing(page)).toBe('Showing 1 to 5 of 6 applications');
    const select = pageSizeSelect(page);
    await expect.poll(() => select.count(), { message: 'a selector above 5 applications' }).toBe(1);
    expect((await select.locator('option').allInnerTexts()).map((text) => text.trim())).toEqual([
      '5',
      '10',
      '20',
      '30',
    ]);
    expect(await select.inputValue()).toBe('5');
    await expect.poll(() => page.locator('.govuk-pagination').count()).toBe(1);
    const firstPage = await rowCells(page);

    // Page 2 of 5 holds the sixth.
    await page.getByRole('link', { name: /Next/ }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await dashboard(page, 1, '?page=2');
    const secondPage = await rowCells(page);

    // Choosing 10 with the keyboard (focus the select, pick, Tab to "Show", Enter) shows all six.
    await page.goto('/applicant/dashboard');
    await dashboard(page, 5);
    await select.focus();
    await select.selectOption('10');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.textContent?.trim()),
      'Tab from the select reaches its button',
    ).toBe('Show');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('pageSize') === '10');
    await dashboard(page, 6, '?pageSize=10');
    expect(await showing(page)).toBe('Showing 1 to 6 of 6 applications');
    expect(await pageSizeSelect(page).inputValue()).toBe('10');
    expect(await page.locator('.govuk-pagination').count()).toBe(0);

    const all = await rowCells(page);
    expect(all.map((row) => row.reference)).toEqual(
      [...firstPage, ...secondPage].map((row) => row.reference),
    );
    expect(new Set(all.map((row) => row.reference)).size).toBe(6);
    expect(all.map((row) => row.type).sort()).toEqual(
      ['Level 1', 'Level 1', JOIN, JOIN, EXISTING, EXISTING].sort(),
    );
    // Section 4: a draft the applicant started is "Ready to start", orange, with no days-left text
    // (that is for viewed, expired and terminated only).
    for (const row of all) {
      expect(row.status, `status of ${row.reference}`).toBe('Ready to start');
      expect(row.tagClass, `tag of ${row.reference}`).toContain('govuk-tag--orange');
    }
    expect(await page.locator('.app-days-left').count()).toBe(0);

    // Each row opens its start page; the draft's own steps follow.
    await rows(page).first().getByRole('link').click();
    await page.waitForURL(/\/applicant-apply\/(level-1|pvgcj|pvgce)\/start\?token=/, { timeout: 60_000 });
    await waitForHeading(page, /.+/);
    await expectAccessible(page, 'start page from a dashboard row');
    await context.close();
  });
});

describe('scheme membership and personal details', () => {
  it('shows the PVG scheme membership of a member, from the menu', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'applicant-verified');
    await page.waitForURL((url) => url.pathname === '/applicant/dashboard', { timeout: 60_000 });
    await waitForHeading(page, 'Your applications');
    await page.getByRole('link', { name: 'PVG scheme membership', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/scheme-membership-details');
    await waitForHeading(page, 'PVG scheme membership');
    await expect.poll(() => page.locator('.govuk-summary-list').count(), { timeout: 60_000 }).toBe(1);
    expect(await answerFor(page, 'Membership number')).toBe('1504230000000300');
    expect(await answerFor(page, "Joined the children's scheme")).toBe('23 April 2015');
    expect(await answerFor(page, "Joined the protected adults' scheme")).toBe('03 September 2018');
    expect(await page.locator('main').innerText()).not.toContain('You are not a member');
    await expectAccessible(page, 'scheme membership of a member');

    await page.getByRole('link', { name: 'Personal details', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/personal-details');
    await waitForHeading(page, 'Personal details');
    await expect.poll(() => page.locator('.govuk-summary-list').count(), { timeout: 60_000 }).toBe(1);
    expect(await answerFor(page, 'Name')).toBe('Alex Morgan');
    expect(await answerFor(page, 'Date of birth')).toBe('12 April 1990');
    await expectAccessible(page, 'personal details of applicant-verified');
    await context.close();
  });

  it('tells an applicant who is not a member so, and shows their own personal details', async () => {
    const { page, context } = await newPage(browser);
    const person = await signInAsNewApplicantByRequest(page);
    await page.goto('/scheme-membership-details');
    await waitForHeading(page, 'PVG scheme membership');
    const main = page.locator('main');
    await expect
      .poll(() => main.innerText(), { timeout: 60_000 })
      .toMatch(/You are not a member of the PVG scheme|We cannot show your scheme membership/);
    await expect.poll(() => main.innerText()).toContain('You are not a member of the PVG scheme.');
    expect(await main.innerText()).not.toContain('We cannot show your scheme membership');
    await expectAccessible(page, 'scheme membership of a non-member');

    await page.goto('/personal-details');
    await waitForHeading(page, 'Personal details');
    await expect.poll(() => page.locator('.govuk-summary-list').count(), { timeout: 60_000 }).toBe(1);
    expect(await answerFor(page, 'Name')).toBe(`${person.firstName} ${person.lastName}`);
    expect(await answerFor(page, 'Date of birth')).toBe('17 May 1988');
    expect(await answerFor(page, 'Email address')).toBe(personaEmail(person));
    expect(await answerFor(page, 'Phone number')).toBe(PERSONA_PHONE);
    await expectAccessible(page, 'personal details of a new applicant');
    await context.close();
  });

  it('is not found for an application-only account, which has no membership menu item', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'application-only');
    await page.waitForURL((url) => url.pathname === '/applicant/dashboard', { timeout: 60_000 });
    await waitForHeading(page, 'Your applications');
    await expect
      .poll(() => page.getByRole('link', { name: 'Personal details', exact: true }).count())
      .toBe(1);
    expect(await page.getByRole('link', { name: 'PVG scheme membership', exact: true }).count()).toBe(0);
    await page.goto('/scheme-membership-details');
    await waitForHeading(page, 'Page not found');
    expect(await page.locator('main').innerText()).not.toContain('Membership number');
    await expectAccessible(page, 'scheme membership not found for application-only');
    await context.close();
  });
});

/** The three prefilled steps of the PVG join journey as the applicant finds them. */
interface JoinSteps {
  name: { title: string; first: string; last: string };
  dateOfBirth: { day: string; month: string; year: string };
  contact: { email: string; mobile: string };
}

/**
 * From the landing page of a handed-over PVG join application: Start now, then the name, date of
 * birth and contact details steps as they are first shown (each waited for and checked with axe),
 * keeping what is there and filling only what is empty, through to check-your-answers. Returns what
 * the three steps showed. (The step shows "Loading" until the prefill has arrived, so the form read
 * here has its first values.)
 */
async function walkJoinRecordingPrefill(page: Page, person: ApplicantPerson): Promise<JoinSteps> {
  await pressStartNow(page);
  const value = (label: string) => page.getByLabel(label, { exact: true }).inputValue();
  const fillIfEmpty = async (label: string, text: string) => {
    if ((await value(label)) === '') await page.getByLabel(label, { exact: true }).fill(text);
  };
  const walkTo = (stopAt?: string) =>
    walkApplicantToReview(page, 'pvg-join', {
      person,
      addresses: [{ by: 'postcode', postcode: 'G1 1AA', from: { month: 1, year: 2000 } }],
      ...(stopAt ? { stopAt } : {}),
    });

  await walkTo('name');
  const name = {
    title: await value('Title'),
    first: await value('First name'),
    last: await value('Last name'),
  };
  await page.getByLabel('Title').selectOption('Mx');
  await fillIfEmpty('First name', person.firstName);
  await fillIfEmpty('Last name', person.lastName);
  await pressAndLeave(page, 'Save and continue');

  await walkTo('date-of-birth');
  const dateOfBirth = { day: await value('Day'), month: await value('Month'), year: await value('Year') };
  await fillIfEmpty('Day', person.dateOfBirth.day);
  await fillIfEmpty('Month', person.dateOfBirth.month);
  await fillIfEmpty('Year', person.dateOfBirth.year);
  await pressAndLeave(page, 'Save and continue');

  await walkTo('contact-details');
  const contact = { email: await value('Email address'), mobile: await value('Mobile phone number') };
  await fillIfEmpty('Email address', personaEmail(person));
  await fillIfEmpty('Mobile phone number', PERSONA_PHONE);
  await pressAndLeave(page, 'Save and continue');

  await walkTo();
  expect(applicantStepOf(page, 'pvg-join')).toBe('check-your-answers');
  return { name, dateOfBirth, contact };
}

describe('PVG join prefilled from the enhanced personal details (flag on)', () => {
  it('fills name, date of birth and contact details from the identity record', async () => {
    const { org, applicant } = await sendFromOrganisationByApi(browser, 'pvg-join', {
      payment: { by: 'volunteer' },
      position: 'Prefill volunteer',
    });
    const link = await handoverLink(org.page, applicant.email);
    await org.context.close();

    const { page, context } = await newPage(browser);
    const person = await signInAsNewApplicant(page, { start: link });
    await landingPageText(page, 'pvg-join', 'Prefill volunteer');
    await expectAccessible(page, 'pvg-join landing page');
    const found = await walkJoinRecordingPrefill(page, person);
    expect(found.name).toEqual({ title: '', first: person.firstName, last: person.lastName });
    expect(found.dateOfBirth).toEqual({ day: '17', month: '5', year: '1988' });
    expect(found.contact).toEqual({ email: personaEmail(person), mobile: PERSONA_PHONE });
    // The prefilled answers were saved as the applicant's own.
    expect(await answerFor(page, 'Name')).toContain(`${person.firstName} ${person.lastName}`);
    expect(await answerFor(page, 'Email address')).toBe(personaEmail(person));
    await context.close();
  });
});

describe('feature flags off: prepopulation, PVG confirmation (join), level 1 organisation', () => {
  let server: RunningServer;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    server = await startServer({
      FEATURE_PREPOPULATE_PERSONAL_DETAILS: 'false',
      FEATURE_PVG_CONFIRMATION_JOIN: 'false',
      FEATURE_LEVEL1_ORGANISATION: 'false',
    });
    useServer(server.baseUrl);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    useServer(undefined);
    await server.stop();
  });

  async function pageOnServer(): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    return page;
  }

  it('PVG join starts with empty name, date of birth and contact details', async () => {
    const { org, applicant } = await sendFromOrganisationByApi(browser, 'pvg-join', {
      payment: { by: 'volunteer' },
      position: 'Unfilled volunteer',
    });
    contexts.push(org.context);
    const link = await handoverLink(org.page, applicant.email);

    const page = await pageOnServer();
    const person = await signInAsNewApplicant(page, { start: link });
    await landingPageText(page, 'pvg-join', 'Unfilled volunteer');
    await expectAccessible(page, 'pvg-join landing page, prefill off');
    const found = await walkJoinRecordingPrefill(page, person);
    expect(found.name).toEqual({ title: '', first: '', last: '' });
    expect(found.dateOfBirth).toEqual({ day: '', month: '', year: '' });
    expect(found.contact).toEqual({ email: '', mobile: '' });
    expect((await page.request.get('/api/personal-details/enhanced')).status()).toBe(404);
  });

  it('the PVG confirmation (join) and level 1 organisation journeys are not found, nor offered', async () => {
    const page = await pageOnServer();
    await signInAsNewApplicantByRequest(page);
    for (const journey of ['pvgcj', 'level-1-csg']) {
      await page.goto(`/applicant-apply/${journey}/start`);
      await waitForHeading(page, 'Page not found');
      await expectAccessible(page, `${journey} start with its flag off`);
    }
    // A step of the switched-off journey, with a token, is not found either.
    await page.goto('/applicant-apply/pvgcj/personal-information?token=00000000-0000-0000-0000-000000000000');
    await waitForHeading(page, 'Page not found');

    await page.goto('/select-application');
    await waitForHeading(page, 'What do you want to apply for?');
    expect(await radioLabels(page)).toEqual(['Level 1', EXISTING]);
    await expectAccessible(page, 'select application without the join confirmation');
    // What is offered still works.
    await page.getByLabel(EXISTING, { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await atApplicantStep(page, 'pvgce', 'personal-information');
  });
});

// Spec 01 section 2's overall menu items Account and Scheme membership (issue 29 item 14, decision 0055): Account
// in every signed-in person's menu, its page listing their account pages, Scheme membership the applicant's.
describe('the Account menu item', () => {
  it('opens the account page, whose Scheme membership link is the applicant’s PVG scheme membership', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'applicant-verified');
    await page.waitForURL((url) => url.pathname === '/applicant/dashboard', { timeout: 60_000 });
    await page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await waitForHeading(page, 'Your account');
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toContain('You are signed in as Alex Morgan.');
    await expectAccessible(page, 'account page of an applicant');
    await main.getByRole('link', { name: 'Scheme membership', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/scheme-membership-details');
    await waitForHeading(page, 'PVG scheme membership');
    await context.close();
  });

  it('lists the organisation’s details for a countersignatory, and works without JavaScript', async () => {
    const { page, context } = await newPage(browser, { javaScript: false });
    await signIn(page, 'csg');
    await page.goto('/account');
    await page.waitForURL((url) => url.pathname === '/account');
    await waitForHeading(page, 'Your account');
    const main = page.locator('main');
    expect(
      await main.getByRole('link', { name: 'Organisation details', exact: true }).getAttribute('href'),
    ).toBe('/countersignatory-details');
    expect(await main.getByRole('link', { name: 'Scheme membership', exact: true }).count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }).count()).toBe(
      1,
    );
    await expectAccessible(page, 'account page of a countersignatory without JavaScript');
    await context.close();
  });
});
