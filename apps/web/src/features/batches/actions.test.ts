import { afterEach, describe, expect, it, vi } from 'vitest';
import { BULK_APPLICATIONS_PATH } from '@dis/domain/contracts';
import { jsonResponse } from '../../test/render';
import { submitBatchAction, uploadBatchAction } from './actions';
import type { PostedFile } from '../../lib/page-action';

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

const upload = (file?: PostedFile) =>
  uploadBatchAction({
    form: new URLSearchParams({ _csrf: 't' }),
    files: file ? { file } : {},
    url: new URL('/b2b/csv-upload', 'http://localhost'),
    secureCookies: false,
  });
const csv = (content: string | null, filename = 'RB1001_20261126_101500.csv'): PostedFile => ({
  filename,
  type: 'text/csv',
  content: content === null ? null : new TextEncoder().encode(content),
});

describe('uploading a batch without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses no file, an empty choice and a file over the limit without calling the API', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    const refused = (code: string) => ({ posted: { values: {}, errors: { file: code } } });
    expect(await upload()).toEqual(refused('CSV_FILE_REQUIRED'));
    expect(await upload(csv('', ''))).toEqual(refused('CSV_FILE_REQUIRED'));
    expect(await upload(csv(null))).toEqual(refused('CSV_EXCEEDS_SIZE_LIMIT'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the file through the upload call, then its preview (post/redirect/get)', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ id: 'b-9' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await upload(csv('a,b\n1,2'))).toEqual({ redirect: '/b2b/csv-upload-results?id=b-9' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method]).toEqual([BULK_APPLICATIONS_PATH, 'POST']);
    const sent = (init?.body as FormData).get('file') as File;
    expect(sent.name).toBe('RB1001_20261126_101500.csv');
    expect(await sent.text()).toBe('a,b\n1,2');
  });

  it("shows the upload's refusal against the file", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ status: 400, message: 'x', backendCode: 'FILENAME_ALREADY_IN_USE' }, 400),
      ),
    );
    expect(await upload(csv('a'))).toEqual({
      posted: { values: {}, errors: { file: 'FILENAME_ALREADY_IN_USE' } },
    });
  });
});
