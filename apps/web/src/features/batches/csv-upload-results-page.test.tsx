import { focusManager } from '../../lib/query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp, stubFetch } from '../../test/render';
import { batchPollInterval, CsvUploadResultsPage } from './csv-upload-results-page';

const batch = (status: string) => ({
  metadata: {
    id: 'b-1',
    status,
    applications: 1,
    submittedApplications: status === 'PROCESSED' ? 1 : 0,
    readyApplications: 1,
    filename: 'RB1001_20261126_101500.csv',
  },
  applicationSummaries: [
    {
      index: 1,
      applicationStatus: status === 'PROCESSED' ? 'WITH_APPLICANT' : 'READY',
      applicantSurname: 'Morgan',
      applicationReference: null,
      errors: [],
    },
  ],
});

describe('the batch results page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    focusManager.setFocused(undefined);
  });

  it('polls as spec 01 section 4 says: 1000 ms AWAITING, 1500 ms SUBMITTED, then stops', () => {
    expect(batchPollInterval('AWAITING')).toBe(1000);
    expect(batchPollInterval('SUBMITTED')).toBe(1500);
    expect(batchPollInterval('PROCESSED')).toBe(false);
    expect(batchPollInterval('FAILED')).toBe(false);
    expect(batchPollInterval(undefined)).toBe(false);
  });

  it('keeps polling while the page is in the background until the batch is processed (issue 29, item 15)', async () => {
    // A page out of focus (another tab in front): polling paused there once left it on "Waiting to be processed".
    focusManager.setFocused(false);
    const answers = ['AWAITING', 'SUBMITTED', 'PROCESSED'];
    const fetchMock = stubFetch(() => jsonResponse(batch(answers.shift() ?? 'PROCESSED')));
    renderWithApp(<CsvUploadResultsPage />, { path: '/b2b/csv-upload-results?id=b-1' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByText('Your applications have been started')).toBeTruthy(), {
      timeout: 6000,
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  }, 12_000);
});
