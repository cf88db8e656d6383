import { SESSION_KEEP_ALIVE_MS, SESSION_WARNING_MS, SIGN_OUT_REASONS } from '@dis/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/api-client';
import { jsonResponse, renderWithApp } from '../test/render';
import { SESSION_CHANNEL, SessionTimeout } from './session-timeout';

const START = new Date('2025-03-10T09:00:00Z').getTime();
const FOUR_HOURS = 4 * 60 * 60 * 1000;

/** The browser's BroadcastChannel between tabs, in one document: a message reaches the other channels of its name. */
class TabChannel {
  static open = new Set<TabChannel>();
  private readonly listeners = new Set<(event: MessageEvent) => void>();
  constructor(readonly name: string) {
    TabChannel.open.add(this);
  }
  postMessage(data: unknown) {
    for (const other of TabChannel.open)
      if (other !== this && other.name === this.name)
        other.listeners.forEach((listener) => listener({ data } as MessageEvent));
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
    this.listeners.add(listener);
  }
  close() {
    TabChannel.open.delete(this);
  }
}

describe('SessionTimeout', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let navigate: ReturnType<typeof vi.spyOn>;
  /** Every call answered with the signed-in person, but the logout call, answered by `logout`. */
  const answerLogout = (logout: () => Response) =>
    fetchMock.mockImplementation(async (url: string, _init?: RequestInit) =>
      String(url).startsWith('/oauth2/api/logout') ? logout() : jsonResponse({ id: 'u1' }),
    );

  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    fetchMock = vi.fn();
    answerLogout(() => jsonResponse({ oauthProviderRedirect: 'https://idp.example/logout' }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('BroadcastChannel', TabChannel);
    navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const expiry = new Date(START + FOUR_HOURS).toISOString();
  const advance = async (ms: number) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  };
  /** The logout call refused with this status and backend code. */
  const refuseLogout = (status: number, message: string, backendCode: string) =>
    answerLogout(() => jsonResponse({ status, message, backendCode }, status));
  /** The page left alone until the countdown has ended. */
  const untilCountdownEnds = async () => {
    renderWithApp(<SessionTimeout expiryTime={expiry} />);
    await advance(SESSION_WARNING_MS + 60_000);
  };
  /** From now, no dialog until the 29 minutes are up (a second before: none), and then the warning. */
  const expectWarningAfterWholeWait = async () => {
    await advance(SESSION_WARNING_MS - 1000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1000);
    expect(screen.getByRole('dialog')).toBeTruthy();
  };
  const logoutCalls = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/oauth2/api/logout'));

  it('shows nothing before 29 minutes without activity', async () => {
    renderWithApp(<SessionTimeout expiryTime={expiry} />);
    await advance(SESSION_WARNING_MS - 1000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns at 29 minutes and counts down 60 seconds in one-second steps', async () => {
    renderWithApp(<SessionTimeout expiryTime={expiry} />);
    await advance(SESSION_WARNING_MS);
    const dialog = screen.getByRole('dialog', { name: 'You’re about to be signed out' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('60 seconds');
    await advance(1000);
    expect(dialog.textContent).toContain('59 seconds');
    await advance(58_000);
    expect(dialog.textContent).toContain('1 second.');
    expect(logoutCalls()).toHaveLength(0);
  });

  it('signs out as inactive for 30 minutes when the countdown ends', async () => {
    await untilCountdownEnds();
    expect(logoutCalls()).toHaveLength(1);
    const [, init] = logoutCalls()[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: SIGN_OUT_REASONS.inactive });
    expect(navigate).toHaveBeenCalledWith('https://idp.example/logout');
  });

  it('says the sign-out did not complete when the logout call fails, and is plainly signed out on a 401', async () => {
    // Spec 02 section 8, "sign-out failure" (decision 0055): never a page saying all went well.
    refuseLogout(503, 'Unavailable', 'TEMPORARILY_UNAVAILABLE');
    await untilCountdownEnds();
    expect(logoutCalls()).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/signed-out?reason=sign-out-failed');
  });

  it('goes to the signed-out page with its reason when the session had already ended (401)', async () => {
    refuseLogout(401, 'Not signed in', 'UNAUTHENTICATED');
    await untilCountdownEnds();
    expect(navigate).toHaveBeenCalledWith(
      `/signed-out?${new URLSearchParams({ reason: SIGN_OUT_REASONS.inactive })}`,
    );
    expect(navigate).not.toHaveBeenCalledWith('/signed-out?reason=sign-out-failed');
  });

  it('"Stay signed in" closes the dialog, pings the server and restarts the 29 minutes', async () => {
    renderWithApp(<SessionTimeout expiryTime={expiry} />);
    await advance(SESSION_WARNING_MS + 10_000);
    fetchMock.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/oauth2/api/userinformation']);
    await expectWarningAfterWholeWait();
  });

  it('activity postpones the warning and pings at most once a minute', async () => {
    renderWithApp(<SessionTimeout expiryTime={expiry} />);
    await advance(20 * 60 * 1000);
    fireEvent.keyDown(window, { key: 'a' });
    fireEvent.mouseMove(window);
    fireEvent.wheel(window);
    const pings = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/oauth2/api/userinformation');
    expect(pings()).toHaveLength(1);
    await advance(SESSION_KEEP_ALIVE_MS - 1000);
    fireEvent.touchStart(window);
    expect(pings()).toHaveLength(1);
    // A minute after the last one, activity tells the server again.
    await advance(1000);
    fireEvent.touchStart(window);
    expect(pings()).toHaveLength(2);
    await expectWarningAfterWholeWait();
  });

  it('another tab of the service, active or kept signed in, postpones the warning here and closes it', async () => {
    renderWithApp(<SessionTimeout expiryTime={expiry} />);
    const otherTab = new TabChannel(SESSION_CHANNEL);
    await advance(20 * 60 * 1000);
    act(() => otherTab.postMessage({ type: 'activity', pinged: true }));
    await expectWarningAfterWholeWait();
    // Once the dialog is up, only "Stay signed in" (in any tab) keeps the session.
    act(() => otherTab.postMessage({ type: 'activity', pinged: false }));
    await advance(1000);
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => otherTab.postMessage({ type: 'stay' }));
    await advance(1000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(SESSION_WARNING_MS - 2000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(logoutCalls()).toHaveLength(0);
    otherTab.close();
  });

  it('tells the other tabs of its activity, at most once a second, and of "Stay signed in"', async () => {
    renderWithApp(<SessionTimeout expiryTime={expiry} />);
    const heard: unknown[] = [];
    const otherTab = new TabChannel(SESSION_CHANNEL);
    otherTab.addEventListener('message', (event) => heard.push(event.data));
    await advance(2000);
    fireEvent.keyDown(window, { key: 'a' });
    fireEvent.mouseMove(window);
    expect(heard).toEqual([{ type: 'activity', pinged: false }]);
    await advance(500);
    fireEvent.mouseMove(window);
    expect(heard).toHaveLength(1);
    // A minute after the page's own request, activity pings the server: the other tabs need not.
    await advance(SESSION_KEEP_ALIVE_MS);
    fireEvent.mouseMove(window);
    expect(heard).toEqual([
      { type: 'activity', pinged: false },
      { type: 'activity', pinged: true },
    ]);
    await advance(SESSION_WARNING_MS + 1000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(heard.at(-1)).toEqual({ type: 'stay' });
    otherTab.close();
  });

  it('keeps focus inside the dialog', async () => {
    renderWithApp(<SessionTimeout expiryTime={expiry} />);
    await advance(SESSION_WARNING_MS);
    const dialog = screen.getByRole('dialog');
    expect(document.activeElement).toBe(dialog);
    const stay = screen.getByRole('button', { name: 'Stay signed in' });
    const signOutButton = screen.getByRole('button', { name: 'Sign out' });
    signOutButton.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(stay);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(signOutButton);
  });

  it('signs out as active for 4 hours at the server expiry time, even while active', async () => {
    renderWithApp(<SessionTimeout expiryTime={new Date(START + 10 * 60 * 1000).toISOString()} />);
    await advance(5 * 60 * 1000);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(5 * 60 * 1000);
    expect(logoutCalls()).toHaveLength(1);
    expect(String(logoutCalls()[0]?.[1]?.body)).toContain('active for 4 hours');
  });
});
