import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, newPage } from '../support/browser';
import { expectErrors, isButton, tabTo, waitForHeading } from '../support/organisation';
import { ownServerAndBrowser } from '../support/own-server';
import { b2bResult, callApi, issueResultByApi, submittedApplication } from '../support/results';
import { outboxEntries, stepUpByApi, type OutboxEntry } from '../support/sharing';

// A result anyone can verify (issue 32, decision 0051): the applicant prints their result (the print layout has
// the check code and its QR code), an employer with no account checks the copy on /check-a-result and sees it
// genuine and current; a wrong date of birth, a made-up code say "not found"; the applicant sees the check in
// "who can see my result" and withdraws the code, after which the check says "withdrawn"; an appeal outcome
// makes an older copy "replaced". A Basic result prints the same way, for its applicant and for the recipient
// of its shared link (decision 0057). The check page with the keyboard alone, and without JavaScript. A server of
// its own, so the checks' rate limits are this file's only.

const own = ownServerAndBrowser({
  CHECK_RATE_LIMIT_PER_MINUTE: '200',
  CHECK_CODE_RATE_LIMIT_PER_HOUR: '200',
});

/**
 * A Level 2 result issued (through the casework API) to a new applicant, their page open; the result's id and the
 * applicant's details.
 */
async function issued(
  preset: 'level-2-cautions' | 'level-2-convictions' | 'clear-basic' = 'level-2-cautions',
) {
  const app = await submittedApplication(own.browser);
  const resultId = await issueResultByApi(app.applicant.page, app.reference, preset);
  return { ...app, resultId, page: app.applicant.page };
}

/** The applicant opens the print layout from the result page and reads the copy's check code. */
async function printedCode(page: Page, resultId: string): Promise<string> {
  await page.goto(`/results/${resultId}`);
  await waitForHeading(page, 'Your result');
  await page.getByRole('button', { name: 'Print or save as PDF' }).click();
  await page.waitForURL(new RegExp(`/results/${resultId}/print$`));
  await waitForHeading(page, /result$/);
  const code = (await page.locator('#check-code').innerText()).trim();
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  return code;
}

/** An employer's browser, with no account, checks a code and a date of birth on the check page. */
async function check(
  page: Page,
  code: string,
  dateOfBirth: { day: string; month: string; year: string },
): Promise<void> {
  await page.goto(`/check-a-result?code=${encodeURIComponent(code)}`);
  await waitForHeading(page, 'Check a result');
  await expect.poll(() => page.getByLabel('Check code').inputValue()).toBe(code);
  await page.getByLabel('Day').fill(dateOfBirth.day);
  await page.getByLabel('Month').fill(dateOfBirth.month);
  await page.getByLabel('Year').fill(dateOfBirth.year);
  await page.getByRole('button', { name: 'Check result' }).click();
}

const outcome = (page: Page) => page.locator('#check-outcome').getAttribute('data-outcome');

