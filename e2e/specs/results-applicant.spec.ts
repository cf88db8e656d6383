import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchButton, newPage } from '../support/browser';
import { signInAsNewApplicantByRequest } from '../support/applicant';
import { emailsTo, expectErrors, waitForHeading } from '../support/organisation';
import {
  addDelayReason,
  daysFromToday,
  dashboardRow,
  issueResult,
  issueResultByApi,
  longDate,
  submittedApplication,
  summaryValue,
  tableRows,
  type SubmittedApplication,
} from '../support/results';
import { ownServerAndBrowser } from '../support/own-server';
import { stepUpByApi } from '../support/sharing';

// Results, the applicant's side in the browser: each casework preset issued on /local/casework and read by
// its applicant from the dashboard, both appeal branches' first steps, the review request, the basic result's
// 15-minute countdown under Playwright's clock, the tracker, and (last, as they move the service clock) the
// share window's end (release success, the expired note) and the 14-day and 15-minute limits enforced by the server. The server is this file's own.
// The first test gives a delay's reason, issues the result and records the appeal's outcome on the casework page; the
// others issue theirs through the casework API (issueResultByApi), as the case-management system does.

const own = ownServerAndBrowser();
let casework: Page;
beforeAll(async () => {
  casework = (await newPage(own.browser)).page;
});

const MINUTE = 60_000;

/** Opens the result from the dashboard row (tag "Result ready") and waits for its page. */
async function openFromDashboard(
  page: Page,
  reference: string,
  path: RegExp,
  heading: string,
): Promise<void> {
  const row = await dashboardRow(page, reference);
  expect((await row.locator('.govuk-tag').innerText()).trim()).toBe('Result ready');
  await expectAccessible(page, 'applicant dashboard with a result');
  await row.getByRole('link', { name: reference }).click();
  await page.waitForURL((url) => path.test(url.pathname), { timeout: 60_000 });
  await waitForHeading(page, heading);
  await expectAccessible(page, `result page ${page.url()}`);
}

async function expectResultEmail(page: Page, app: SubmittedApplication): Promise<void> {
  await expect
    .poll(async () => (await emailsTo(page, app.orgApplicant.email)).some((m) => /result/i.test(m.subject)), {
      timeout: 60_000,
      message: 'result-ready email',
    })
    .toBe(true);
}

const issued: { app: SubmittedApplication; resultPath: string }[] = [];

const expiredNote = /^The time to share this result has ended\./;

/** Moves the service clock forward (this file's own server), which ends every session. */
async function moveServiceClock(days: number): Promise<void> {
  await casework.goto('/local/clock');
  await waitForHeading(casework, 'Service clock');
  await casework.getByLabel('How many days do you want to move the clock forward?').fill(String(days));
  await casework.getByRole('button', { name: 'Move the clock forward' }).click();
  await casework.waitForURL(new RegExp(`/local/clock\\?moved=${days}`));
}

/** After the clock's move: the same person signs in again. */
async function signInAgain(page: Page): Promise<void> {
  await page.goto('/');
  await launchButton(page).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/local/') && !url.pathname.startsWith('/oauth2/'),
    { timeout: 60_000 },
  );
}

