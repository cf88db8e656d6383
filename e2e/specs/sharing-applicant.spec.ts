import { describe, expect, it } from 'vitest';
import { paidConfirmationByApi, signInAsNewApplicantByRequest } from '../support/applicant';
import { expectAccessible, newPage } from '../support/browser';
import { expectErrors, focused, isButton, isLink, tabTo, waitForHeading } from '../support/organisation';
import {
  callApi,
  issueResultByApi,
  openCasework,
  submittedApplication,
  summaryValue,
  tableRows,
} from '../support/results';
import { ownServerAndBrowser } from '../support/own-server';
import { smsCode, startSharingWithCode, chooseDigitalShare, stepUpByApi } from '../support/sharing';

// Sharing in the browser: an applicant shares a result casework issued (through its API). Before the first share they
// prove it is them with the 6-digit code sent by SMS (read from the local outbox), then the share goes straight
// to the organisation (the direct route) and a second share within 30 minutes is refused with its message.
// One share is made with the keyboard alone, then seen on "Who can see your result" and stopped with the keyboard.
// A paper copy is listed on the local casework page as a print request, marked sent there, and seen as posted.

const own = ownServerAndBrowser();

/** A Level 2 result issued by casework (through its API) for a new applicant, open on the applicant's result page. */
async function resultToShare() {
  const app = await submittedApplication(own.browser);
  const { page } = app.applicant;
  const resultId = await issueResultByApi(page, app.reference, 'level-2-cautions');
  await page.goto(`/results/${resultId}`);
  await waitForHeading(page, 'Your result');
  await expect.poll(() => page.getByRole('link', { name: 'Share your result' }).count()).toBe(1);
  await expectAccessible(page, 'result with the share section');
  return { ...app, page, resultId };
}

