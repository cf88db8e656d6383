import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render';
import { submitBatchAction } from './actions';

const post = (fields: Record<string, string>) =>
  submitBatchAction({
    form: new URLSearchParams({ _csrf: 't', ...fields }),
    url: new URL('/b2b/csv-upload-results?id=b-1', 'http://localhost'),
    secureCookies: false,
  });

describe('sending a batch without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('needs the declaration ticked and sends nothing without it', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    expect(await post({})).toEqual({
      posted: { values: {}, errors: { agreed: 'batches.declarationRequired' } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the ready rows and shows the batch again, where its progress is checked', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    expect(await post({ agreed: 'true' })).toEqual({ redirect: '/b2b/csv-upload-results?id=b-1' });
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([
      [expect.stringContaining('b-1') as string, 'POST'],
    ]);
  });
});
