import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage } from '../support/browser';
import { expectErrors, waitForHeading } from '../support/organisation';
import { ownServerAndBrowser } from '../support/own-server';
import {
  b2bResult,
  callApi,
  daysFromToday,
  issueResultByApi,
  submittedApplication,
  summaryValue,
} from '../support/results';
import { outboxEntries, smsCode, stepUpByApi } from '../support/sharing';

// Results and sharing with JavaScript off (issue 28, decision 0038): every page is the server's HTML and every
// form a native post the server answers (a redirect, or the page again with the error summary). The applicant
// reads a result, answers the appeal question, releases the result, proves it is them with the one-time code and
// shares it; a recipient opens an emailed link, answers the identity questions and reads the result; the applicant
// stops the link. The result is issued (through the casework API), and the link's share made, through the API.

const own = ownServerAndBrowser();

/** A page with no script at all, signed in as the person of `signedIn` (their cookies). */
async function withoutScript(signedIn: BrowserContext): Promise<Page> {
  const { context, page } = await newPage(own.browser, { javaScript: false });
  await context.addCookies(await signedIn.cookies());
  return page;
}

/** The page sent no script at all (a public page marked `script: false`). */
async function expectNoScript(page: Page, what: string): Promise<void> {
  expect(await page.locator('script[src], script[type="module"]').count(), `${what}: no script`).toBe(0);
}

