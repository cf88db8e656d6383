/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  baseUrl,
  callApi,
  expectAccessible,
  expectStandInAccessible,
  launchButton,
  newPage,
  signInByRequest,
} from './browser';
import {
  answerFor,
  applicantByEmail,
  emailsTo,
  findAddresses,
  newApplicant,
  rememberApplicant,
  signInNewCountersignatory,
  waitForHeading,
  type Applicant,
  type CardOutcome,
  type OrganisationJourneyId,
  type Payment,
} from './organisation';

// Page objects for the applicant side: signing in from the organisation's email link,
// the landing page, walking the nine applicant journeys step by step, declaration, payment and the
// confirmation pages, the applicant dashboard.

export type ApplicantJourneyId =
  | 'level-1'
  | 'level-1-csg'
  | 'level-2'
  | 'level-2-csg'
  | 'level-2-barred'
  | 'pvg-existing'
  | 'pvg-join'
  | 'pvgcj'
  | 'pvgce';

/** The h1 of each applicant step (the legend of a one-question page). */
export const APPLICANT_STEP_TITLES: Record<string, string> = {
  'personal-information': 'How we use your personal information',
  workforce: 'Who will you be working with?',
  name: 'What is your name?',
  'previous-name-check': 'Have you ever been known by any other names?',
  'previous-name': 'Your previous names',
  'mothers-maiden-name': "What is your mother's maiden name?",
  'date-of-birth': 'What is your date of birth?',
  gender: 'What is your gender?',
  'place-of-birth': 'Where were you born?',
  nationality: 'What is your nationality?',
  'address-history-intro': 'Your address history',
  'address/postcode/current': 'What is your current address?',
  'address/manual/current': 'What is your current address?',
  'address-history-check': 'Check your address history',
  'applicant-address/postcode': 'What is your address?',
  'applicant-address/manual': 'What is your address?',
  'contact-details': 'Your contact details',
  'pvg-number': 'Do you have a PVG scheme membership number?',
  'national-insurance-number': 'Do you have a National Insurance number?',
  'passport-check': 'Do you have a passport?',
  passport: 'Your passport details',
  'driving-licence-check': 'Do you have a driving licence?',
  'driving-licence': 'Your driving licence details',
  'regulatory-body-check': 'Are you a member of a regulatory body?',
  'regulatory-body': 'Which regulatory bodies are you a member of?',
  'check-your-answers': 'Check your answers before submitting your application',
  declaration: 'Declaration',
  'payment/error': 'Your payment was not successful',
  'applicant-confirmation': 'Application submitted',
  'basic-confirmation': 'Application received',
};

export function titleOf(step: string): string | undefined {
  if (/^address\/(postcode|manual)\/\d+$/.test(step)) return 'What was your previous address?';
  return APPLICANT_STEP_TITLES[step];
}

/** The path of the current page inside an applicant journey ('name', 'address/postcode/1', ...). */
export function applicantStepOf(page: Page, journey: ApplicantJourneyId): string {
  return new URL(page.url()).pathname.replace(`/applicant-apply/${journey}/`, '');
}

