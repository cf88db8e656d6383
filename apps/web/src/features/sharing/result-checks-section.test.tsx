import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp } from '../../test/render';
import { ResultChecksSection } from './result-checks-section';

const RESULT_ID = '0b5d3f0e-6a1b-4c44-9b3e-3f1d2a7c9e11';
const PRINT = '2b5d3f0e-6a1b-4c44-9b3e-3f1d2a7c9e11';
const SHARED = '3b5d3f0e-6a1b-4c44-9b3e-3f1d2a7c9e11';

function stub(answer: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/config'))
        return jsonResponse({ serviceName: 'x', localServices: true, features: {} });
      return jsonResponse(answer);
    }),
  );
}

describe('the checks of a result in "who can see my result"', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each copy with its status and a withdrawal only while current, and every check with what it showed', async () => {
    stub({
      resultId: RESULT_ID,
      copies: [
        {
          copyId: PRINT,
          copy: 'APPLICANT',
          shareId: null,
          version: 1,
          createdAt: '2026-11-23T10:00:00.000Z',
          status: 'CURRENT',
          withdrawnAt: null,
          withdrawable: true,
        },
        {
          copyId: SHARED,
          copy: 'RECIPIENT',
          shareId: 'a',
          version: 1,
          createdAt: '2026-11-24T10:00:00.000Z',
          status: 'WITHDRAWN',
          withdrawnAt: null,
          withdrawable: false,
        },
      ],
      checks: [
        { copyId: PRINT, checkedAt: '2026-11-25T14:30:00.000Z', outcome: 'CURRENT' },
        { copyId: SHARED, checkedAt: '2026-11-25T15:00:00.000Z', outcome: 'WITHDRAWN' },
      ],
    });
    renderWithApp(<ResultChecksSection resultId={RESULT_ID} />, {
      path: `/who-can-see-my-result?resultId=${RESULT_ID}&withdrawnCode=${SHARED}`,
    });
    await screen.findByRole('heading', { name: 'Checks of your result' });
    expect(screen.getByText('Check code withdrawn')).toBeTruthy();
    const codes = within(screen.getByRole('region', { name: 'Check codes' }));
    expect(codes.getByText('Current')).toBeTruthy();
    expect(codes.getByText('Withdrawn')).toBeTruthy();
    const links = codes.getAllByRole('link', { name: /^Withdraw code/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `/who-can-see-my-result/withdraw-check-code?resultId=${RESULT_ID}&copyId=${PRINT}`,
    ]);
    const checks = within(screen.getByRole('region', { name: 'Checks made' }));
    expect(checks.getByText('Genuine and current')).toBeTruthy();
    expect(checks.getByText('A copy you shared')).toBeTruthy();
    expect(checks.getByText('25 November 2026 at 2:30pm')).toBeTruthy();
  });

  it('says when no copy has a code and nobody has checked', async () => {
    stub({ resultId: RESULT_ID, copies: [], checks: [] });
    renderWithApp(<ResultChecksSection resultId={RESULT_ID} />, {
      path: `/who-can-see-my-result?resultId=${RESULT_ID}`,
    });
    await screen.findByText(/No copy of this result has a check code yet/);
    expect(screen.getByText('Nobody has checked this result yet.')).toBeTruthy();
  });
});