describe('results and sharing without JavaScript', () => {
  it('the applicant reads a result, answers the appeal question, releases it and shares it after the code', async () => {
    const app = await submittedApplication(own.browser);
    const resultId = await issueResultByApi(
      app.applicant.page,
      app.reference,
      'level-2-convictions',
      daysFromToday(30),
    );
    const page = await withoutScript(app.applicant.context);

    // The result, and its appeal question unanswered.
    await page.goto(`/results/${resultId}`);
    await waitForHeading(page, 'Your result');
    await expectAccessible(page, 'result with the appeal question');
    // The server draws the banner at the top and its link to the question, which works without a script.
    await page
      .getByRole('region', { name: 'Important' })
      .getByRole('link', { name: 'Answer the appeal question' })
      .click();
    await page.waitForURL((url) => url.hash === '#appeal-question');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('appeal-question');
    expect((await summaryValue(page, 'Address')).split('\n').at(-1)).toBe('United Kingdom');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(
      page,
      ['Select yes if you intend to apply to have convictions removed'],
      'appeal question unanswered',
    );
    expect(
      await page.locator('.govuk-error-summary a').getAttribute('href'),
      'the summary links to the question',
    ).toBe('#intendsToAppeal');

    // Yes leads to the appeal's confirmation (not confirmed here); no to the release.
    await page.getByLabel('Yes', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/confirm-appealing$/);
    await waitForHeading(page, 'Confirm that you intend to appeal');
    await expectAccessible(page, 'confirm appealing');
    await page.getByRole('link', { name: 'Back' }).click();
    await waitForHeading(page, 'Your result');
    await page.getByLabel('No', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/release$/);
    await waitForHeading(page, 'Release your result to the organisation');
    await expectAccessible(page, 'release');
    // Released, a shareable result goes on to sharing (spec 02 section 4): /share-result, which asks for the
    // one-time code first.
    const visited: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest())
        visited.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    await page.getByRole('button', { name: 'Release my result' }).click();
    await page.waitForURL(/\/one-time-code\?resultId=/);
    await waitForHeading(page, 'We need to check it is you');
    expect(visited, 'the release went on to sharing').toContain(`/share-result?resultId=${resultId}`);
    expect(visited.some((path) => path.includes('release-success'))).toBe(false);
    await expectAccessible(page, 'one-time code after the release');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await waitForHeading(page, 'Your result');
    expect(await page.getByText(/^Your result was released to the organisation on /).count()).toBe(1);
    expect(await page.getByRole('radio').count()).toBe(0);

    // Sharing: the one-time code first.
    await page.getByRole('link', { name: 'Share your result' }).click();
    await page.waitForURL(/\/one-time-code\?resultId=/);
    await waitForHeading(page, 'We need to check it is you');
    // The same document as after the release, checked there.
    await page.getByRole('button', { name: 'Send security code' }).click();
    await page.waitForURL(/\/one-time-code\/verify\?/);
    await waitForHeading(page, 'Check your phone');
    expect(await page.getByText('mobile phone number ending 0999').count()).toBe(1);
    await expectAccessible(page, 'one-time code verify');

    // Nothing entered: the summary linked to the field.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(page, ['Enter the security code'], 'verify, empty');
    expect(await page.locator('.govuk-error-summary a').getAttribute('href')).toBe('#oneTimeCode');
    // A wrong code: the notice, as with JavaScript.
    const code = await smsCode(page);
    await page.getByLabel('Security code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForHeading(page, 'Check your phone');
    expect(await page.locator('.govuk-notification-banner').innerText()).toContain(
      'The security code is not correct. Check your code and try again.',
    );
    await expectAccessible(page, 'verify, wrong code');
    await page.getByLabel('Security code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();

    // The share: digitally or on paper must be answered.
    await page.waitForURL(/\/share-result\?resultId=/);
    await waitForHeading(page, 'Share your result');
    await expectAccessible(page, 'share result');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(page, ['Select yes if you want to share your result digitally'], 'share, unanswered');
    expect(await page.locator('.govuk-error-summary a').getAttribute('href')).toBe('#shareDigitally');
    await page
      .getByRole('group', { name: 'Do you want to share your result digitally?' })
      .getByLabel('Yes')
      .check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/share-success\?resultId=/);
    await waitForHeading(page, 'Result shared successfully');
    await expectAccessible(page, 'share success');
    const result = await callApi<{ sharedStatus: string }>(
      app.applicant.page,
      'GET',
      `/api/results/${resultId}`,
    );
    expect(result.sharedStatus).toBe('SHARED');

    // Again within 30 minutes: refused with its message.
    await page.goto(`/share-result?resultId=${resultId}`);
    await waitForHeading(page, 'You cannot share this result now');
    await expectAccessible(page, 'share refused by the cooldown');
  });

  it('a review-eligible scheme record: share chosen, its purpose confirmed, then shared; or a review requested', async () => {
    const app = await submittedApplication(own.browser);
    const resultId = await issueResultByApi(app.applicant.page, app.reference, 'pvg-review-eligible');
    await stepUpByApi(app.applicant.page);
    const page = await withoutScript(app.applicant.context);

    await page.goto(`/results/${resultId}`);
    await waitForHeading(page, 'Your result');
    await page.getByRole('link', { name: 'Share your result or request a review' }).click();
    await page.waitForURL(/\/share-or-review$/);
    await waitForHeading(page, 'Share your result or request a review');
    expect(await page.getByRole('table', { name: 'Convictions' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(
      page,
      ['Select whether you want to share your result or request a review'],
      'share or review, nothing chosen',
    );
    await page.getByLabel('Share your result', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/share-confirmation\?resultId=/);
    await waitForHeading(page, 'Confirm why you are sharing your scheme record');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(page, ['Confirm why you are sharing your result'], 'share confirmation, not ticked');
    // Not confirmed, the share page sends the applicant back to confirm.
    await page.goto(`/share-result?resultId=${resultId}`);
    await page.waitForURL(/\/share-confirmation\?resultId=/);
    await page.getByLabel(/I am sharing my scheme record/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/share-result\?resultId=/);
    await page
      .getByRole('group', { name: 'Do you want to share your result digitally?' })
      .getByLabel('Yes')
      .check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/share-success\?resultId=/);
    await waitForHeading(page, 'Result shared successfully');
    const shared = await callApi<{ sharedStatus: string }>(
      app.applicant.page,
      'GET',
      `/api/results/${resultId}`,
    );
    expect(shared.sharedStatus).toBe('SHARED');

    // A review can still be asked for: the choice's other answer posts it, then how to apply.
    await page.goto(`/results/${resultId}/share-or-review`);
    await waitForHeading(page, 'Share your result or request a review');
    await page.getByLabel('Request a review', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/how-to-apply-for-review$/);
    await waitForHeading(page, 'How to apply for a review');
    await expectAccessible(page, 'how to apply for a review');
  });

  it('a paper share that fails goes to the error page with its code and message', async () => {
    const app = await submittedApplication(own.browser);
    const resultId = await issueResultByApi(app.applicant.page, app.reference, 'level-2-cautions');
    await stepUpByApi(app.applicant.page);
    const page = await withoutScript(app.applicant.context);
    await page.goto(`/share-paper-result?resultId=${resultId}`);
    await waitForHeading(page, 'Get a paper copy of your result');
    await callApi(app.applicant.page, 'POST', `/api/results/${resultId}/share/paper`, {});
    await page.getByRole('button', { name: 'Request paper copy' }).click();
    await page.waitForURL(/\/error\?code=PAPER_SHARE_ALREADY_USED&/);
    await waitForHeading(page, 'Sorry, there is a problem with the service');
    expect(await summaryValue(page, 'Error code')).toBe('PAPER_SHARE_ALREADY_USED');
    expect(await summaryValue(page, 'Message')).toBe(
      'You have already asked for a paper copy of this result',
    );
    await expectAccessible(page, 'paper share failed');
  });

  it('a recipient opens the link, answers the questions and reads the result; the applicant stops the link', async () => {
    // A B2B result (a CSV batch row: the recipient-details route), shared with a named recipient through the API.
    const { applicant, person: me, reference, resultId } = await b2bResult(own.browser);
    await stepUpByApi(applicant.page);
    const email = 'jordan.nojs@example.com';
    await callApi(applicant.page, 'POST', `/api/results/${resultId}/share/thirdparty`, {
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
          const message = (await outboxEntries(applicant.page)).find((m) => m.to === email);
          link =
            /https?:\/\/\S+\/before-you-continue\?token=[A-Za-z0-9_-]+/.exec(message?.body ?? '')?.[0] ?? '';
          return link;
        },
        { timeout: 60_000 },
      )
      .toBeTruthy();

    // The recipient: no account, no script.
    const { page } = await newPage(own.browser, { javaScript: false });
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/before-you-continue' && url.search === '');
    await waitForHeading(page, 'Before you continue');
    await expectNoScript(page, 'before you continue');
    await expectAccessible(page, 'before you continue');
    await page.getByRole('button', { name: 'Continue' }).click();

    await waitForHeading(page, "Enter the applicant's details");
    await expectNoScript(page, 'additional information');
    await expectAccessible(page, 'additional information');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(
      page,
      ["Enter the applicant's date of birth", 'Enter the application reference number'],
      'additional information, empty',
    );
    expect(
      await page
        .locator('.govuk-error-summary a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['#dateOfBirth', '#applicationReference']);
    // What was typed comes back with the errors.
    const group = page.getByRole('group', { name: "Applicant's date of birth" });
    await page.getByLabel('Application reference').fill(reference);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(page, ["Enter the applicant's date of birth"], 'additional information, no date');
    expect(await page.getByLabel('Application reference').inputValue()).toBe(reference);

    // Wrong details: a message in the form (spec 02 section 8), with what was typed.
    await group.getByLabel('Day').fill('1');
    await group.getByLabel('Month').fill('1');
    await group.getByLabel('Year').fill('1970');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(
      page,
      [
        'The details you entered do not match the application. Check the date of birth and application reference number',
      ],
      'additional information, details that do not match',
    );
    await expectNoScript(page, 'additional information, details that do not match');
    expect(await page.getByLabel('Application reference').inputValue()).toBe(reference);

    await group.getByLabel('Day').fill(me.dateOfBirth.day);
    await group.getByLabel('Month').fill(me.dateOfBirth.month);
    await group.getByLabel('Year').fill(me.dateOfBirth.year);
    await page.getByLabel('Application reference').fill(reference);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/shared-result\?sharedResultId=/);
    await waitForHeading(page, 'Shared disclosure result');
    expect(await page.locator('main').innerText()).toContain('This link works until');
    await expectAccessible(page, 'shared result');
    const sharedResult = page.url();
    await page.getByRole('button', { name: 'Close the result' }).click();
    await waitForHeading(page, 'You have finished viewing the result');
    await expectNoScript(page, 'complete');
    await expectAccessible(page, 'complete');

    // The applicant stops the link without script: the list says so.
    const applicantPage = await withoutScript(applicant.context);
    await applicantPage.goto(`/who-can-see-my-result?resultId=${resultId}`);
    await waitForHeading(applicantPage, 'Who can see your result');
    await expectAccessible(applicantPage, 'who can see my result');
    await applicantPage.getByRole('link', { name: /^Stop sharing/ }).click();
    await waitForHeading(
      applicantPage,
      /^Are you sure you want to stop sharing your result with Jordan Employer/,
    );
    await expectAccessible(applicantPage, 'stop sharing');
    await applicantPage.getByRole('button', { name: 'Stop sharing' }).click();
    await waitForHeading(applicantPage, 'Who can see your result');
    expect(await applicantPage.locator('main').innerText()).toContain(
      'You have stopped sharing your result with Jordan Employer',
    );
    await expectAccessible(applicantPage, 'who can see my result, stopped');

    // The recipient's result, opened again: the server refuses it and sends them to the error page.
    await page.goto(sharedResult);
    await page.waitForURL(/\/error\?code=/);
    await expectAccessible(page, 'shared result after the link was stopped');
    // The link itself: the broken-link page.
    await page.goto(link);
    await waitForHeading(page, 'This link does not work');
    await expectAccessible(page, 'stopped link');
  });

  it('a basic result: the recipient asks for a text-message code and reads the result for its time', async () => {
    const app = await submittedApplication(own.browser);
    const applicant = app.applicant.page;
    const resultId = await issueResultByApi(applicant, app.reference, 'clear-basic');

    // The applicant's own basic result without script: the time limit in words, no countdown running.
    const own15 = await withoutScript(app.applicant.context);
    await own15.goto(`/results/${resultId}/basic`);
    await waitForHeading(own15, 'Your Basic disclosure result');
    expect(await own15.locator('main').innerText()).toContain('You can view this result for 15 minutes');
    expect(await own15.getByRole('timer').innerText()).toMatch(
      /Time left to view this result: 1[45] minutes?/,
    );
    await expectAccessible(own15, 'basic result');

    await stepUpByApi(applicant);
    const email = 'pat.nojs@example.com';
    await callApi(applicant, 'POST', `/api/results/${resultId}/share/thirdparty`, {
      recipientEmail: email,
      recipientPhoneNumber: '07700900456',
      applicantEmail: 'robin@example.com',
    });
    let link = '';
    await expect
      .poll(
        async () => {
          const message = (await outboxEntries(applicant)).find((m) => m.to === email);
          link = /https?:\/\/\S+\/shared-basic\?token=[A-Za-z0-9_-]+/.exec(message?.body ?? '')?.[0] ?? '';
          return link;
        },
        { timeout: 60_000 },
      )
      .toBeTruthy();

    const { page } = await newPage(own.browser, { javaScript: false });
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/shared-basic' && url.search === '');
    await waitForHeading(page, 'Get a security code');
    await expectNoScript(page, 'shared basic');
    await expectAccessible(page, 'basic link, send code');
    await page.getByRole('button', { name: 'Send security code' }).click();
    await waitForHeading(page, 'Check your phone');
    await expectNoScript(page, 'shared basic code');
    await expectAccessible(page, 'basic link, enter code');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(page, ['Enter the security code'], 'basic, empty');
    const code = await smsCode(applicant);
    await page.getByLabel('Security code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(
      page,
      ['The security code is not correct. Check your code and try again.'],
      'basic, wrong',
    );
    expect(await page.locator('.govuk-error-summary a').getAttribute('href')).toBe('#oneTimeCode');
    await page.getByLabel('Security code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/shared-basic-result\?sharedResultId=/);
    await waitForHeading(page, 'Shared disclosure result');
    // The time limit in words (the server refuses the result after it).
    expect(await page.locator('main').innerText()).toMatch(/\d{2}:\d{2}/);
    await expectAccessible(page, 'basic shared result');
  });
});
