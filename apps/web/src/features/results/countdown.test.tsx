import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import '../../test/render';
import { announcementStep, Countdown, splitRemaining } from './countdown';

describe('splitRemaining', () => {
  it('rounds up to the second and splits minutes and seconds', () => {
    expect(splitRemaining(15 * 60_000)).toEqual({ minutes: 15, seconds: 0 });
    expect(splitRemaining(15 * 60_000 - 1)).toEqual({ minutes: 15, seconds: 0 });
    expect(splitRemaining(61_001)).toEqual({ minutes: 1, seconds: 2 });
    expect(splitRemaining(0)).toEqual({ minutes: 0, seconds: 0 });
    expect(splitRemaining(-5)).toEqual({ minutes: 0, seconds: 0 });
  });
});

describe('announcementStep', () => {
  it('changes once a minute, then at 30 and 10 seconds', () => {
    expect(announcementStep(15 * 60_000)).toEqual({ minutes: 15 });
    expect(announcementStep(14 * 60_000 + 1)).toEqual({ minutes: 15 });
    expect(announcementStep(14 * 60_000)).toEqual({ minutes: 14 });
    expect(announcementStep(60_001)).toEqual({ minutes: 2 });
    expect(announcementStep(60_000)).toEqual({ minutes: 1 });
    expect(announcementStep(30_001)).toEqual({ minutes: 1 });
    expect(announcementStep(30_000)).toEqual({ seconds: 30 });
    expect(announcementStep(10_000)).toEqual({ seconds: 10 });
  });
});

describe('Countdown', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('shows the time left, announces it politely, and ends once at zero', () => {
    const onEnd = vi.fn();
    render(
      <Countdown endsAt={Date.now() + 2 * 60_000 + 5_000} remainingMs={2 * 60_000 + 5_000} onEnd={onEnd} />,
    );
    expect(screen.getByRole('timer').textContent).toBe('Time left to view this result: 2 minutes 5 seconds');
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('3 minutes left to view this result');

    act(() => {
      vi.advanceTimersByTime(6_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('Time left to view this result: 1 minute 59 seconds');
    expect(live?.textContent).toBe('2 minutes left to view this result');
    expect(onEnd).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(110_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('Time left to view this result: 9 seconds');
    expect(live?.textContent).toBe('10 seconds left to view this result');

    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    expect(onEnd).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('ends at once when the time is already up', () => {
    const onEnd = vi.fn();
    render(<Countdown endsAt={Date.now() - 1} remainingMs={0} onEnd={onEnd} />);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
