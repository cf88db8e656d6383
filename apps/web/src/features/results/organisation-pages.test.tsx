import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp, stubPageApi } from '../../test/render';
import { isSearch, ResultsSummaryPage } from './organisation-pages';

const COUNTERSIGNATORY = {
  organisationCode: 'RB1001',
  code: 'C1',
  name: 'Casey Signer',
  organisationName: 'Care Org',
  countersignatoryCode: 'C1',
  emailAddress: 'c@example.com',
};

/** A countersignatory's API: the person (`user`: their details) and the results summary's answer. */
function stub(user: Record<string, unknown>, answer: () => Response) {
  return stubPageApi({ roles: ['/CSG'], user, answer });
}

describe('the results summary', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the countersignatory-empty error when the user has no countersignatory record', async () => {
    const fetchMock = stub({}, () => jsonResponse({ summaries: [], totalElements: 0 }));
    renderWithApp(<ResultsSummaryPage />, { path: '/results-summary' });
    await screen.findByText(/your countersignatory record is empty/);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('results-summary'))).toBe(false);
  });

  it('shows the countersignatory-empty error when the server answers COUNTERSIGNATORY_EMPTY', async () => {
    stub({ countersignatoryDetails: COUNTERSIGNATORY }, () =>
      jsonResponse({ status: 403, message: 'Empty', backendCode: 'COUNTERSIGNATORY_EMPTY' }, 403),
    );
    renderWithApp(<ResultsSummaryPage />, { path: '/results-summary' });
    await screen.findByText(/your countersignatory record is empty/);
  });

  it("shows the server's field errors against the search panel", async () => {
    stub({ countersignatoryDetails: COUNTERSIGNATORY }, () =>
      jsonResponse(
        {
          status: 400,
          message: 'Invalid',
          backendCode: 'VALIDATION_FAILED',
          fieldErrors: { dateOfIssue: 'resultsFilter.dateOfIssue.future' },
        },
        400,
      ),
    );
    renderWithApp(<ResultsSummaryPage />, { path: '/results-summary?dateOfIssue=01/01/2099' });
    await waitFor(() => expect(document.querySelector('.govuk-error-summary')).not.toBeNull());
    expect(document.getElementById('dateOfIssue-error')?.textContent).toMatch(/date of issue/i);
  });

  it('lists released results: a viewed row opens the result, an unviewed one the confirmation', async () => {
    const row = {
      name: 'Robin Tester',
      applicationReference: 'DS-1',
      schemeMembershipNumber: null,
      dateOfIssue: '2026-11-20',
      csgCode: 'C1',
      disclosureTypeShortCode: 'LB',
    };
    stub({ countersignatoryDetails: COUNTERSIGNATORY }, () =>
      jsonResponse({
        totalElements: 2,
        summaries: [
          { ...row, resultId: 'r1', viewedStatus: 'VIEWED', status: 'RESULT_VIEWED' },
          { ...row, name: 'Sam Tester', resultId: 'r2', viewedStatus: 'NOT_VIEWED', status: 'RESULT_READY' },
        ],
      }),
    );
    renderWithApp(<ResultsSummaryPage />, { path: '/results-summary' });
    const viewed = await screen.findByRole('link', { name: 'Robin Tester' });
    expect(viewed.getAttribute('href')).toBe('/organisation/RB1001/results/r1');
    expect(screen.getByRole('link', { name: 'Sam Tester' }).getAttribute('href')).toBe(
      '/view-result-confirmation?resultId=r2',
    );
    expect(screen.getByText('Viewed', { selector: '.govuk-tag' })).toBeTruthy();
    expect(screen.getByText('Not viewed', { selector: '.govuk-tag' })).toBeTruthy();
    expect(screen.getByText('Showing 1 to 2 of 2 results').getAttribute('role')).toBe('status');
  });

  it('asks for the page in the address, says where it is, and links the pages keeping the search', async () => {
    const fetchMock = stub({ countersignatoryDetails: COUNTERSIGNATORY }, () =>
      jsonResponse({
        totalElements: 1000,
        totalIsLowerBound: true,
        summaries: Array.from({ length: 20 }, (_, i) => ({
          name: `Person ${i}`,
          resultId: `r${i}`,
          applicationReference: `DS-${i}`,
          schemeMembershipNumber: null,
          dateOfIssue: '2026-11-20',
          csgCode: 'C1',
          viewedStatus: 'VIEWED',
          status: 'RESULT_VIEWED',
        })),
      }),
    );
    renderWithApp(<ResultsSummaryPage />, { path: '/results-summary?applicantName=Person&page=3' });
    const status = await screen.findByText('Showing 41 to 60 of more than 1000 results');
    expect(status.getAttribute('role')).toBe('status');
    const asked = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.includes('results-summary'));
    expect(asked).toContain('page=3');
    expect(asked).toContain('applicantName=Person');
    expect(screen.getByRole('link', { name: /next/i }).getAttribute('href')).toBe(
      '/results-summary?applicantName=Person&page=4',
    );
  });

  it('says a page past the end has no results and still links the pages', async () => {
    stub({ countersignatoryDetails: COUNTERSIGNATORY }, () =>
      jsonResponse({ totalElements: 25, summaries: [] }),
    );
    renderWithApp(<ResultsSummaryPage />, { path: '/results-summary?page=9' });
    expect(await screen.findByText('There are no results on this page.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: /previous/i }).getAttribute('href')).toBe(
      '/results-summary?page=8',
    );
  });
});

describe('the results summary with nothing to show', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says none have been issued yet without a search, and that none match with one', async () => {
    stub({ countersignatoryDetails: COUNTERSIGNATORY }, () =>
      jsonResponse({ summaries: [], totalElements: 0 }),
    );
    const { unmount } = renderWithApp(<ResultsSummaryPage />, { path: '/results-summary' });
    await screen.findByText(/^No results have been issued to your organisation yet/);
    expect(screen.queryByText('No results match your search.')).toBeNull();
    unmount();
    renderWithApp(<ResultsSummaryPage />, { path: '/results-summary?applicantName=Zed' });
    await screen.findByText('No results match your search.');
  });

  it('counts a view other than the organisation’s as a search', () => {
    const blank = { applicantName: '', csgCode: '', viewedStatus: '', dateOfIssue: '' };
    expect(isSearch({ ...blank, viewCsg: 'ORGANISATION' })).toBe(false);
    expect(isSearch({ ...blank, viewCsg: 'MINE' })).toBe(true);
    expect(isSearch({ ...blank, viewCsg: 'ORGANISATION', dateOfIssue: '01/02/2026' })).toBe(true);
  });
});
