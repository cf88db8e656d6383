import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, postedTo, stubFetch } from '../../test/render';
import { declarationAction } from './actions';

function post(fields: Record<string, string>, address = '/declaration?from=%2Fcsg%2Fdashboard') {
  return declarationAction(postedTo(address, fields));
}

describe('the countersignatory declaration posted without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses it unticked with the form’s own message and signs nothing', async () => {
    const fetchMock = stubFetch();
    expect(await post({})).toEqual({
      posted: { values: {}, errors: { agreed: 'countersignatoryDeclaration.agreed.required' } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs it and returns to the page the person was going to', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ signedOn: '2026-11-26' }));
    expect(await post({ agreed: 'true' })).toEqual({ redirect: '/csg/dashboard' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/declaration');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ agreed: true });
  });

  it('returns only to a page of this service', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ signedOn: '2026-11-26' })),
    );
    for (const from of ['//example.com/', 'https://example.com/', '/\\example.com', '/declaration'])
      expect(await post({ agreed: 'true' }, `/declaration?from=${encodeURIComponent(from)}`)).toEqual({
        redirect: '/dashboard',
      });
  });

  it('shows the server’s refusal in the error summary', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ status: 500, message: 'Internal error' }, 500)),
    );
    expect(await post({ agreed: 'true' })).toEqual({
      posted: { values: { agreed: 'true' }, errors: { agreed: 'declaration.error' } },
    });
  });
});
