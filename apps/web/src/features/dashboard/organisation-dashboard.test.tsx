import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp, stubPageApi } from '../../test/render';
import { listQueryFrom } from './filter-rules';
import { OrganisationDashboardPage } from './applications-dashboard';
import { isFiltered } from './organisation-filters';

const ROW = {
  id: 'tok1',
  reference: 'DS-1',
  applicantName: 'Ann Example',
  status: 'SUBMITTED',
  daysRemaining: 3,
  type: 'LB',
  organisationName: 'Care Org',
};

/** A countersignatory's API whose list answers `list`. */
function stubList(list: { summaries: unknown[]; totalElements: number }) {
  return stubPageApi({
    roles: ['/CSG'],
    user: { countersignatoryDetails: { organisationCode: 'RB1001' } },
    answer: () => jsonResponse(list),
  });
}

describe("the organisation's applications when the list is empty", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('knows a filtered list from the whole one', () => {
    const filtered = (text: string) => isFiltered(listQueryFrom(new URLSearchParams(text), 20));
    expect(filtered('')).toBe(false);
    expect(filtered('page=3&pageSize=50&showOrganisationDisclosures=true')).toBe(false);
    expect(filtered('applicantName=Ann')).toBe(true);
    expect(filtered('status=EXPIRED')).toBe(true);
    expect(filtered('showOrganisationDisclosures=false')).toBe(true);
  });

  it('says no applications match the filters, not that there are none yet', async () => {
    stubList({ summaries: [], totalElements: 0 });
    renderWithApp(<OrganisationDashboardPage />, { path: '/csg/dashboard?status=EXPIRED' });
    expect(await screen.findByText(/No applications match your filters/)).toBeTruthy();
    expect(screen.queryByText('You have no applications yet')).toBeNull();
  });

  it('says there are none yet when nothing narrows the list', async () => {
    stubList({ summaries: [], totalElements: 0 });
    renderWithApp(<OrganisationDashboardPage />, { path: '/csg/dashboard' });
    expect(await screen.findByText('You have no applications yet')).toBeTruthy();
  });

  it('says a page past the last has none', async () => {
    stubList({ summaries: [], totalElements: 45 });
    renderWithApp(<OrganisationDashboardPage />, { path: '/csg/dashboard?page=9' });
    expect(await screen.findByText('There are no applications on this page.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // No "Showing …" line for a page that shows none; the pages are still linked.
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: /Page 1|1/ }).getAttribute('href')).toContain('pageSize=');
    expect(screen.queryByText('You have no applications yet')).toBeNull();
  });

  it('shows the rows of a page that has some', async () => {
    stubList({ summaries: [ROW], totalElements: 1 });
    renderWithApp(<OrganisationDashboardPage />, { path: '/csg/dashboard' });
    expect(await screen.findByText('DS-1')).toBeTruthy();
    expect(screen.queryByText('There are no applications on this page.')).toBeNull();
  });
});
