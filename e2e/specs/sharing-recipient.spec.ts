import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage } from '../support/browser';
import { expectErrors, isButton, tabTo, waitForHeading } from '../support/organisation';
import { b2bResult as b2bResultThroughApi, issueResultByApi, submittedApplication } from '../support/results';
import { ownServerAndBrowser } from '../support/own-server';
import { outboxEntries, smsCode, startSharingWithCode, chooseDigitalShare } from '../support/sharing';

// Recipient links in the browser: an applicant shares a B2B result (the recipient-details route) with a named
// person, after the SMS code; the recipient, with no account and in a browser of their own, opens the emailed
// link, answers the identity questions and reads the result. The recipient's journey is also made with the
// keyboard alone. A basic result is shared with the simple form; its recipient gets a text-message code and the
// page closes at its time-out (Playwright's clock).

const own = ownServerAndBrowser();

/** The link in the newest email to the recipient. */
async function recipientLink(page: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const message = (await outboxEntries(page)).find((m) => m.to === email);
        link =
          /https?:\/\/\S+\/before-you-continue\?token=[A-Za-z0-9_-]+/.exec(message?.body ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();
  return link;
}

/** A B2B result (the recipient-details route), the applicant's page open on it. */
async function b2bResult() {
  const { applicant, person: me, reference, resultId } = await b2bResultThroughApi(own.browser);
  const { page } = applicant;
  await page.goto(`/results/${resultId}`);
  await waitForHeading(page, 'Your result');
  const dateOfBirth = `${me.dateOfBirth.day}/${me.dateOfBirth.month}/${me.dateOfBirth.year}`;
  return { page, resultId, reference, dateOfBirth: me.dateOfBirth, dateOfBirthText: dateOfBirth };
}

const RECIPIENT_EMAIL = 'jordan.employer@example.com';

/** The applicant shares the result on the page with the recipient, through every state of the form. */
async function shareWithRecipient(page: Page, email: string) {
  await startSharingWithCode(page);
  await chooseDigitalShare(page, true);

  await page.waitForURL(/\/share\/recipient-details\?resultId=/, { timeout: 60_000 });
  await waitForHeading(page, 'Who do you want to share your result with?');
  await expectAccessible(page, 'recipient details');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectErrors(
    page,
    [
      'Enter the name of the person you are sharing with',
      'Enter the position applied for',
      "Enter the recipient's email address",
      "Enter the recipient's phone number",
      'Enter your email address',
    ],
    'recipient details, empty',
  );
  await page.getByLabel("Recipient's full name").fill('Jordan Employer');
  await page.getByLabel('Position you applied for').fill('Care assistant');
  await page.getByLabel("Recipient's email address").fill(email);
  await page.getByLabel("Recipient's phone number").fill('07700900456');
  await page.getByLabel('Your email address').fill('robin@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();

  await waitForHeading(page, "What is the recipient's address?");
  await expectAccessible(page, 'recipient address lookup');
  await page.getByLabel('Postcode').fill('EH6 6AA');
  await page.getByRole('button', { name: 'Find address' }).click();
  await page.getByLabel('Select an address').selectOption({ index: 1 });
  await expectAccessible(page, 'recipient address, addresses found');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await waitForHeading(page, "Check the recipient's details");
  await expect.poll(() => page.locator('.govuk-summary-list').innerText()).toContain('Jordan Employer');
  await expectAccessible(page, 'recipient details check');
  await page.getByRole('button', { name: 'Share result' }).click();
  await page.waitForURL(/\/share-success\?resultId=.*to=recipient/, { timeout: 60_000 });
  await waitForHeading(page, 'Result shared successfully');
  await expectAccessible(page, 'recipient share success');
}

/**
 * The first test's share, opened again by the keyboard test in the recipient's browser (a link works until it
 * expires, in the browser that first answered its questions: decision 0039).
 */
let firstShare: {
  applicant: Page;
  recipient: Page;
  resultId: string;
  link: string;
  reference: string;
  dateOfBirth: { day: string; month: string; year: string };
};

describe('a recipient link', () => {
  it('is sent to the person the applicant names, who opens it with no account and reads the result', async () => {
    const shared = await b2bResult();
    await shareWithRecipient(shared.page, RECIPIENT_EMAIL);
    const link = await recipientLink(shared.page, RECIPIENT_EMAIL);
    // The recipient: a browser of their own, never signed in.
    const { page } = await newPage(own.browser);
    firstShare = {
      applicant: shared.page,
      recipient: page,
      resultId: shared.resultId,
      link,
      reference: shared.reference,
      dateOfBirth: shared.dateOfBirth,
    };
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/before-you-continue' && url.search === '', {
      timeout: 60_000,
    });
    await waitForHeading(page, 'Before you continue');
    await expectAccessible(page, 'before you continue');
    await page.getByRole('button', { name: 'Continue' }).click();

    await waitForHeading(page, "Enter the applicant's details");
    await expectAccessible(page, 'additional information');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(
      page,
      ["Enter the applicant's date of birth", 'Enter the application reference number'],
      'additional information, empty',
    );
    // Wrong details: a message in the form (spec 02 section 8), then the right ones.
    const group = page.getByRole('group', { name: "Applicant's date of birth" });
    await group.getByLabel('Day').fill('1');
    await group.getByLabel('Month').fill('1');
    await group.getByLabel('Year').fill('1970');
    await page.getByLabel('Application reference').fill(shared.reference);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(
      page,
      [
        'The details you entered do not match the application. Check the date of birth and application reference number',
      ],
      'additional information, details that do not match',
    );
    await group.getByLabel('Day').fill(shared.dateOfBirth.day);
    await group.getByLabel('Month').fill(shared.dateOfBirth.month);
    await group.getByLabel('Year').fill(shared.dateOfBirth.year);
    await page.getByLabel('Application reference').fill(shared.reference);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/shared-result\?sharedResultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'Shared disclosure result');
    await expect.poll(() => page.locator('main').innerText()).toContain('This link works until');
    await expectAccessible(page, 'shared result');
    await page.getByRole('button', { name: 'Close the result' }).click();
    await waitForHeading(page, 'You have finished viewing the result');
    await expectAccessible(page, 'complete');

    // A made-up token, and a blank one: the broken-link page, the same either way.
    await page.goto('/before-you-continue?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await waitForHeading(page, 'This link does not work');
    await expectAccessible(page, 'broken link');
    await page.goto('/additional-information?token=');
    await waitForHeading(page, 'This link does not work');
    // Where the attempts-exceeded answer leads (the page's own test makes the call): the link no longer works.
    await page.goto('/incorrect-details');
    await waitForHeading(page, 'The details you entered do not match');
    await expect.poll(() => page.locator('main').innerText()).toContain('this link no longer works');
    await expectAccessible(page, 'incorrect details');
  });

  it('the recipient journey with the keyboard alone', async () => {
    // The same link again, in another browser: the link is the first browser's now, its use spent here (the
    // expired page, spec 02 section 8).
    const shared = firstShare;
    const other = await newPage(own.browser);
    await other.page.goto(shared.link);
    await waitForHeading(other.page, 'This link has expired');
    await expectAccessible(other.page, 'link already used');
    await other.context.close();
    // In the recipient's own browser it opens, and each visit answers the questions again.
    const page = shared.recipient;
    await page.goto(shared.link);
    await waitForHeading(page, 'Before you continue');
    await tabTo(page, isButton('Continue'), { what: 'continue' });
    await page.keyboard.press('Enter');
    await waitForHeading(page, "Enter the applicant's details");
    await tabTo(page, (el) => el.tag === 'input' && el.label === 'Day', { what: 'the day' });
    await page.keyboard.type(shared.dateOfBirth.day);
    await page.keyboard.press('Tab');
    await page.keyboard.type(shared.dateOfBirth.month);
    await page.keyboard.press('Tab');
    await page.keyboard.type(shared.dateOfBirth.year);
    await page.keyboard.press('Tab');
    await page.keyboard.type(shared.reference);
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'Shared disclosure result');
    await tabTo(page, isButton('Close the result'), { what: 'close' });
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'You have finished viewing the result');
  });

  it('shows the applicant each opening, and once they stop sharing the link no longer opens', async () => {
    const { applicant, resultId, link } = firstShare;
    await applicant.goto(`/who-can-see-my-result?resultId=${resultId}`);
    await waitForHeading(applicant, 'Who can see your result');
    const main = applicant.locator('main');
    await expect.poll(() => main.innerText()).toContain('Jordan Employer');
    // The recipient read the result twice (the first test and the keyboard test): each opening is listed.
    await expect.poll(async () => (await main.innerText()).match(/Opened \d/g)?.length ?? 0).toBe(2);
    await expectAccessible(applicant, 'who can see my result, opened twice');
    // The recipient reads it again (Playwright's clock, for the page's poll), and is still reading when it stops.
    const reader = firstShare.recipient;
    await reader.clock.install();
    await reader.goto(firstShare.link);
    await waitForHeading(reader, 'Before you continue');
    await reader.getByRole('button', { name: 'Continue' }).click();
    await waitForHeading(reader, "Enter the applicant's details");
    await reader.getByLabel('Day').fill(firstShare.dateOfBirth.day);
    await reader.getByLabel('Month').fill(firstShare.dateOfBirth.month);
    await reader.getByLabel('Year').fill(firstShare.dateOfBirth.year);
    await reader.getByLabel('Application reference').fill(firstShare.reference);
    await reader.getByRole('button', { name: 'Continue' }).click();
    await waitForHeading(reader, 'Shared disclosure result');
    await applicant.getByRole('link', { name: /^Stop sharing/ }).click();
    await waitForHeading(
      applicant,
      /^Are you sure you want to stop sharing your result with Jordan Employer/,
    );
    await applicant.getByRole('button', { name: 'Stop sharing' }).click();
    await waitForHeading(applicant, 'Who can see your result');
    await expect.poll(() => main.innerText()).toContain('You have stopped sharing your result with');
    // The open page asks the server again at its interval (decision 0074: a plain poll, no app) and leaves.
    await reader.clock.fastForward('00:31');
    await waitForHeading(reader, 'This link has expired');
    await expectAccessible(reader, 'stopped while reading');

    // The recipient's link, opened again in a browser of its own: the broken-link page.
    const { page } = await newPage(own.browser);
    await page.goto(link);
    await waitForHeading(page, 'This link does not work');
    await expectAccessible(page, 'stopped link');
  });

  it('a basic result: shared with the simple form, opened with a text-message code, closed by its time-out', async () => {
    const app = await submittedApplication(own.browser);
    const { page } = app.applicant;
    const resultId = await issueResultByApi(page, app.reference, 'clear-basic');
    await page.goto(`/results/${resultId}/basic`);
    await startSharingWithCode(page);
    await chooseDigitalShare(page, true);
    await waitForHeading(page, 'Who do you want to share your basic disclosure with?');
    await expectAccessible(page, 'basic recipient details');
    const email = 'pat.basic@example.com';
    await page.getByLabel("Recipient's email address").fill(email);
    await page.getByLabel("Recipient's phone number").fill('07700900456');
    await page.getByLabel('Your email address').fill('robin@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForHeading(page, "Check the recipient's details");
    await page.getByRole('button', { name: 'Share result' }).click();
    await waitForHeading(page, 'Result shared successfully');

    let link = '';
    await expect
      .poll(
        async () => {
          const message = (await outboxEntries(page)).find((m) => m.to === email);
          link = /https?:\/\/\S+\/shared-basic\?token=[A-Za-z0-9_-]+/.exec(message?.body ?? '')?.[0] ?? '';
          return link;
        },
        { timeout: 60_000 },
      )
      .toBeTruthy();

    const recipient = await newPage(own.browser);
    const r = recipient.page;
    await r.clock.install();
    await r.goto(link);
    await r.waitForURL((url) => url.pathname === '/shared-basic' && url.search === '', { timeout: 60_000 });
    await waitForHeading(r, 'Get a security code');
    await expect.poll(() => r.getByText('the phone number ending 0456').count()).toBe(1);
    await expectAccessible(r, 'basic link, send code');
    await r.getByRole('button', { name: 'Send security code' }).click();
    await waitForHeading(r, 'Check your phone');
    const input = r.getByLabel('Security code');
    expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
    await expectAccessible(r, 'basic link, enter code');
    const code = await smsCode(page);
    await input.fill(code === '000000' ? '111111' : '000000');
    await r.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(
      r,
      ['The security code is not correct. Check your code and try again.'],
      'basic, wrong code',
    );
    await input.fill(code);
    await r.getByRole('button', { name: 'Continue' }).click();
    await r.waitForURL(/\/shared-basic-result\?sharedResultId=/, { timeout: 60_000 });
    await waitForHeading(r, 'Shared disclosure result');
    await expectAccessible(r, 'basic shared result');
    // The time-out: the page leaves for the expired basic link page.
    await r.clock.fastForward('15:01');
    await waitForHeading(r, 'This shared result link has expired');
    await expectAccessible(r, 'expired basic link');
  });
});
