import { afterEach, describe, expect, it, vi } from 'vitest';
import { BULK_APPLICATIONS_PATH, type PostedFile } from '@dis/domain/contracts';
import { jsonResponse, postedTo, stubFetch } from '../../test/render';
import { uploadBatchAction } from './actions';

const upload = (file?: PostedFile, fields: Record<string, string> = { agreed: 'true' }) =>
  uploadBatchAction(postedTo('/b2b/csv-upload', fields, file ? { file } : {}));
const csv = (content: string | null, filename = 'RB1001_20261126_101500.csv'): PostedFile => ({
  filename,
  type: 'text/csv',
  content: content === null ? null : new TextEncoder().encode(content),
});

describe('uploading a batch without JavaScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses no file, an empty choice and a file over the limit without calling the API', async () => {
    const fetchMock = stubFetch();
    const refused = (code: string) => ({ posted: { values: { agreed: 'true' }, errors: { file: code } } });
    expect(await upload()).toEqual(refused('CSV_FILE_REQUIRED'));
    expect(await upload(csv('', ''))).toEqual(refused('CSV_FILE_REQUIRED'));
    expect(await upload(csv(null))).toEqual(refused('CSV_EXCEEDS_SIZE_LIMIT'));
    // Over the limit, the fields after the file were never read: the size is still the answer.
    expect(await upload(csv(null), {})).toEqual({
      posted: { values: {}, errors: { file: 'CSV_EXCEEDS_SIZE_LIMIT' } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs the declaration to upload, and sends nothing without it', async () => {
    const fetchMock = stubFetch();
    expect(await upload(csv('a,b\n1,2'), {})).toEqual({
      posted: { values: {}, errors: { agreed: 'batches.declarationRequired' } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the file through the spec upload, which submits it, then its results (post/redirect/get)', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ id: 'b-9' }));
    expect(await upload(csv('a,b\n1,2'))).toEqual({ redirect: '/b2b/csv-upload-results?id=b-9' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method]).toEqual([BULK_APPLICATIONS_PATH, 'POST']);
    const sent = (init?.body as FormData).get('file') as File;
    expect(sent.name).toBe('RB1001_20261126_101500.csv');
    expect(await sent.text()).toBe('a,b\n1,2');
  });

  it('checks the file without the declaration: the page again with its rows, nothing uploaded', async () => {
    const checked = {
      metadata: { filename: 'RB1001_20261126_101500.csv', applications: 1, readyApplications: 1 },
      applicationSummaries: [],
    };
    const fetchMock = stubFetch(() => jsonResponse(checked));
    expect(await upload(csv('a,b\n1,2'), { intent: 'check' })).toEqual({
      posted: { values: { intent: 'check' }, errors: {}, view: 'checked', data: checked },
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`${BULK_APPLICATIONS_PATH}/validate`]);
  });

  it("shows the upload's refusal against the file, with the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ status: 400, message: 'Missing: Last name', backendCode: 'CSV_MISSING_COLUMNS' }, 400),
      ),
    );
    expect(await upload(csv('a'))).toEqual({
      posted: {
        values: { agreed: 'true' },
        errors: { file: 'CSV_MISSING_COLUMNS' },
        general: 'Missing: Last name',
      },
    });
  });
});