describe('results for applicants', () => {
  it('tracks the application, then an appealable Level 2 result: "yes" records the intent and shows the deadline; after the outcome the applicant releases it', async () => {
    const app = await submittedApplication(own.browser);
    const page = app.applicant.page;

    // The tracker on the submitted application: received, checks under way, result issued; the expected date.
    await page.goto(`/submitted/${app.token}`);
    await waitForHeading(page, 'Your submitted application');
    const tracker = page.locator('.app-tracker');
    await expect.poll(() => tracker.count(), { timeout: 60_000 }).toBe(1);
    await expect
      .poll(() => tracker.innerText())
      .toMatch(/Application received[\s\S]*Checks under way[\s\S]*Result issued/);
    await expect
      .poll(() => page.locator('main').innerText())
      .toMatch(/We expect to finish by \d{2} \w+ \d{4}\./);
    await expectAccessible(page, 'tracker before the result');

    // Casework reports a delay; the applicant sees why.
    const reason = 'We are waiting for information from another police force.';
    await addDelayReason(casework, app.reference, reason);
    await page.reload();
    await expect.poll(() => page.getByText(reason).count(), { timeout: 60_000 }).toBe(1);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Your application is delayed' }).count())
      .toBe(1);
    await expectAccessible(page, 'tracker with a delay');

    const release = daysFromToday(30);
    await issueResult(casework, app.reference, 'level-2-convictions', release);
    await expectResultEmail(page, app);

    await openFromDashboard(page, app.reference, /^\/results\/[0-9a-f-]{36}$/, 'Your result');
    issued.push({ app, resultPath: new URL(page.url()).pathname });
    expect(await summaryValue(page, 'Disclosure number')).not.toBe('');
    expect(await summaryValue(page, 'Position applied for')).toBe('Support worker');
    const convictions = await tableRows(page, 'Convictions');
    expect(convictions.length).toBeGreaterThan(1);
    expect(convictions.map((row) => row.at(-1))).toContain('Yes');
    expect(convictions.map((row) => row.at(-1))).toContain('No');
    // The address ends in the country's name, not the API's code.
    const address = await summaryValue(page, 'Address');
    expect(address.split('\n').at(-1)).toBe('United Kingdom');
    // The convictions table spans the page's full width, not the two-thirds reading column.
    expect(
      await page
        .getByRole('table', { name: 'Convictions' })
        .evaluate((table) => table.closest('.govuk-grid-column-full') !== null),
    ).toBe(true);

    // At the top, an Important banner says a decision is needed; its link moves to the question.
    const banner = page.getByRole('region', { name: 'Important' });
    expect(await banner.innerText()).toContain('You need to tell us whether you intend to appeal');
    expect(
      await banner.evaluate(
        (el) =>
          el.compareDocumentPosition(document.querySelector('h1') as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
      ),
    ).toBeTruthy();
    await banner.getByRole('link', { name: 'Answer the appeal question' }).click();
    await page.waitForURL((url) => url.hash === '#appeal-question');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('appeal-question');
    await expect
      .poll(() =>
        page.locator('#appeal-question').evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.top < window.innerHeight;
        }),
      )
      .toBe(true);
    // axe has seen this document as it stands (the check on opening it): following the link moves focus only.

    // The question must be answered.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(
      page,
      ['Select yes if you intend to apply to have convictions removed'],
      'appeal question unanswered',
    );
    await page.getByLabel('Yes', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/confirm-appealing$/);
    await waitForHeading(page, 'Confirm that you intend to appeal');
    await expectAccessible(page, 'confirm appealing');
    await page.getByRole('button', { name: 'Confirm I intend to appeal' }).click();
    await page.waitForURL(/\/appeal-guidance\?resultId=/);
    await waitForHeading(page, 'How to appeal to a sheriff');
    const deadline = longDate(daysFromToday(29).iso);
    await expect
      .poll(() => page.locator('main').innerText())
      .toContain(`You must apply to the sheriff by ${deadline}.`);
    await expectAccessible(page, 'appeal guidance');

    // Back on the result: the intent is recorded, the question is not asked again.
    await page.getByRole('link', { name: 'Back to your result' }).click();
    await waitForHeading(page, 'Your result');
    await expect.poll(() => page.getByText('You intend to appeal').count()).toBe(1);
    expect(await page.getByRole('radio').count()).toBe(0);
    await expectAccessible(page, 'result with an intended appeal');

    // The organisation: held back, so "Result issued" as plain text, and nothing on its results summary.
    const org = app.org.page;
    await org.goto(`/csg/dashboard?applicantName=${encodeURIComponent(app.orgApplicant.lastName)}`);
    const orgRow = org.locator('table tbody tr').filter({ hasText: app.reference });
    await expect
      .poll(() => orgRow.locator('.govuk-tag').innerText(), { timeout: 60_000 })
      .toBe('Result issued');
    expect(await orgRow.getByRole('link').count()).toBe(0);
    await expectAccessible(org, 'organisation dashboard with a held-back result');

    // Casework records the appeal's outcome (the sheriff removed the conviction): the applicant may now release
    // the result, which no longer shows the removed conviction.
    await casework.goto('/local/casework');
    await casework
      .locator('table tbody tr')
      .filter({ hasText: app.reference })
      .getByRole('link', { name: `Open for application ${app.reference}` })
      .click();
    await waitForHeading(casework, `Application ${app.reference}`);
    await casework.getByLabel('The sheriff removed the appealed conviction', { exact: true }).check();
    await casework.getByRole('button', { name: 'Record appeal outcome' }).click();
    await expect
      .poll(() => casework.locator('.govuk-notification-banner').innerText(), { timeout: 60_000 })
      .toContain(`The appeal outcome for application ${app.reference} has been recorded`);
    await page.reload();
    await waitForHeading(page, 'Your result');
    await expect
      .poll(async () => (await tableRows(page, 'Convictions')).length, { timeout: 60_000 })
      .toBe(convictions.length - 1);
    await page.getByRole('link', { name: 'Release your result to the organisation' }).click();
    await waitForHeading(page, 'Release your result to the organisation');
    const resultId = new URL(page.url()).pathname.split('/')[2];
    // A shareable result goes on to sharing once released (spec 02 section 4); the code is given beforehand
    // so that the share page itself shows (the one-time code pages are tested elsewhere).
    await stepUpByApi(page);
    await page.getByRole('button', { name: 'Release my result' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/share-result' && url.searchParams.get('resultId') === resultId,
      { timeout: 60_000 },
    );
    await waitForHeading(page, 'Share your result');
    await expectAccessible(page, 'share after the release');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect
      .poll(() => page.getByText(/^Your result was released to the organisation on /).count(), {
        timeout: 60_000,
      })
      .toBe(1);
    await expectAccessible(page, 'result released after the appeal');
    await org.goto(`/csg/dashboard?applicantName=${encodeURIComponent(app.orgApplicant.lastName)}`);
    await expect.poll(() => orgRow.locator('.govuk-tag').innerText(), { timeout: 60_000 }).toBe('Not viewed');

    // The tracker now says the result is issued and links to it.
    await page.goto(`/submitted/${app.token}`);
    await expect
      .poll(() => page.getByRole('link', { name: 'View your result' }).count(), { timeout: 60_000 })
      .toBe(1);
    await expectAccessible(page, 'tracker after the result');
    await app.org.context.close();
  });

  it('a Level 2 result with cautions, other relevant information and a court order asks nothing, turns "Result viewed", and is not found for another applicant', async () => {
    const app = await submittedApplication(own.browser);
    const page = app.applicant.page;
    await issueResultByApi(page, app.reference, 'level-2-cautions');
    await openFromDashboard(page, app.reference, /^\/results\/[0-9a-f-]{36}$/, 'Your result');
    expect((await tableRows(page, 'Cautions')).length).toBeGreaterThan(0);
    expect(await summaryValue(page, 'Prescribed court orders')).not.toBe('None');
    expect(await summaryValue(page, 'Other relevant information')).not.toBe('None');
    expect(await page.getByRole('radio').count()).toBe(0);
    const resultPath = new URL(page.url()).pathname;

    // Viewed: the dashboard row says so, with the days left to view it, and still opens it.
    const row = await dashboardRow(page, app.reference);
    expect((await row.locator('.govuk-tag').innerText()).trim()).toBe('Result viewed');
    await expect.poll(() => row.innerText()).toMatch(/\d+ days? left/);
    expect(await row.getByRole('link', { name: app.reference }).getAttribute('href')).toBe(resultPath);

    // Another applicant cannot open it by its address.
    const stranger = await newPage(own.browser);
    await signInAsNewApplicantByRequest(stranger.page);
    await stranger.page.goto(resultPath);
    await waitForHeading(stranger.page, 'Page not found');
    await expectAccessible(stranger.page, "another applicant's result");
    await stranger.context.close();
    await app.org.context.close();
    await app.applicant.context.close();
  });

  it('a review-eligible scheme record: the review request shows how to apply and the review expiry date', async () => {
    const app = await submittedApplication(own.browser);
    const page = app.applicant.page;
    await issueResultByApi(page, app.reference, 'pvg-review-eligible');
    await openFromDashboard(page, app.reference, /^\/results\/[0-9a-f-]{36}$/, 'Your result');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Share your result or request a review' }).count())
      .toBe(1);
    await page.getByRole('link', { name: 'Share your result or request a review' }).click();
    await page.waitForURL(/\/share-or-review$/);
    await waitForHeading(page, 'Share your result or request a review');
    // The choice shows the record's convictions and other relevant information (spec 02 section 2).
    await expect.poll(() => page.getByRole('table', { name: 'Convictions' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Other relevant information' }).count()).toBe(1);
    expect(await page.getByRole('radio').count()).toBe(2);
    await expectAccessible(page, 'share or review');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(
      page,
      ['Select whether you want to share your result or request a review'],
      'share or review, nothing chosen',
    );
    await page.getByLabel('Request a review', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/how-to-apply-for-review$/);
    await waitForHeading(page, 'How to apply for a review');
    await expect
      .poll(() => page.locator('main').innerText())
      .toMatch(/You must send us your reasons for the review by \d{2} \w+ \d{4}\./);
    await expectAccessible(page, 'how to apply for a review');
    await page.getByRole('link', { name: 'Back to your result' }).click();
    await waitForHeading(page, 'Your result');
    await expect
      .poll(() => page.getByText(/You cannot share it until we have sent you the decision/).count())
      .toBe(1);
    expect(await page.getByRole('link', { name: 'Share your result or request a review' }).count()).toBe(0);
    await expectAccessible(page, 'result under review');
    const row = await dashboardRow(page, app.reference);
    expect((await row.locator('.govuk-tag').innerText()).trim()).toBe('Review requested');
    await app.org.context.close();
    await app.applicant.context.close();
  });

  it('a scheme record under consideration, and a barred result, show their sections', async () => {
    for (const [preset, check] of [
      ['pvg-under-consideration', 'Under consideration for listing'],
      ['barred', 'Barred list status'],
    ] as const) {
      const app = await submittedApplication(own.browser);
      const page = app.applicant.page;
      await issueResultByApi(page, app.reference, preset);
      await openFromDashboard(page, app.reference, /^\/results\/[0-9a-f-]{36}$/, 'Your result');
      if (preset === 'barred') expect(await summaryValue(page, check)).not.toBe('');
      else await expect.poll(() => page.getByRole('heading', { name: check }).count()).toBe(1);
      await app.org.context.close();
      await app.applicant.context.close();
    }
  });

  it('a Basic result counts down 15 minutes, announced, and then leaves the page', async () => {
    const app = await submittedApplication(own.browser);
    const page = app.applicant.page;
    await issueResultByApi(page, app.reference, 'clear-basic');
    await page.clock.install();
    await openFromDashboard(
      page,
      app.reference,
      /^\/results\/[0-9a-f-]{36}\/basic$/,
      'Your Basic disclosure result',
    );
    issued.push({ app, resultPath: new URL(page.url()).pathname });
    const timer = page.getByRole('timer');
    await expect.poll(() => timer.innerText()).toMatch(/^Time left to view this result: 1[45] minutes/);
    expect(
      await page.locator('[aria-live="polite"]').filter({ hasText: 'left to view this result' }).innerText(),
    ).toBe('15 minutes left to view this result');
    await expect
      .poll(() => page.locator('main').innerText())
      .toContain('There is no information to disclose.');

    await page.clock.fastForward(14 * MINUTE);
    await expect
      .poll(() => timer.innerText())
      .toMatch(/^Time left to view this result: (1 minute )?\d+ seconds?$/);
    await expectAccessible(page, 'basic result near the end');
    await page.clock.runFor(MINUTE);
    await page.waitForURL((url) => url.pathname === '/applicant/dashboard', { timeout: 60_000 });
    await expect
      .poll(() => page.locator('.govuk-notification-banner').innerText())
      .toContain('Your time to view your Basic disclosure result has ended.');
    await expectAccessible(page, 'dashboard after the basic result timed out');
    await app.org.context.close();
  });

  it("after the share window (the server's clock moved 11 days): a release ends on its success page and the result shows the expired note in place of the share section", async () => {
    const app = await submittedApplication(own.browser);
    const page = app.applicant.page;
    await issueResultByApi(page, app.reference, 'level-2-convictions', daysFromToday(30));
    await moveServiceClock(11);
    await signInAgain(page);
    await openFromDashboard(page, app.reference, /^\/results\/[0-9a-f-]{36}$/, 'Your result');
    const resultPath = new URL(page.url()).pathname;
    // Undecided: the appeal question, no share section and no note yet.
    expect(await page.getByText(expiredNote).count()).toBe(0);
    await page.getByLabel('No', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/release$/);
    await waitForHeading(page, 'Release your result to the organisation');
    await page.getByRole('button', { name: 'Release my result' }).click();
    // Sharing can no longer happen, so the release ends on its own page.
    await page.waitForURL(/\/release-success$/, { timeout: 60_000 });
    await waitForHeading(page, 'Your result has been released');
    await expectAccessible(page, 'release success after the share window');
    await page.getByRole('link', { name: 'Back to your result' }).click();
    await waitForHeading(page, 'Your result');
    // The server's answer says the window has closed (this browser's clock was not moved): the expired note,
    // no share section.
    await expect.poll(() => page.getByText(expiredNote).count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByText(/^Your result was released to the organisation on /).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Share your result' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Share your result' }).count()).toBe(0);
    await expectAccessible(page, 'result after the share window');
    // The server's own page says the same without JavaScript.
    const { context, page: noScript } = await newPage(own.browser, { javaScript: false });
    await context.addCookies(await app.applicant.context.cookies());
    await noScript.goto(resultPath);
    await waitForHeading(noScript, 'Your result');
    expect(await noScript.getByText(expiredNote).count()).toBe(1);
    expect(await noScript.getByRole('link', { name: 'Share your result' }).count()).toBe(0);
    await expectAccessible(noScript, 'result after the share window, without JavaScript');
    await context.close();
    await app.org.context.close();
    await app.applicant.context.close();
  });

  it('the server ends viewing: 14 days after the first view, and 15 minutes after a Basic result was opened', async () => {
    expect(issued.length).toBe(2);
    await moveServiceClock(15);

    const [higher, basic] = issued as [(typeof issued)[0], (typeof issued)[0]];
    // The session ended with the clock's move: the same person signs in again.
    for (const { app } of issued) await signInAgain(app.applicant.page);
    await higher.app.applicant.page.goto(higher.resultPath);
    await waitForHeading(higher.app.applicant.page, 'This result is no longer available');
    await expectAccessible(higher.app.applicant.page, 'result no longer available');
    await basic.app.applicant.page.goto(basic.resultPath);
    await waitForHeading(basic.app.applicant.page, 'Your time to view this result has ended');
    await expectAccessible(basic.app.applicant.page, 'basic result time ended');
  });
});
