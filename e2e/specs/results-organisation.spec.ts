import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage } from '../support/browser';
import {
  expectErrors,
  focused,
  isButton,
  isLink,
  signInNewCountersignatory,
  tabTo,
  waitForHeading,
} from '../support/organisation';
import { callApi, daysFromToday, issueResultByApi, submittedApplication } from '../support/results';
import { ownServerAndBrowser } from '../support/own-server';
import { stepUpByApi } from '../support/sharing';

// Results, the organisation's side in the browser: a result held back while the applicant decides is not on
// the organisation's lists and its address is not found; the applicant (with the keyboard alone) reads it,
// answers "no" to the appeal question and releases it (then on to sharing); then the countersignatory finds it on
// /results-summary (the search panel's errors first), confirms they are entitled to view it, reads it, and
// the row turns "Viewed". A countersignatory of another organisation cannot open it by its address.

const own = ownServerAndBrowser();

async function resultsSummary(page: Page, query = ''): Promise<void> {
  await page.goto(`/results-summary${query}`);
  await waitForHeading(page, 'Results');
  await expect.poll(() => page.getByRole('button', { name: 'Search' }).count(), { timeout: 60_000 }).toBe(1);
}

const rowOf = (page: Page, reference: string) =>
  page.locator('table tbody tr').filter({ hasText: reference });

