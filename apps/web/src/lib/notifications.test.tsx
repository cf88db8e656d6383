import { SUCCESS_NOTIFICATION_MS } from '@dis/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import '../test/render';
import { createMemoryRouter, Link, Outlet, RouterProvider } from './router';
import { NotificationBanner } from '../components/notification-banner';
import { NotificationProvider, useNotifications } from './notifications';

function Shown() {
  const { current, dismiss } = useNotifications();
  return current ? (
    <NotificationBanner type={current.type} heading={current.heading} onTimeout={dismiss} />
  ) : null;
}

function Trigger() {
  const { notify } = useNotifications();
  return (
    <>
      <button type="button" onClick={() => notify({ type: 'success', heading: 'Saved' })}>
        success
      </button>
      <button type="button" onClick={() => notify({ type: 'error', heading: 'Broken' })}>
        error
      </button>
      <Link to="/other">elsewhere</Link>
    </>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <NotificationProvider>
            <Shown />
            <Outlet />
          </NotificationProvider>
        ),
        children: [
          { path: '/', element: <Trigger /> },
          { path: '/other', element: <p>Other page</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a success notification vanishes after 2 seconds', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    expect(screen.getByRole('alert').textContent).toContain('Saved');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SUCCESS_NOTIFICATION_MS - 1);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an error notification stays until the user navigates', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByRole('alert').textContent).toContain('Broken');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Other page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
