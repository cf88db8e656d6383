import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import { renderWithApp } from '../../test/render';
import { listQueryFrom } from './filter-rules';
import { listHref, OrganisationFilters } from './organisation-filters';

describe('organisation applications filters', () => {
  it('reads the filters from the address bar and drops what the rules refuse', () => {
    const query = listQueryFrom(
      new URLSearchParams(
        'applicantName=Ann&status=EXPIRED&showOrganisationDisclosures=false&page=3&pageSize=50',
      ),
      20,
    );
    expect(query).toEqual({
      applicantName: 'Ann',
      csgCode: '',
      status: 'EXPIRED',
      showOrganisationDisclosures: 'false',
      page: 3,
      pageSize: 50,
    });
    const bad = listQueryFrom(new URLSearchParams('status=NOPE&pageSize=7&page=-1'), 20);
    expect(bad).toMatchObject({ status: '', pageSize: 20, page: 1, showOrganisationDisclosures: 'true' });
  });

  it('builds list links without defaults or empty filters', () => {
    const query = listQueryFrom(new URLSearchParams('applicantName=Ann'), 20);
    expect(listHref(query, { page: 2 })).toBe('?applicantName=Ann&page=2&pageSize=20');
    expect(listHref(query, { applicantName: '', showOrganisationDisclosures: 'false' })).toBe(
      '?showOrganisationDisclosures=false&pageSize=20',
    );
  });

  it('shows the CSG code filter only when its feature is on', () => {
    const query = listQueryFrom(new URLSearchParams(), 20);
    const { unmount } = renderWithApp(<OrganisationFilters query={query} csgCodeFilter={false} />);
    expect(screen.queryByLabelText('Countersignatory code')).toBeNull();
    unmount();
    renderWithApp(<OrganisationFilters query={query} csgCodeFilter />);
    expect(screen.getByLabelText('Countersignatory code')).toBeTruthy();
  });

  it('puts the chosen filters in the address bar, back on page 1, and shows filter errors', async () => {
    const query = listQueryFrom(new URLSearchParams('page=4'), 20);
    const { router } = renderWithApp(<OrganisationFilters query={query} csgCodeFilter />, {
      path: '/csg/dashboard?page=4',
    });
    await userEvent.type(screen.getByLabelText('Countersignatory code'), 'AB-1');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(
      await screen.findAllByText('Countersignatory code must only include letters and numbers'),
    ).toHaveLength(2);
    await userEvent.clear(screen.getByLabelText('Countersignatory code'));
    await userEvent.type(screen.getByLabelText('Applicant name'), 'Ann');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'PAYMENT_FAILED');
    await userEvent.click(screen.getByLabelText('Only mine'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(router.state.location.search).toBe(
      '?applicantName=Ann&status=PAYMENT_FAILED&showOrganisationDisclosures=false&pageSize=20',
    );
  });
});