describe('check a result', () => {
  it('prints a copy with its check code and QR code; the check says current, not found, withdrawn, replaced', async () => {
    const me = await issued();
    const { page } = me;
    const code = await printedCode(page, me.resultId);
    // The QR code of the check page's address with the code, and the print button with script.
    await expect.poll(() => page.locator('.app-qr-code svg').count()).toBe(1);
    expect(await page.locator('.app-qr-code').getAttribute('aria-label')).toBe(
      `QR code of the address ${baseUrl()}/check-a-result?code=${code}`,
    );
    expect(await page.getByText('Disclosure number').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: 'Print or save as PDF' }).count()).toBe(1);
    await expectAccessible(page, 'print layout');
    // Printed: the check code and QR code, not the service's header or the buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.govuk-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).toBe(false);
    expect(await page.locator('#check-code').isVisible()).toBe(true);
    expect(await page.locator('.app-qr-code svg').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // An employer, no account.
    const employer = (await newPage(own.browser)).page;
    await employer.goto('/check-a-result');
    await waitForHeading(employer, 'Check a result');
    expect(await employer.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await expectAccessible(employer, 'check page');
    await employer.getByRole('button', { name: 'Check result' }).click();
    await expectErrors(
      employer,
      ['Enter the check code', 'Enter the date of birth of the person the result is about'],
      'check page, empty',
    );
    await employer.getByLabel('Check code').fill('not a code');
    await employer.getByRole('button', { name: 'Check result' }).click();
    await expect
      .poll(() => employer.locator('.govuk-error-summary').innerText())
      .toContain('Enter the check code as it is printed');

    await check(employer, code, me.person.dateOfBirth);
    await waitForHeading(employer, 'This result is genuine and current');
    expect(await outcome(employer)).toBe('CURRENT');
    const shown = await employer.locator('.govuk-summary-list').innerText();
    expect(shown).toContain(`${me.person.firstName} ${me.person.lastName}`);
    expect(shown).toContain('The result contains information');
    await expectAccessible(employer, 'check page: current');

    const wrongDay = String((Number(me.person.dateOfBirth.day) % 28) + 1);
    await check(employer, code, { ...me.person.dateOfBirth, day: wrongDay });
    await waitForHeading(employer, 'No result found');
    await expectAccessible(employer, 'check page: not found');
    await check(employer, '7KQ2-M9XD-4TWE', me.person.dateOfBirth);
    await waitForHeading(employer, 'No result found');

    // The applicant sees the check, and withdraws the code.
    await page.goto(`/who-can-see-my-result?resultId=${me.resultId}`);
    await waitForHeading(page, 'Who can see your result');
    await expect.poll(() => page.locator('#result-checks').innerText()).toContain('Genuine and current');
    await expectAccessible(page, 'who can see my result, with checks');
    await page.getByRole('link', { name: /^Withdraw code/ }).click();
    await waitForHeading(page, 'Are you sure you want to withdraw this check code?');
    await expectAccessible(page, 'withdraw check code');
    await page.getByRole('button', { name: 'Withdraw check code' }).click();
    await page.waitForURL(/withdrawnCode=/);
    await expect
      .poll(() => page.locator('.govuk-notification-banner').innerText())
      .toContain('Check code withdrawn');
    await expect.poll(() => page.locator('#result-checks').innerText()).toContain('Withdrawn');

    await check(employer, code, me.person.dateOfBirth);
    await waitForHeading(employer, 'This result is genuine but it has been withdrawn');
    expect(await outcome(employer)).toBe('WITHDRAWN');
    await expectAccessible(employer, 'check page: withdrawn');
  });

  it('says replaced once an appeal outcome has changed the result', async () => {
    const me = await issued('level-2-convictions');
    const code = await printedCode(me.page, me.resultId);
    await callApi(me.page, 'POST', `/api/results/${me.resultId}/intend-to-appeal`, {});
    const recorded = await me.page.request.post(`/internal/casework/results/${me.resultId}/appeal-outcome`, {
      headers: {
        authorization: 'Bearer local-casework-token-not-for-production',
        'content-type': 'application/json',
      },
      data: JSON.stringify({ outcome: 'CONVICTIONS_REMOVED' }),
    });
    expect(recorded.status(), await recorded.text()).toBe(200);
    const employer = (await newPage(own.browser)).page;
    await check(employer, code, me.person.dateOfBirth);
    await waitForHeading(employer, 'This result is genuine but it has been replaced');
    expect(await outcome(employer)).toBe('REPLACED');
    await expectAccessible(employer, 'check page: replaced');
  });

  it('works with the keyboard alone', async () => {
    const me = await issued();
    const code = await printedCode(me.page, me.resultId);
    const employer = (await newPage(own.browser)).page;
    await employer.goto('/check-a-result');
    await waitForHeading(employer, 'Check a result');
    await tabTo(employer, (el) => el.tag === 'input' && el.label === 'Check code', { what: 'the code' });
    await employer.keyboard.type(code.toLowerCase());
    await employer.keyboard.press('Tab');
    await employer.keyboard.type(me.person.dateOfBirth.day);
    await employer.keyboard.press('Tab');
    await employer.keyboard.type(me.person.dateOfBirth.month);
    await employer.keyboard.press('Tab');
    await employer.keyboard.type(me.person.dateOfBirth.year);
    await tabTo(employer, isButton('Check result'), { what: 'the button' });
    await employer.keyboard.press('Enter');
    await waitForHeading(employer, 'This result is genuine and current');
    await tabTo(employer, (el) => el.tag === 'a' && el.text === 'Check another result', { what: 'the link' });
    await employer.keyboard.press('Enter');
    await waitForHeading(employer, 'Check a result');
  });

  it('works without JavaScript: the check page posts its form and the print layout tells how to print', async () => {
    const me = await issued();
    const code = await printedCode(me.page, me.resultId);
    const { page } = await newPage(own.browser, { javaScript: false });
    expect(await page.locator('script[src], script[type="module"]').count()).toBe(0);
    await check(page, code, me.person.dateOfBirth);
    await waitForHeading(page, 'This result is genuine and current');
    expect(await outcome(page)).toBe('CURRENT');
    await expectAccessible(page, 'check page without script: current');

    // The applicant's print layout without script: the code, the QR code, and how to print.
    const { context, page: printPage } = await newPage(own.browser, { javaScript: false });
    await context.addCookies(await me.applicant.context.cookies());
    await printPage.goto(`/results/${me.resultId}/print`);
    await waitForHeading(printPage, /result$/);
    expect((await printPage.locator('#check-code').innerText()).trim()).toBe(code);
    expect(await printPage.locator('.app-qr-code svg').count()).toBe(1);
    expect(await printPage.getByText("use your browser's print command").count()).toBe(1);
  });

  it("gives the recipient of a shared result a print with their copy's own check code", async () => {
    const { applicant, person, reference, resultId } = await b2bResult(own.browser);
    const { page } = applicant;
    await stepUpByApi(page);
    const email = `check.${Date.now()}@example.com`;
    await callApi(page, 'POST', `/api/results/${resultId}/share/thirdparty`, {
      recipientName: 'Jordan Employer',
      recipientAddress: { line1: '2 Harbour Wynd', town: 'Edinburgh', postcode: 'EH6 6AB', country: 'GB' },
      recipientEmail: email,
      recipientPhoneNumber: '07700900456',
      recipientPositionAppliedFor: 'Care assistant',
      applicantEmail: 'robin@example.com',
    });
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
    const recipient = (await newPage(own.browser)).page;
    await recipient.goto(link);
    await waitForHeading(recipient, 'Before you continue');
    await recipient.getByRole('button', { name: 'Continue' }).click();
    await waitForHeading(recipient, "Enter the applicant's details");
    const group = recipient.getByRole('group', { name: "Applicant's date of birth" });
    await group.getByLabel('Day').fill(person.dateOfBirth.day);
    await group.getByLabel('Month').fill(person.dateOfBirth.month);
    await group.getByLabel('Year').fill(person.dateOfBirth.year);
    await recipient.getByLabel('Application reference').fill(reference);
    await recipient.getByRole('button', { name: 'Continue' }).click();
    await waitForHeading(recipient, 'Shared disclosure result');
    await recipient.getByRole('button', { name: 'Print or save as PDF' }).click();
    await recipient.waitForURL(/\/shared-result\/print\?sharedResultId=/);
    await waitForHeading(recipient, /result$/);
    const code = (await recipient.locator('#check-code').innerText()).trim();
    expect(await recipient.locator('.app-qr-code svg').count()).toBe(1);
    await expectAccessible(recipient, "recipient's print layout");
    const employer = (await newPage(own.browser)).page;
    await check(employer, code, person.dateOfBirth);
    await waitForHeading(employer, 'This result is genuine and current');
  });

  it('prints a Basic result for its applicant and for the recipient of its link, each code checking current', async () => {
    const me = await issued('clear-basic');
    const { page } = me;
    await page.goto(`/results/${me.resultId}/basic`);
    await waitForHeading(page, 'Your Basic disclosure result');
    await page.getByRole('button', { name: 'Print or save as PDF' }).click();
    await page.waitForURL(new RegExp(`/results/${me.resultId}/basic/print$`));
    await waitForHeading(page, /result$/);
    const code = (await page.locator('#check-code').innerText()).trim();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    await expect.poll(() => page.locator('.app-qr-code svg').count()).toBe(1);
    expect(await page.locator('.app-qr-code').getAttribute('aria-label')).toBe(
      `QR code of the address ${baseUrl()}/check-a-result?code=${code}`,
    );
    expect(await page.locator('.app-digest').count()).toBe(1);
    await expectAccessible(page, 'Basic print layout');
    const employer = (await newPage(own.browser)).page;
    await check(employer, code, me.person.dateOfBirth);
    await waitForHeading(employer, 'This result is genuine and current');

    // The same print without script.
    const { context, page: noScript } = await newPage(own.browser, { javaScript: false });
    await context.addCookies(await me.applicant.context.cookies());
    await noScript.goto(`/results/${me.resultId}/basic/print`);
    await waitForHeading(noScript, /result$/);
    expect((await noScript.locator('#check-code').innerText()).trim()).toBe(code);
    expect(await noScript.locator('.app-qr-code svg').count()).toBe(1);
    await context.close();

    // Shared (set up through the API): the recipient opens the link with the code sent by text message.
    await stepUpByApi(page);
    const email = `basic.check.${Date.now()}@example.com`;
    const phone = '07700900459';
    await callApi(page, 'POST', `/api/results/${me.resultId}/share/thirdparty`, {
      recipientEmail: email,
      recipientPhoneNumber: phone,
      applicantEmail: 'robin@example.com',
    });
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
    const recipient = (await newPage(own.browser)).page;
    await recipient.goto(link);
    await waitForHeading(recipient, 'Get a security code');
    await recipient.getByRole('button', { name: 'Send security code' }).click();
    await waitForHeading(recipient, 'Check your phone');
    const toRecipient = (m: OutboxEntry) => m.kind === 'sms' && m.to.endsWith(phone.slice(1));
    let sms = '';
    await expect
      .poll(
        async () => {
          sms = /\b(\d{6})\b/.exec((await outboxEntries(page)).find(toRecipient)?.body ?? '')?.[1] ?? '';
          return sms;
        },
        { timeout: 60_000 },
      )
      .toMatch(/^\d{6}$/);
    await recipient.getByLabel('Security code').fill(sms);
    await recipient.getByRole('button', { name: 'Continue' }).click();
    await recipient.waitForURL(/\/shared-basic-result\?sharedResultId=/, { timeout: 60_000 });
    await waitForHeading(recipient, 'Shared disclosure result');
    await recipient.getByRole('button', { name: 'Print or save as PDF' }).click();
    await recipient.waitForURL(/\/shared-basic-result\/print\?sharedResultId=[^&]+&viewId=/);
    await waitForHeading(recipient, /result$/);
    const recipientCode = (await recipient.locator('#check-code').innerText()).trim();
    expect(recipientCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(recipientCode).not.toBe(code);
    expect(await recipient.locator('.app-qr-code svg').count()).toBe(1);
    await expectAccessible(recipient, "recipient's Basic print layout");
    await check(employer, recipientCode, me.person.dateOfBirth);
    await waitForHeading(employer, 'This result is genuine and current');
  });
});