/** Waits for an applicant step to be shown (its h1), then checks it with axe. */
export async function atApplicantStep(
  page: Page,
  journey: ApplicantJourneyId,
  step: string,
  label = `${journey} ${step}`,
): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/applicant-apply/${journey}/${step}`, {
    timeout: 60_000,
  });
  const title = titleOf(step);
  if (title) await waitForHeading(page, title);
  await expectAccessible(page, label);
}

export const save = (page: Page) => page.getByRole('button', { name: 'Save and continue' });

/** Presses a button (or link) and waits to leave the page. */
export async function pressAndLeave(page: Page, name: string | RegExp): Promise<void> {
  const before = new URL(page.url()).pathname;
  await page.getByRole('button', { name }).or(page.getByRole('link', { name })).first().click();
  await page.waitForURL((url) => url.pathname !== before, { timeout: 60_000 });
}

/** Whom each hand-over link was emailed to, so the person who opens it can be that applicant. */
const linkRecipients = new Map<string, string>();

/** The sign-in link of the newest hand-over email to an address (waits for it to arrive). */
export async function handoverLink(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const [message] = await emailsTo(page, email);
        link = /https?:\/\/\S+\?uuid=[0-9a-f-]{36}/.exec(message?.body ?? '')?.[0];
        return link;
      },
      { timeout: 60_000, message: `hand-over email to ${email}` },
    )
    .toBeTruthy();
  if (link) linkRecipients.set(link, email);
  return link ?? '';
}

/** The date of birth on the identity record of every new applicant persona (signInAsNewApplicant). */
export const NEW_APPLICANT_BIRTH = { day: '17', month: '5', year: '1988' };

/** The applicant an organisation names: someone new, or (`sameNameAs`) the same person again. */
function applicantToSend(sameNameAs?: Applicant): Applicant {
  return rememberApplicant({
    // Another first name for a second application to the same person, so lists filtered by name tell them apart.
    ...newApplicant(sameNameAs ? 'Rowan' : 'Robin'),
    dateOfBirth: NEW_APPLICANT_BIRTH,
    ...(sameNameAs ? { lastName: sameNameAs.lastName } : {}),
  });
}

/** The application type code of each organisation journey. */
const ORGANISATION_TYPE_CODES: Record<OrganisationJourneyId, string> = {
  'level-1': 'LA',
  'level-2': 'LB',
  'level-2-barred': 'LC',
  'pvg-join': 'PA',
  'pvg-existing': 'PC',
};

/** The answers `walkToCheckYourAnswers` gives each organisation journey, as the save call takes them. */
function organisationAnswers(
  journey: OrganisationJourneyId,
  applicant: Applicant,
  { payment, position }: { payment: Payment; position: string },
) {
  const pvg = journey === 'pvg-join' || journey === 'pvg-existing';
  const volunteer = payment.by === 'volunteer';
  return {
    ...(pvg ? {} : { confirmRoleQualifies: true }),
    roleDetails: { position, ...(pvg ? { volunteerForQualifyingOrganisation: volunteer } : {}) },
    ...(journey === 'level-2-barred'
      ? { workforces: ['CHILD', 'ADULT'] }
      : pvg
        ? { workforces: ['ADULT'] }
        : {}),
    confirmationOfIdentity: true,
    applicantName: { forename: applicant.firstName, surname: applicant.lastName },
    applicantDateOfBirth: {
      day: Number(applicant.dateOfBirth.day),
      month: Number(applicant.dateOfBirth.month),
      year: Number(applicant.dateOfBirth.year),
    },
    applicantEmail: applicant.email,
    applicantCurrentAddress: {
      line1: '1 Harbour Wynd',
      town: 'Edinburgh',
      postcode: 'EH6 6AA',
      country: 'GB',
    },
    csgAnotherOrganisation: { isCsgForAnotherOrganisation: false },
    ...(volunteer
      ? {}
      : payment.by === 'applicant'
        ? { whoWillPay: 'Applicant' }
        : { whoWillPay: 'Organisation', onlinePaymentType: 'INVOICE' }),
  };
}

/**
 * An organisation-started application for a new applicant (Robin), sent through the API for the specs whose subject
 * is the applicant's side (the organisation's pages are walked in organisation-journeys.spec.ts): a new
 * countersignatory saves the answers `walkToCheckYourAnswers` would give, declares and completes, and the hand-over
 * email goes out. The organisation enters the surname and date of birth the applicant will sign in with (linking
 * checks them); `sameNameAs` sends a second application to the same person (another email address). Card payments
 * by the organisation are not offered here (they need the card page).
 */
export async function sendFromOrganisationByApi(
  browser: Browser,
  journey: OrganisationJourneyId,
  options: { payment: Exclude<Payment, { by: 'card' }>; position: string; sameNameAs?: Applicant },
) {
  const org = await newPage(browser);
  const applicant = applicantToSend(options.sameNameAs);
  await signInNewCountersignatory(org.page);
  const { draftApplicationToken, applicationReference } = await callApi<{
    draftApplicationToken: string;
    applicationReference: string;
  }>(org.page, 'POST', '/api/draftApplications', { applicationType: ORGANISATION_TYPE_CODES[journey] });
  const draft = `/api/draftApplications/${draftApplicationToken}`;
  await callApi(
    org.page,
    'PUT',
    `${draft}/countersignatory`,
    organisationAnswers(journey, applicant, options),
  );
  await callApi(org.page, 'POST', `${draft}/submitted`, { agreed: true });
  await callApi(org.page, 'PUT', `${draft}/complete`, {});
  return { org, applicant, reference: applicationReference };
}

/**
 * A PVG confirmation (join) the applicant on `page` (signed in, verified) starts and pays for by card, sent through
 * the API for the specs whose subject comes after it (applicant-journeys.spec.ts walks its pages and the card page):
 * the draft, the answers `walkApplicantToReview` gives it with one regulatory body, the declaration, the card page's
 * "Confirm payment" posted as its form posts it, and the payment's status asked as the return page asks it.
 * Returns the application's reference.
 */
export async function paidConfirmationByApi(page: Page, person: ApplicantPerson): Promise<string> {
  const { draftApplicationToken: token, applicationReference } = await callApi<{
    draftApplicationToken: string;
    applicationReference: string;
  }>(page, 'POST', '/api/draftApplications', { applicationType: 'PB' });
  const draft = `/api/draftApplications/${token}`;
  await callApi(page, 'PUT', `${draft}/applicant`, {
    schemeInfo: { applicationType: 'PB', workforces: ['ADULT'] },
    ...personalDetailsPayload(person, 'robin@example.com', monthsAgo(12 * 8)),
    previousNames: [],
    regulatoryBodies: {
      isRegulatoryBodyMember: true,
      details: [
        { code: '103', name: 'General Dental Council', selected: true, registrationNumber: '123456' },
      ],
    },
  });
  const declared = await callApi<{ cardPaymentRequired: boolean }>(page, 'POST', `${draft}/submitted`, {
    agreed: true,
  });
  expect(declared.cardPaymentRequired).toBe(true);
  const { nextUrl } = await callApi<{ nextUrl: string | null }>(page, 'POST', `${draft}/payment`, {
    onlinePaymentType: 'CARD',
    returnUrl: `/applicant-apply/pvgcj/payment/redirect?token=${token}`,
  });
  const paid = await page.request.post(nextUrl ?? '', {
    form: { action: 'confirm' },
    headers: { origin: baseUrl() },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  const payment = await callApi<{ status: string }>(page, 'GET', `${draft}/payment`);
  expect(payment.status).toBe('SUCCESS');
  return applicationReference;
}

/** Waits for the landing page of an organisation-started journey to show `expected`; returns the text of main. */
export async function landingPageText(
  page: Page,
  journey: ApplicantJourneyId,
  expected: string,
): Promise<string> {
  await page.waitForURL(new RegExp(`/applicant-apply/${journey}/start\\?token=`), { timeout: 60_000 });
  const main = page.locator('main');
  await expect.poll(() => main.innerText(), { timeout: 60_000 }).toContain(expected);
  return main.innerText();
}

/** Presses "Start now" on a landing page (a button or a link). */
export async function pressStartNow(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: 'Start now' })
    .or(page.getByRole('link', { name: 'Start now' }))
    .click();
}

/**
 * /select-application: waits for the page, runs `checks` on it (if any), then picks the application
 * type with this label and presses Continue.
 */
export async function chooseApplication(
  page: Page,
  label: string,
  checks?: () => Promise<void>,
): Promise<void> {
  await page.goto('/select-application');
  await waitForHeading(page, 'What do you want to apply for?');
  await checks?.();
  await page.getByLabel(label, { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

export interface ApplicantPerson {
  firstName: string;
  lastName: string;
  /** As in the identity record of the custom persona. */
  dateOfBirth: { day: string; month: string; year: string };
}

/**
 * Who a new applicant persona is: the person the organisation named when they open that organisation's hand-over
 * link (so linking matches them), otherwise someone new.
 */
function applicantIdentity(start: string | undefined, someoneElse: boolean) {
  const recipientEmail = start && !someoneElse ? linkRecipients.get(start) : undefined;
  const named = recipientEmail ? applicantByEmail(recipientEmail) : undefined;
  const lastName =
    named?.lastName ??
    `Applicant${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const dateOfBirth = named?.dateOfBirth ?? NEW_APPLICANT_BIRTH;
  const isoBirth = `${dateOfBirth.year}-${dateOfBirth.month.padStart(2, '0')}-${dateOfBirth.day.padStart(2, '0')}`;
  return { lastName, dateOfBirth, isoBirth };
}