describe('results for organisations', () => {
  it('are seen, confirmed and read only once the applicant released them, and never by another organisation', async () => {
    const app = await submittedApplication(own.browser);
    const { page: org } = app.org;
    const { page: applicant } = app.applicant;
    await issueResultByApi(org, app.reference, 'level-2-convictions', daysFromToday(30));

    // Held back: plain text on the dashboard, nothing on the results summary.
    await org.goto(`/csg/dashboard?applicantName=${encodeURIComponent(app.orgApplicant.lastName)}`);
    await expect
      .poll(() => rowOf(org, app.reference).locator('.govuk-tag').innerText(), { timeout: 60_000 })
      .toBe('Result issued');
    expect(await rowOf(org, app.reference).getByRole('link').count()).toBe(0);
    await resultsSummary(org);
    await expect
      .poll(() => org.getByText(/^No results have been issued to your organisation yet/).count(), {
        timeout: 60_000,
      })
      .toBe(1);
    await expectAccessible(org, 'results summary, nothing released');

    // The applicant, with the keyboard alone: dashboard row, the result, "No", release.
    await applicant.goto('/applicant/dashboard');
    await waitForHeading(applicant, 'Your applications');
    await expect
      .poll(
        () =>
          applicant
            .getByRole('table', { name: 'Your applications' })
            .getByRole('link', { name: app.reference })
            .count(),
        { timeout: 60_000 },
      )
      .toBe(1);
    await tabTo(applicant, isLink(app.reference), { what: 'the result row' });
    await applicant.keyboard.press('Enter');
    await applicant.waitForURL(/\/results\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await waitForHeading(applicant, 'Your result');
    const resultId = new URL(applicant.url()).pathname.split('/').at(-1) ?? '';
    await expectAccessible(applicant, 'result before the decision');
    // Before release the organisation's address of the result is not found.
    const { countersignatoryDetails } = await callApi<{
      countersignatoryDetails: { organisationCode: string };
    }>(org, 'GET', '/oauth2/api/userinformation');
    const orgResultPath = `/organisation/${countersignatoryDetails.organisationCode}/results/${resultId}`;
    await org.goto(orgResultPath);
    await waitForHeading(org, 'Page not found');
    await expectAccessible(org, 'organisation result before release');
    await tabTo(applicant, (el) => el.tag === 'input' && el.type === 'radio', {
      what: 'the appeal question',
    });
    await applicant.keyboard.press('ArrowRight');
    expect((await focused(applicant)).label).toBe('No');
    await tabTo(applicant, isButton('Continue'));
    await applicant.keyboard.press('Enter');
    await applicant.waitForURL(/\/release$/);
    await waitForHeading(applicant, 'Release your result to the organisation');
    await expectAccessible(applicant, 'release page');
    // A shareable result goes on to sharing once released (spec 02 section 4); the code is given beforehand so
    // that the share page itself shows.
    await stepUpByApi(applicant);
    await tabTo(applicant, isButton('Release my result'));
    await applicant.keyboard.press('Enter');
    await applicant.waitForURL(
      (url) => url.pathname === '/share-result' && url.searchParams.get('resultId') === resultId,
      { timeout: 60_000 },
    );
    await waitForHeading(applicant, 'Share your result');
    await expectAccessible(applicant, 'share after the release');

    // The organisation's results summary: the search panel refuses bad filters with the domain's messages.
    await resultsSummary(org);
    await org.getByLabel('Applicant name').fill('R2D2');
    await org.getByLabel('Countersignatory code').fill('AB-12');
    await org.getByLabel('Date of issue').fill('31/02/2026');
    await org.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => org.locator('.govuk-error-summary__list a').count()).toBe(3);
    const errors = await org.locator('.govuk-error-summary__list a').allInnerTexts();
    await expectErrors(org, errors, 'results summary filters');
    await org.getByLabel('Countersignatory code').fill('');
    await org.getByLabel('Date of issue').fill('');
    // The whole name, in another case: a search of more than one word (decision 0037) still means "contains".
    await org
      .getByLabel('Applicant name')
      .fill(`${app.orgApplicant.firstName} ${app.orgApplicant.lastName}`.toUpperCase());
    await org.getByLabel('Viewed status').selectOption('NOT_VIEWED');
    await org.getByRole('button', { name: 'Search' }).click();
    await org.waitForURL(/applicantName=/);
    const row = org.locator('table tbody tr').first();
    await expect.poll(() => row.locator('.govuk-tag').innerText(), { timeout: 60_000 }).toBe('Not viewed');
    await expect.poll(() => row.innerText()).toContain(app.reference);
    // Where the page is in the results (decision 0032): one match, one page, no pagination.
    expect(await org.getByText('Showing 1 result').getAttribute('role')).toBe('status');
    await expectAccessible(org, 'results summary with the released result');

    // The view confirmation: an answer is needed; "no" goes to the dashboard, "yes" to the result.
    await row.getByRole('link').click();
    await org.waitForURL(/\/view-result-confirmation\?resultId=/);
    await waitForHeading(org, 'Are you entitled to view this result?');
    await expectAccessible(org, 'view result confirmation');
    await org.getByRole('button', { name: 'Continue' }).click();
    await expectErrors(org, ['Select yes if you want to view the result'], 'view result confirmation');
    await org.getByLabel('No', { exact: true }).check();
    await org.getByRole('button', { name: 'Continue' }).click();
    await org.waitForURL((url) => url.pathname === '/csg/dashboard', { timeout: 60_000 });
    await org.goto(`/view-result-confirmation?resultId=${resultId}`);
    await waitForHeading(org, 'Are you entitled to view this result?');
    await org.getByLabel('Yes', { exact: true }).check();
    await org.getByRole('button', { name: 'Continue' }).click();
    await org.waitForURL((url) => url.pathname === orgResultPath, { timeout: 60_000 });
    await waitForHeading(org, /^Result for /);
    await expect.poll(() => org.getByRole('table', { name: 'Convictions' }).count()).toBe(1);
    expect(await org.getByRole('radio').count()).toBe(0);
    await expectAccessible(org, 'organisation result');

    // Viewed: the row says so and opens the result directly; so does the enhanced dashboard's row.
    await resultsSummary(org, `?applicantName=${encodeURIComponent(app.orgApplicant.lastName)}`);
    await expect
      .poll(() => rowOf(org, app.reference).locator('.govuk-tag').innerText(), { timeout: 60_000 })
      .toBe('Viewed');
    expect(await rowOf(org, app.reference).getByRole('link').getAttribute('href')).toBe(orgResultPath);
    await org.goto(`/csg/dashboard?applicantName=${encodeURIComponent(app.orgApplicant.lastName)}`);
    await expect
      .poll(() => rowOf(org, app.reference).locator('.govuk-tag').innerText(), { timeout: 60_000 })
      .toBe('Viewed');
    expect(await rowOf(org, app.reference).getByRole('link').getAttribute('href')).toBe(orgResultPath);
    await expectAccessible(org, 'organisation dashboard with a viewed result');

    // Another organisation's countersignatory: not found by the address, nothing on their summary.
    const other = await newPage(own.browser);
    await signInNewCountersignatory(other.page, 'B');
    await other.page.goto(orgResultPath);
    await waitForHeading(other.page, 'Page not found');
    await expectAccessible(other.page, 'organisation result of another organisation');
    await resultsSummary(other.page, `?applicantName=${encodeURIComponent(app.orgApplicant.lastName)}`);
    await expect
      .poll(() => other.page.getByText('No results match your search.').count(), { timeout: 60_000 })
      .toBe(1);
    await other.context.close();
    await app.org.context.close();
    await app.applicant.context.close();
  });
});