describe('sharing a result', () => {
  it('asks for the SMS code first, shares with the organisation, then refuses within 30 minutes', async () => {
    const { page, context, resultId } = await resultToShare().then((r) => ({
      ...r,
      context: r.applicant.context,
    }));
    // Nothing shared yet: "who can see your result" says so.
    await page.goto(`/who-can-see-my-result?resultId=${resultId}`);
    await waitForHeading(page, 'Who can see your result');
    await expect.poll(() => page.getByText('You have not shared this result with anyone.').count()).toBe(1);
    await expectAccessible(page, 'who can see my result, nothing shared');
    await page.goto(`/results/${resultId}`);
    await waitForHeading(page, 'Your result');
    await page.getByRole('link', { name: 'Share your result' }).click();
    await page.waitForURL(/\/one-time-code\?resultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'We need to check it is you');
    await expectAccessible(page, 'one-time code landing');
    await page.getByRole('button', { name: 'Send security code' }).click();
    await page.waitForURL(/\/one-time-code\/verify\?resultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'Check your phone');
    await expect.poll(() => page.getByText('mobile phone number ending 0999').count()).toBe(1);
    const input = page.getByLabel('Security code');
    expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await input.getAttribute('inputmode')).toBe('numeric');
    await expectAccessible(page, 'one-time code verify');

    // Nothing entered, then a wrong code.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(page, ['Enter the security code'], 'verify, empty');
    const code = await smsCode(page);
    await input.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.locator('.govuk-notification-banner').innerText(), { timeout: 60_000 })
      .toContain('The security code is not correct. Check your code and try again.');
    await expectAccessible(page, 'one-time code verify, wrong code');

    // The right code, pasted (with the spaces a text message may add).
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: own.server.baseUrl });
    await page.evaluate(
      async (text) => navigator.clipboard.writeText(text),
      ` ${code.slice(0, 3)} ${code.slice(3)} `,
    );
    await input.fill('');
    await input.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => input.inputValue()).toBe(` ${code.slice(0, 3)} ${code.slice(3)} `);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/share-result\?resultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'Share your result');
    await expectAccessible(page, 'share result');
    // The digital-or-paper question must be answered.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(page, ['Select yes if you want to share your result digitally'], 'share, unanswered');
    await page
      .getByRole('group', { name: 'Do you want to share your result digitally?' })
      .getByLabel('Yes')
      .check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/share-success\?resultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'Result shared successfully');
    await expectAccessible(page, 'share success');

    // The result now reads as shared; a second share within 30 minutes is refused with its message.
    const result = await callApi<{ sharedStatus: string }>(page, 'GET', `/api/results/${resultId}`);
    expect(result.sharedStatus).toBe('SHARED');
    await page.goto(`/share-result?resultId=${resultId}`);
    await waitForHeading(page, 'You cannot share this result now');
    expect(
      await page.getByText('You can only share your result once every 30 minutes. Try again later.').count(),
    ).toBe(1);
    await expectAccessible(page, 'share refused by the cooldown');
  });

  it('a review-eligible scheme record is shared once the applicant chooses to share and confirms why', async () => {
    const app = await submittedApplication(own.browser);
    const { page } = app.applicant;
    const resultId = await issueResultByApi(page, app.reference, 'pvg-review-eligible');
    // The share page itself sends the applicant to confirm the purpose first.
    await page.goto(`/share-result?resultId=${resultId}`);
    await page.waitForURL(/\/share-confirmation\?resultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'Confirm why you are sharing your scheme record');

    await page.goto(`/results/${resultId}`);
    await waitForHeading(page, 'Your result');
    await page.getByRole('link', { name: 'Share your result or request a review' }).click();
    await waitForHeading(page, 'Share your result or request a review');
    await page.getByLabel('Share your result', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/share-confirmation\?resultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'Confirm why you are sharing your scheme record');
    await expectAccessible(page, 'share confirmation');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(page, ['Confirm why you are sharing your result'], 'share confirmation, not ticked');
    await page.getByLabel(/I am sharing my scheme record/).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Then sharing as any result: the code, then digitally.
    await waitForHeading(page, 'We need to check it is you');
    await page.getByRole('button', { name: 'Send security code' }).click();
    await waitForHeading(page, 'Check your phone');
    await page.getByLabel('Security code').fill(await smsCode(page));
    await page.getByRole('button', { name: 'Continue' }).click();
    await chooseDigitalShare(page, true);
    await page.waitForURL(/\/share-success\?resultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'Result shared successfully');
    const result = await callApi<{ sharedStatus: string }>(page, 'GET', `/api/results/${resultId}`);
    expect(result.sharedStatus).toBe('SHARED');
    await app.org.context.close();
  });

  it('a paper share that fails goes to the error page with its code and message', async () => {
    const { page, resultId, applicant, org } = await resultToShare();
    await stepUpByApi(page);
    await page.goto(`/share-paper-result?resultId=${resultId}`);
    await waitForHeading(page, 'Get a paper copy of your result');
    // Meanwhile the copy is asked for elsewhere (another tab): this page's request is then refused.
    await callApi(page, 'POST', `/api/results/${resultId}/share/paper`, {});
    await page.getByRole('button', { name: 'Request paper copy' }).click();
    await page.waitForURL(/\/error\?code=PAPER_SHARE_ALREADY_USED&/, { timeout: 60_000 });
    await waitForHeading(page, 'Sorry, there is a problem with the service');
    expect(await summaryValue(page, 'Error code')).toBe('PAPER_SHARE_ALREADY_USED');
    expect(await summaryValue(page, 'Message')).toBe(
      'You have already asked for a paper copy of this result',
    );
    expect(await summaryValue(page, 'Status')).toBe('409');
    await expectAccessible(page, 'paper share failed');
    await org.context.close();
    await applicant.context.close();
  });

  it('a confirmation of PVG scheme membership is shared only once the applicant consents', async () => {
    // The applicant starts and pays for the confirmation themselves (through the API: its pages are walked in
    // applicant-journeys.spec.ts); casework issues its result.
    const { page } = await newPage(own.browser);
    const person = await signInAsNewApplicantByRequest(page);
    const reference = await paidConfirmationByApi(page, person);
    const resultId = await issueResultByApi(page, reference, 'level-2-cautions');
    await page.goto(`/results/${resultId}`);
    await waitForHeading(page, 'Your result');

    await startSharingWithCode(page);

    // The consent route, straight after the code: nothing is shared until the box is ticked.
    await page.waitForURL(/\/share\/consent\?resultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'Share your scheme membership');
    await expectAccessible(page, 'share consent');
    await page.getByRole('button', { name: 'Share result' }).click();
    await expectErrors(
      page,
      ['Confirm that you want to share your scheme membership'],
      'share consent, unticked',
    );
    expect(
      (await callApi<{ sharedStatus: string }>(page, 'GET', `/api/results/${resultId}`)).sharedStatus,
    ).not.toBe('SHARED');
    await page.getByLabel('I want to share my scheme membership with this organisation').check();
    await page.getByRole('button', { name: 'Share result' }).click();
    await page.waitForURL(/\/share-success\?resultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'Result shared successfully');
    expect(
      (await callApi<{ sharedStatus: string }>(page, 'GET', `/api/results/${resultId}`)).sharedStatus,
    ).toBe('SHARED');
  });

  it('one share with the keyboard alone', async () => {
    const { page } = await resultToShare();
    await tabTo(page, isLink('Share your result'), { what: 'the share link' });
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'We need to check it is you');
    await tabTo(page, isButton('Send security code'), { what: 'the send button' });
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'Check your phone');
    const code = await smsCode(page);
    await tabTo(page, (el) => el.tag === 'input' && el.label.startsWith('Security code'), {
      what: 'the code',
    });
    await page.keyboard.type(code);
    expect((await focused(page)).value).toBe(code);
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'Share your result');
    await tabTo(page, (el) => el.tag === 'input' && el.type === 'radio', { what: 'the first radio' });
    await page.keyboard.press('Space');
    expect((await focused(page)).label).toBe('Yes');
    await tabTo(page, isButton('Continue'), { what: 'the continue button' });
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'Result shared successfully');
    await expectAccessible(page, 'share success, keyboard');

    // Who can see the result, from the success page; the share is stopped with the keyboard alone.
    await tabTo(page, isLink('See who can see your result'), { what: 'the who-can-see link' });
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'Who can see your result');
    await expect.poll(() => page.locator('.govuk-summary-card').count()).toBe(1);
    // Shared with the organisation: said so, with when, and no link's expiry or openings.
    expect(await summaryValue(page, 'How')).toBe(
      'Shared with the organisation on your application, in its own account (no link was sent)',
    );
    expect(await summaryValue(page, 'Status')).toBe('Active');
    expect(await page.getByText('Link expires').count()).toBe(0);
    expect(await page.getByText('Not opened yet').count()).toBe(0);
    await expectAccessible(page, 'who can see my result, one active share');
    await tabTo(page, (el) => el.tag === 'a' && el.text.startsWith('Stop sharing'), {
      what: 'the stop link',
    });
    await page.keyboard.press('Enter');
    await waitForHeading(page, /^Are you sure you want to stop sharing your result with /);
    await expectAccessible(page, 'stop sharing confirmation');
    await tabTo(page, isButton('Stop sharing'), { what: 'the stop button' });
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'Who can see your result');
    await expect
      .poll(() => page.locator('.govuk-notification-banner').innerText(), { timeout: 60_000 })
      .toContain('You have stopped sharing your result with');
    expect(await summaryValue(page, 'Status')).toBe('Stopped');
    expect(await page.getByRole('link', { name: /^Stop sharing/ }).count()).toBe(0);
    await expectAccessible(page, 'who can see my result, share stopped');
  });

  it('one paper copy, then only digital sharing is offered; casework prints and posts it', async () => {
    const { page, resultId, reference } = await resultToShare();
    await startSharingWithCode(page);
    await chooseDigitalShare(page, false);
    await page.waitForURL(/\/share-paper-result\?resultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'Get a paper copy of your result');
    await expectAccessible(page, 'paper copy');
    await page.getByRole('button', { name: 'Request paper copy' }).click();
    await page.waitForURL(/\/share-paper-success\?resultId=/, { timeout: 60_000 });
    await waitForHeading(page, 'Paper copy requested');
    await expectAccessible(page, 'paper copy requested');

    // Afterwards: no question, the digital share button only; the paper page says it was asked for already.
    await page.goto(`/share-result?resultId=${resultId}`);
    await waitForHeading(page, 'Share your result');
    await expect.poll(() => page.getByRole('button', { name: 'Share result' }).count()).toBe(1);
    expect(await page.getByRole('radio').count()).toBe(0);
    await page.goto(`/share-paper-result?resultId=${resultId}`);
    await waitForHeading(page, 'You have already asked for a paper copy');
    await expectAccessible(page, 'already shared on paper');
    await page.getByRole('link', { name: 'Share your result digitally' }).click();
    await waitForHeading(page, 'Share your result');
    await page.getByRole('button', { name: 'Share result' }).click();
    await waitForHeading(page, 'Result shared successfully');

    // The paper copy is a print request on the casework page; marked sent there, the applicant sees it posted.
    const casework = (await newPage(own.browser)).page;
    await openCasework(casework);
    await expectAccessible(casework, 'local casework page with a paper copy to print');
    const requestRow = async () =>
      (await tableRows(casework, 'Paper copies to print')).find((row) => row[0] === reference) ?? [];
    expect((await requestRow())[3]).toBe('To print');
    await casework
      .getByRole('button', { name: `Mark as printed and sent for application ${reference}` })
      .click();
    await expect
      .poll(() => casework.locator('.govuk-notification-banner').innerText(), { timeout: 60_000 })
      .toContain(`The paper copy for application ${reference} has been marked as printed and sent`);
    expect((await requestRow())[3]).toBe('Sent');
    await page.goto(`/who-can-see-my-result?resultId=${resultId}`);
    await waitForHeading(page, 'Who can see your result');
    await expect.poll(() => page.locator('.govuk-summary-card').count()).toBe(2);
    const paperCard = page.locator('.govuk-summary-card').filter({ hasText: 'Paper copy posted to you' });
    expect(await paperCard.locator('.govuk-tag').innerText()).toBe('Posted');
    await expectAccessible(page, 'who can see my result, digital and paper');
  });
});