/**
 * Signs in as a made-up applicant of our own, starting at `start` (the email link, or the launch
 * page when omitted); returns the person. Opening a hand-over link, they are the applicant the
 * organisation named (same surname and date of birth) unless `someoneElse`; otherwise a new surname. The identity record's
 * date of birth is 17 May 1988 unless the organisation entered another.
 */
export async function signInAsNewApplicant(
  page: Page,
  {
    assuranceLevel = 'DS_VERIFIED',
    start,
    someoneElse = false,
  }: { assuranceLevel?: string; start?: string; someoneElse?: boolean } = {},
): Promise<ApplicantPerson> {
  const { lastName, dateOfBirth, isoBirth } = applicantIdentity(start, someoneElse);
  if (start) await page.goto(start);
  else {
    await page.goto('/');
    await launchButton(page).click();
  }
  await page.waitForURL(/\/local\/idp\/interaction\//);
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Date of birth').fill(isoBirth);
  await page.getByLabel('Role').selectOption('APPLICANT');
  await page.getByLabel('Identity assurance level').selectOption(assuranceLevel);
  await page.getByRole('button', { name: 'Sign in as custom persona' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/local/') && !url.pathname.startsWith('/oauth2/'));
  return { firstName: 'Robin', lastName, dateOfBirth };
}

export type AddressEntry =
  | { by: 'postcode'; postcode: string; from: { month: number; year: number } }
  | { by: 'manual'; line1: string; town: string; postcode: string; from: { month: number; year: number } };

/**
 * The same applicant for set-up, where the sign-in pages are not under test: signed in through requests
 * (signInByRequest); with a hand-over link, the sign-in carries its identifiers as the launch page's button does,
 * and the returned `landed` is where the service sends them (`/application-redirect?uuid=…`). No page is drawn.
 */
export async function signInAsNewApplicantByRequest(
  page: Page,
  { assuranceLevel = 'DS_VERIFIED', start }: { assuranceLevel?: string; start?: string } = {},
): Promise<ApplicantPerson & { landed: string }> {
  const { lastName, dateOfBirth, isoBirth } = applicantIdentity(start, false);
  const query = start ? new URL(start).search : '';
  const landed = await signInByRequest(
    page,
    { givenName: 'Robin', familyName: lastName, birthdate: isoBirth, role: 'APPLICANT', assuranceLevel },
    `/oauth2/authorization/dis${query}`,
  );
  return { firstName: 'Robin', lastName, dateOfBirth, landed };
}

/**
 * The applicant's own pages answered as their save payload carries them, for set-up through the API: no previous
 * names, one address lived at since `residentFrom`, no NI number, passport or driving licence.
 */
export function personalDetailsPayload(
  person: ApplicantPerson,
  email: string,
  residentFrom: { month: number; year: number },
) {
  return {
    personalInfoAgreed: true,
    currentName: { title: 'Mx', forename: person.firstName, surname: person.lastName },
    hasPreviousNames: false,
    mothersMaidenName: 'Smith',
    dateOfBirth: {
      day: Number(person.dateOfBirth.day),
      month: Number(person.dateOfBirth.month),
      year: Number(person.dateOfBirth.year),
    },
    gender: 'F',
    placeOfBirth: 'Inverness',
    countryOfBirth: 'United Kingdom',
    nationality: 'British',
    currentAddress: {
      line1: '1 Harbour Wynd',
      town: 'Edinburgh',
      postcode: 'EH6 6AA',
      country: 'GB',
      residentFrom,
    },
    previousAddresses: [],
    contactDetails: { email, telephone: '07700900123' },
    nationalInsuranceNumber: { hasNINumber: false },
    passport: { hasPassport: false },
    drivingLicence: { hasDrivingLicence: false },
  };
}

/** A month and year `years` years (and `months` months) before now. */
export function monthsAgo(months: number): { month: number; year: number } {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() - months, 1);
  return { month: date.getMonth() + 1, year: date.getFullYear() };
}

export interface ApplicantWalk {
  person: ApplicantPerson;
  /** Previous names to give (none answers "No"). */
  previousNames?: { forename: string; surname: string }[];
  /** The address history, newest first (the current address alone in the membership journeys). */
  addresses?: AddressEntry[];
  /** Regulatory bodies to give (none answers "No"). */
  regulatoryBodies?: { name: string; number: string }[];
  niNumber?: string;
  passport?: boolean;
  drivingLicence?: boolean;
  email?: string;
  /** Stop on this step (once it has been checked), before answering it. */
  stopAt?: string;
  /** Called on each step before it is answered: error states and extra checks. */
  onStep?: (step: string) => Promise<void>;
}

const DEFAULT_HISTORY: AddressEntry[] = [{ by: 'postcode', postcode: 'EH6 6AA', from: monthsAgo(12 * 8) }];

/** Fills the month and year of "When did you start living at this address?". */
async function fillResidentFrom(page: Page, from: { month: number; year: number }): Promise<void> {
  const group = page.getByRole('group', { name: /When did you start living at this address/ });
  await group.getByLabel('Month').fill(String(from.month));
  await group.getByLabel('Year').fill(String(from.year));
}

/**
 * Answers every step of an applicant journey from the page it is on to check-your-answers, with axe
 * on each page; returns the steps visited, following the product's own navigation.
 */
export async function walkApplicantToReview(
  page: Page,
  journey: ApplicantJourneyId,
  walk: ApplicantWalk,
): Promise<string[]> {
  await page.waitForURL((url) => url.pathname.startsWith(`/applicant-apply/${journey}/`), {
    timeout: 60_000,
  });
  const visited: string[] = [];
  const addresses = walk.addresses ?? DEFAULT_HISTORY;
  let addressIndex = 0;
  for (let i = 0; i < 40; i++) {
    const step = applicantStepOf(page, journey);
    await atApplicantStep(page, journey, step);
    visited.push(step);
    await walk.onStep?.(step);
    if (step === 'check-your-answers' || step === walk.stopAt) return visited;
    if (step === 'address-history-intro' || step === 'address-history-check') {
      await pressAndLeave(page, 'Continue');
      continue;
    }
    const address = /^(?:applicant-)?address\/(postcode|manual)/.exec(step);
    if (address) {
      const entry = addresses[addressIndex];
      if (!entry) throw new Error(`No address planned for ${step}`);
      if (address[1] === 'postcode' && entry.by === 'manual') {
        await page.getByRole('link', { name: 'Enter the address manually' }).click();
        visited.pop();
        continue;
      }
      if (entry.by === 'postcode') {
        await findAddresses(page, entry.postcode);
        await page.getByLabel('Select an address').selectOption({ index: 1 });
      } else {
        await page.getByLabel('Address line 1').fill(entry.line1);
        await page.getByLabel('Town or city').fill(entry.town);
        await page.getByLabel('Postcode').fill(entry.postcode);
      }
      if (!step.startsWith('applicant-address')) await fillResidentFrom(page, entry.from);
      addressIndex++;
      await pressAndLeave(page, 'Save and continue');
      continue;
    }
    await answerStep(page, step, walk);
    await pressAndLeave(page, 'Save and continue');
  }
  throw new Error(`Did not reach check-your-answers: ${visited.join(', ')}`);
}

const yes = (page: Page, answer: boolean) => page.getByLabel(answer ? 'Yes' : 'No', { exact: true }).check();

/** Answers one (non-address) step with the walk's values. */
export async function answerStep(page: Page, step: string, walk: ApplicantWalk): Promise<void> {
  const { person } = walk;
  switch (step) {
    case 'personal-information':
      await page.getByRole('checkbox').check();
      return;
    case 'workforce':
      await page.getByRole('checkbox').first().check();
      return;
    case 'name':
      await page.getByLabel('Title', { exact: true }).selectOption('Mx');
      await page.getByLabel('First name').fill(person.firstName);
      await page.getByLabel('Last name').fill(person.lastName);
      return;
    case 'previous-name-check':
      await yes(page, (walk.previousNames?.length ?? 0) > 0);
      return;
    case 'previous-name':
      await fillPreviousNames(page, walk.previousNames ?? []);
      return;
    case 'mothers-maiden-name':
      await page.getByLabel("Mother's maiden name").fill('Smith');
      return;
    case 'date-of-birth':
      await page.getByLabel('Day').fill(person.dateOfBirth.day);
      await page.getByLabel('Month').fill(person.dateOfBirth.month);
      await page.getByLabel('Year').fill(person.dateOfBirth.year);
      return;
    case 'gender':
      await page.getByLabel('Female', { exact: true }).check();
      return;
    case 'place-of-birth':
      await page.getByLabel('Town or city of birth').fill('Inverness');
      await page.getByLabel('Country of birth').fill('United Kingdom');
      return;
    case 'nationality':
      await page.getByLabel('Nationality').fill('British');
      return;
    case 'contact-details':
      await page.getByLabel('Email address').fill(walk.email ?? 'robin@example.com');
      await page.getByLabel('Mobile phone number').fill('07700900123');
      return;
    case 'pvg-number':
      return;
    case 'national-insurance-number':
      await yes(page, walk.niNumber !== undefined);
      if (walk.niNumber) await page.getByLabel('National Insurance number').fill(walk.niNumber);
      return;
    case 'passport-check':
      await yes(page, walk.passport === true);
      return;
    case 'passport':
      await page.getByLabel('Country of issue').fill('United Kingdom');
      await page.getByLabel('Passport number').fill('123456789');
      return;
    case 'driving-licence-check':
      await yes(page, walk.drivingLicence === true);
      return;
    case 'driving-licence':
      await page.getByLabel('Country of issue').fill('United Kingdom');
      await page.getByLabel('Great Britain', { exact: true }).check();
      await page.getByLabel('Driving licence number').fill('MORGA657054SM9IJ');
      return;
    case 'regulatory-body-check':
      await yes(page, (walk.regulatoryBodies?.length ?? 0) > 0);
      return;
    case 'regulatory-body':
      for (const body of walk.regulatoryBodies ?? []) {
        await page.getByLabel(body.name, { exact: true }).check();
        await page.getByLabel(`${body.name} registration number`).fill(body.number);
      }
      return;
    default:
      throw new Error(`Unexpected step ${step}: ${await page.locator('main').innerText()}`);
  }
}

/** Fills the previous-names list, adding entries as needed. */
export async function fillPreviousNames(
  page: Page,
  names: { forename: string; surname: string }[],
): Promise<void> {
  for (const [index, name] of names.entries()) {
    if ((await page.locator(`#previousNames-${index}-forename`).count()) === 0)
      await page.getByRole('button', { name: 'Add another name' }).click();
    await page.locator(`#previousNames-${index}-forename`).fill(name.forename);
    await page.locator(`#previousNames-${index}-surname`).fill(name.surname);
  }
}

/** From check-your-answers: Continue, tick the declaration, and submit (or pay and submit). */
export async function declareAndSubmit(
  page: Page,
  journey: ApplicantJourneyId,
  button: 'Submit application' | 'Pay and submit',
): Promise<void> {
  await pressAndLeave(page, 'Continue');
  await atApplicantStep(page, journey, 'declaration');
  await page.getByRole('checkbox', { name: 'I agree to the declaration' }).check();
  await page.getByRole('button', { name: button }).click();
}

/** On the local card payment page: checks it and presses one of its buttons. */
export async function payOnCardPage(page: Page, outcome: CardOutcome): Promise<void> {
  await page.waitForURL(/\/local\/pay\//, { timeout: 60_000 });
  await expect.poll(() => page.getByRole('button', { name: outcome }).count()).toBe(1);
  await expectStandInAccessible(page, 'local card payment page');
  await page.getByRole('button', { name: outcome }).click();
}

/** The confirmation (normal or basic): waits for its panel, checks axe, returns the text of main. */
export async function applicantConfirmation(
  page: Page,
  journey: ApplicantJourneyId,
  kind: 'applicant-confirmation' | 'basic-confirmation',
): Promise<string> {
  await page.waitForURL((url) => url.pathname === `/applicant-apply/${journey}/${kind}`, { timeout: 60_000 });
  await expect.poll(() => page.locator('.govuk-panel').count(), { timeout: 60_000 }).toBe(1);
  await waitForHeading(page, APPLICANT_STEP_TITLES[kind] ?? '');
  await expectAccessible(page, `${journey} ${kind}`);
  return (await page.locator('main').innerText()) ?? '';
}

/** The reference on the applicant's check-your-answers. */
export const applicantReference = (page: Page) => answerFor(page, 'Application reference');

/** The applicant dashboard, checked with axe; returns its rows. */
export async function applicantDashboard(page: Page) {
  await page.goto('/applicant/dashboard');
  await waitForHeading(page, /.+/);
  const rows = page.locator('table tbody tr, .govuk-summary-card');
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThan(0);
  await expectAccessible(page, 'applicant dashboard');
  return rows;
}

/**
 * The error state of a page after an empty submit: the title prefixed "Error: ", one GOV.UK error
 * summary with at least one message, each message also shown against its field, and nothing axe
 * objects to. Returns the messages.
 */
export async function expectErrorState(
  page: Page,
  label: string,
  { inline: checkInline = true }: { inline?: boolean } = {},
): Promise<string[]> {
  await expect.poll(() => page.title(), { timeout: 60_000, message: `${label}: title` }).toMatch(/^Error: /);
  const summary = page.locator('.govuk-error-summary');
  await expect.poll(() => summary.count()).toBe(1);
  await expect
    .poll(() => summary.getByRole('heading').innerText())
    .toBe('Fields are missing or contain errors');
  const messages = (await summary.locator('.govuk-error-summary__list a').allInnerTexts()).map((t) =>
    t.trim(),
  );
  expect(messages.length, `${label}: messages in the summary`).toBeGreaterThan(0);
  const inline = (await page.locator('.govuk-error-message').allInnerTexts()).map((text) =>
    text.replace(/^\s*Error:\s*/, '').trim(),
  );
  if (checkInline)
    for (const message of messages)
      expect(inline, `${label}: inline messages ${JSON.stringify(inline)}`).toContain(message);
  await expectAccessible(page, `${label} (errors)`);
  return messages;
}

/** Presses "Save and continue" on an empty (or wrongly answered) step and checks the error state. */
export async function submitEmpty(
  page: Page,
  label: string,
  options?: { inline?: boolean },
): Promise<string[]> {
  await save(page).click();
  return expectErrorState(page, label, options);
}
