import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp, stubPageApi } from '../../test/render';
import { ApplicantDashboardPage, showsApplicantPageSizeSelector } from './applications-dashboard';

function summaries(total: number) {
  return {
    totalElements: total,
    summaries: Array.from({ length: Math.min(total, 5) }, (_, i) => ({
      id: `tok${i}`,
      reference: `DS-${i}`,
      applicantName: null,
      status: i === 0 ? 'READY_TO_START' : i === 1 ? 'EXPIRED' : 'SUBMITTED',
      daysRemaining: 3,
      type: 'LB',
      organisationName: 'Care Org',
    })),
  };
}

/** The applicant's API, the enhanced dashboard on: no results, no Basic disclosures, and these applications. */
function stubApi(list: Record<string, unknown>) {
  return stubPageApi({
    features: { enhancedDashboardApplicant: true },
    answer: (url) => {
      if (url.startsWith('/api/applicant-results-summary'))
        return jsonResponse({ summaries: [], totalElements: 0 });
      if (url.startsWith('/api/basic-applications')) return jsonResponse({ applications: [] });
      return jsonResponse(list);
    },
  });
}

describe('applicant dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the page-size selector only above 5 applications', () => {
    expect(showsApplicantPageSizeSelector(5)).toBe(false);
    expect(showsApplicantPageSizeSelector(6)).toBe(true);
  });

  it('has no selector for 5 applications', async () => {
    stubApi(summaries(5));
    renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' });
    await screen.findByText('DS-0');
    expect(screen.queryByLabelText(/per page|page size|Results/i)).toBeNull();
    expect(document.getElementById('pageSize')).toBeNull();
  });

  it('offers 5, 10, 20 and 30 for 6 applications, asking 5 a page first', async () => {
    const fetchMock = stubApi(summaries(6));
    renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' });
    await screen.findByText('DS-0');
    const select = document.getElementById('pageSize') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['5', '10', '20', '30']);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) =>
          String(url).includes('applicant-applications-summary?page=1&pageSize=5'),
        ),
      ).toBe(true),
    );
  });

  it('routes rows by status: ready to its landing page, expired to its page, submitted to the details', async () => {
    stubApi(summaries(3));
    renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' });
    expect((await screen.findByText('DS-0')).getAttribute('href')).toBe(
      '/applicant-apply/level-2-csg/start?token=tok0',
    );
    expect(screen.getByText('DS-1').getAttribute('href')).toBe('/application-expired');
    expect(screen.getByText('DS-2').getAttribute('href')).toBe('/submitted/tok2');
  });
});

describe('applicant results and Basic disclosures (decision 0052)', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubWith(enhanced: boolean) {
    return stubPageApi({
      features: { enhancedDashboardApplicant: enhanced },
      answer: (url) => {
        if (url.startsWith('/api/applicant-results-summary'))
          return jsonResponse({
            totalElements: 1,
            summaries: [
              {
                name: 'Alex Morgan',
                resultId: 'r-1',
                applicationReference: 'DS-RES01-AAAAA',
                schemeMembershipNumber: '1504230000000300',
                dateOfIssue: '2026-03-27',
                viewedStatus: 'NOT_VIEWED',
                status: 'RESULT_READY',
                disclosureTypeShortCode: 'PA',
              },
            ],
          });
        if (url.startsWith('/api/basic-applications'))
          return jsonResponse({
            applications: [
              {
                appId: 'BD-42',
                status: 'IN_PROGRESS',
                feePence: 2500,
                receivedOn: '2026-03-01',
                statusLastChanged: '2026-03-02T10:00:00.000Z',
              },
            ],
          });
        return jsonResponse(summaries(1));
      },
    });
  }

  it('shows the results summary with the scheme membership number and date of issue, and Basic disclosures', async () => {
    stubWith(true);
    renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' });
    expect((await screen.findByText('DS-RES01-AAAAA')).getAttribute('href')).toBe('/results/r-1');
    expect(screen.getByText('1504230000000300')).toBeTruthy();
    expect(screen.getByText('27 March 2026')).toBeTruthy();
    expect(screen.getByText('Result ready')).toBeTruthy();
    expect((await screen.findByText('BD-42')).getAttribute('href')).toBe('/basic-applications/BD-42');
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getByText('£25')).toBeTruthy();
    // The enhanced dashboard lists the applications too.
    expect(await screen.findByText('DS-0')).toBeTruthy();
  });

  it('with the enhanced dashboard off, is the results page without the applications list', async () => {
    const fetchMock = stubWith(false);
    renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your results' })).toBeTruthy();
    expect(await screen.findByText('DS-RES01-AAAAA')).toBeTruthy();
    expect(await screen.findByText('BD-42')).toBeTruthy();
    expect(screen.queryByText('DS-0')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('applicant-applications-summary'))).toBe(
      false,
    );
  });
});

const ROW = {
  id: 'a1',
  reference: 'REF-1',
  applicantName: 'Robin Example',
  status: 'SUBMITTED',
  daysRemaining: null,
  type: 'LB',
  organisationName: 'Care Org',
};

describe('the applications list total', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the exact total when the server counted every match', async () => {
    stubApi({ summaries: [ROW], totalElements: 1 });
    renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' });
    expect(await screen.findByText('Showing 1 application')).toBeTruthy();
  });

  it('says "more than" when the server stopped counting at its bound', async () => {
    stubApi({ summaries: [ROW], totalElements: 1000, totalIsLowerBound: true });
    renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' });
    expect(await screen.findByText(/of more than 1000 applications$/)).toBeTruthy();
  });
});
