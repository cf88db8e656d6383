import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, postedTo, stubFetch } from '../../test/render';
import { viewResultConfirmationAction } from './organisation-actions';

const USER = {
  id: 'u1',
  roles: ['/CSG'],
  assuranceLevel: 'DS_VERIFIED',
  countersignatoryDetails: { organisationCode: 'RB1001' },
};

function post(fields: Record<string, string>) {
  return viewResultConfirmationAction(postedTo('/view-result-confirmation?resultId=r-1', fields));
}

describe('the view-result confirmation posted without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('needs an answer', async () => {
    const fetchMock = stubFetch(() => jsonResponse(USER));
    expect(await post({})).toEqual({
      posted: { values: {}, errors: { viewResult: 'viewResultConfirmation.viewResult.required' } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the organisation’s result on yes and goes back to the dashboard on no', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(USER)),
    );
    expect(await post({ viewResult: 'yes' })).toEqual({ redirect: '/organisation/RB1001/results/r-1' });
    expect(await post({ viewResult: 'no' })).toEqual({ redirect: '/dashboard' });
  });
});
