import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/browser';
import { waitForHeading } from '../support/organisation';
import { callApi, issueResultByApi, submittedApplication } from '../support/results';
import { ownServerAndBrowser } from '../support/own-server';
import { chooseDigitalShare, startSharingWithCode } from '../support/sharing';

// A recipient's email that could not be delivered (decision 0041): the local Notify stand-in bounces an address
// ending @bounce.example and reports it to the service's callback, as Notify does. "Who can see your result" says
// the email was not delivered and offers to share again, and the applicant shares again at once, without waiting
// for the 30-minute cooldown. Then they turn reminders off on their personal details page. axe runs on each new
// state.

const own = ownServerAndBrowser();

/** On the basic share form: the recipient's details, then the check page, then share. */
async function shareWith(page: Page, email: string) {
  await waitForHeading(page, 'Who do you want to share your basic disclosure with?');
  await page.getByLabel("Recipient's email address").fill(email);
  await page.getByLabel("Recipient's phone number").fill('07700900456');
  await page.getByLabel('Your email address').fill('robin@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForHeading(page, "Check the recipient's details");
  await page.getByRole('button', { name: 'Share result' }).click();
  await waitForHeading(page, 'Result shared successfully');
}

/** The summary card of the share with this recipient on "Who can see your result". */
const card = (page: Page, recipient: string) =>
  page
    .locator('.govuk-summary-card')
    .filter({ has: page.getByRole('heading', { level: 2, name: recipient }) });

describe('an email that could not be delivered', () => {
  it('shows on "Who can see your result", and the applicant shares again without waiting', async () => {
    const app = await submittedApplication(own.browser);
    const { page } = app.applicant;
    const resultId = await issueResultByApi(page, app.reference, 'clear-basic');
    await page.goto(`/results/${resultId}/basic`);
    await startSharingWithCode(page);
    await chooseDigitalShare(page, true);
    const bounced = 'pat.employer@bounce.example';
    await shareWith(page, bounced);

    await page.goto(`/who-can-see-my-result?resultId=${resultId}`);
    await waitForHeading(page, 'Who can see your result');
    const failed = card(page, bounced);
    await expect.poll(() => failed.getByText('Not delivered').count(), { timeout: 60_000 }).toBe(1);
    await expect
      .poll(() => failed.innerText())
      .toContain(`We could not deliver the email with the link to ${bounced}`);
    await expectAccessible(page, 'who can see your result, email not delivered');

    // Share again at once: no cooldown after an email that was not delivered.
    await failed.getByRole('link', { name: 'Share your result again' }).click();
    await chooseDigitalShare(page, true);
    const good = 'pat.employer@example.com';
    await shareWith(page, good);
    await expectAccessible(page, 'shared again');

    await page.goto(`/who-can-see-my-result?resultId=${resultId}`);
    await waitForHeading(page, 'Who can see your result');
    await expect.poll(() => card(page, good).getByText('Delivered').count(), { timeout: 60_000 }).toBe(1);
    expect(await card(page, good).getByRole('link', { name: 'Share your result again' }).count()).toBe(0);
    expect(await card(page, bounced).getByText('Not delivered').count()).toBe(1);
    await expectAccessible(page, 'who can see your result, delivered and not delivered');

    // Reminders before deadlines can be turned off on the personal details page; the server keeps the setting.
    await page.goto('/personal-details');
    await waitForHeading(page, 'Personal details');
    const yes = page.getByLabel('Yes, email me reminders');
    await expect.poll(() => yes.isChecked(), { timeout: 60_000 }).toBe(true);
    await page.getByLabel('No, do not email me reminders').check();
    await page.getByRole('button', { name: 'Save reminder setting' }).click();
    await expect.poll(() => page.getByText('We will not email you reminders').count()).toBe(1);
    await expectAccessible(page, 'personal details, reminders turned off');
    expect(await callApi(page, 'GET', '/api/personal-details/me/reminders')).toEqual({ remindersOn: false });
    await page.reload();
    await waitForHeading(page, 'Personal details');
    await expect.poll(() => page.getByLabel('No, do not email me reminders').isChecked()).toBe(true);
  });
});
