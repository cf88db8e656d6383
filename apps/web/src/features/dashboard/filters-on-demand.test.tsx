import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import { renderWithApp } from '../../test/render';
import { useSearchParams } from '../../lib/router';
import { OrganisationFilters, useListQuery } from './organisation-filters';

function ListPage() {
  const [params] = useSearchParams();
  const query = useListQuery(params, 20);
  return (
    <>
      <p>query {JSON.stringify(query)}</p>
      <OrganisationFilters query={query} csgCodeFilter />
    </>
  );
}

// An address the plain reading cannot settle waits for the filter rules, fetched on demand (decision 0071).
describe('the dashboard’s filter rules fetched on demand', () => {
  it('reads a search in the address by the rules, with their errors', async () => {
    // In act, so that React's retry once the rules have come is run in the test (a browser needs no act).
    await act(async () => {
      renderWithApp(
        <Suspense fallback={<p>waiting</p>}>
          <ListPage />
        </Suspense>,
        { path: '/csg/dashboard?applicantName=R2D2&csgCode=AB1&status=SUBMITTED&page=2&pageSize=50' },
      );
    });
    expect(await screen.findByText(/^query /)).toBeTruthy();
    expect(screen.getByText(/^query /).textContent).toBe(
      'query ' +
        JSON.stringify({
          applicantName: '',
          csgCode: '',
          status: '',
          showOrganisationDisclosures: 'true',
          page: 2,
          pageSize: 50,
        }),
    );
    expect(
      screen.getAllByText(
        'Applicant name must only include letters a to z, hyphens, spaces, apostrophes, full stops and commas',
      ).length,
    ).toBeGreaterThan(0);
  });
});
