import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp } from '../../test/render';
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

function stubApi(total: number) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/oauth2/api/userinformation'))
      return jsonResponse({ id: 'u', expiryTime: '', roles: ['/APPLICANT'], assuranceLevel: 'DS_VERIFIED' });
    if (url.startsWith('/api/config'))
      return jsonResponse({ serviceName: 'x', localServices: true, features: {} });
    return jsonResponse(summaries(total));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('applicant dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the page-size selector only above 5 applications', () => {
    expect(showsApplicantPageSizeSelector(5)).toBe(false);
    expect(showsApplicantPageSizeSelector(6)).toBe(true);
  });

  it('has no selector for 5 applications', async () => {
    stubApi(5);
    renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' });
    await screen.findByText('DS-0');
    expect(screen.queryByLabelText(/per page|page size|Results/i)).toBeNull();
    expect(document.getElementById('pageSize')).toBeNull();
  });

  it('offers 5, 10, 20 and 30 for 6 applications, asking 5 a page first', async () => {
    const fetchMock = stubApi(6);
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
    stubApi(3);
    renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' });
    expect((await screen.findByText('DS-0')).getAttribute('href')).toBe(
      '/applicant-apply/level-2-csg/start?token=tok0',
    );
    expect(screen.getByText('DS-1').getAttribute('href')).toBe('/application-expired');
    expect(screen.getByText('DS-2').getAttribute('href')).toBe('/submitted/tok2');
  });
});
