import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp } from '../../test/render';
import { ApplicantDashboardPage } from './applications-dashboard';

const ROW = {
  id: 'a1',
  reference: 'REF-1',
  applicantName: 'Robin Example',
  status: 'SUBMITTED',
  daysRemaining: null,
  type: 'LB',
  organisationName: 'Care Org',
};

function stub(list: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/oauth2/api/userinformation'))
        return jsonResponse({
          id: 'u1',
          expiryTime: '',
          roles: ['/APPLICANT'],
          assuranceLevel: 'DS_VERIFIED',
        });
      if (url.startsWith('/api/config'))
        return jsonResponse({
          serviceName: 'x',
          localServices: true,
          features: { enhancedDashboardApplicant: true },
        });
      if (url.startsWith('/api/applicant-results-summary'))
        return jsonResponse({ summaries: [], totalElements: 0 });
      if (url.startsWith('/api/basic-applications')) return jsonResponse({ applications: [] });
      return jsonResponse(list);
    }),
  );
}

describe('the applications list total', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the exact total when the server counted every match', async () => {
    stub({ summaries: [ROW], totalElements: 1 });
    renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' });
    expect(await screen.findByText('Showing 1 application')).toBeTruthy();
  });

  it('says "more than" when the server stopped counting at its bound', async () => {
    stub({ summaries: [ROW], totalElements: 1000, totalIsLowerBound: true });
    renderWithApp(<ApplicantDashboardPage />, { path: '/applicant/dashboard' });
    expect(await screen.findByText(/of more than 1000 applications$/)).toBeTruthy();
  });
});
