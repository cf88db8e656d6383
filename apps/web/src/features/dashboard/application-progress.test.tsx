import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, renderWithApp } from '../../test/render';
import { ApplicationProgress, stageStates } from './application-progress';

describe('stageStates', () => {
  it('marks the stages before the current one done and the ones after it to come', () => {
    expect(stageStates('RECEIVED').map((s) => s.state)).toEqual(['current', 'todo', 'todo']);
    expect(stageStates('CHECKS_UNDER_WAY').map((s) => s.state)).toEqual(['done', 'current', 'todo']);
    expect(stageStates('RESULT_ISSUED').map((s) => s.state)).toEqual(['done', 'done', 'done']);
  });
});

describe('the tracker', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stub(progress: Record<string, unknown>) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          applicationReference: 'DS-1',
          receivedOn: '2026-11-23',
          expectedBy: '2026-12-11',
          processingAimWorkingDays: 14,
          delayReason: null,
          resultId: null,
          resultType: null,
          ...progress,
        }),
      ),
    );
  }

  it('shows the expected date and the delay reason while the checks run', async () => {
    stub({ stage: 'CHECKS_UNDER_WAY', delayReason: 'We are waiting for a reply from another police force.' });
    renderWithApp(<ApplicationProgress token="tok" />);
    await screen.findByText('We expect to finish by 11 December 2026.');
    expect(screen.getByText('Your application is delayed')).toBeTruthy();
    expect(screen.getByText('We are waiting for a reply from another police force.')).toBeTruthy();
    expect(screen.getByText('In progress')).toBeTruthy();
  });

  it('links to the result once issued, without an expected date', async () => {
    stub({ stage: 'RESULT_ISSUED', resultId: 'r1', resultType: 'BD' });
    renderWithApp(<ApplicationProgress token="tok" />);
    const link = await screen.findByRole('link', { name: 'View your result' });
    expect(link.getAttribute('href')).toBe('/results/r1/basic');
    expect(screen.queryByText(/We expect to finish/)).toBeNull();
  });
});
