import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhance } from './enhance';

function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

function leave() {
  return { to: vi.fn<(path: string) => void>(), reload: vi.fn<() => void>() };
}

describe("the plain enhancements of a page the app does not take over (a recipient's)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the hidden print button and opens the print dialogue with it', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const root = page('<button type="button" hidden data-print-button="">Print</button>');
    enhance(root, leave());
    const button = root.querySelector('button')!;
    expect(button.hidden).toBe(false);
    button.click();
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("leaves for the expired-link page at a Basic result's viewing end, not before", () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00Z') });
    const go = leave();
    enhance(
      page(
        '<div data-leave-at="2026-11-27T10:15:00Z" data-leave-to="/error?code=expired_basic_share_link"></div>',
      ),
      go,
    );
    vi.advanceTimersByTime(15 * 60_000 - 1);
    expect(go.to).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go.to).toHaveBeenCalledWith('/error?code=expired_basic_share_link');
  });

  it('never leaves for an address off this site', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00Z') });
    const go = leave();
    enhance(
      page('<div data-leave-at="2026-11-27T10:00:01Z" data-leave-to="https://example.com/"></div>'),
      go,
    );
    vi.advanceTimersByTime(60_000);
    expect(go.to).not.toHaveBeenCalled();
  });

  it("asks at each interval whether the link still works, and has the server's page again once it has ended", async () => {
    vi.useFakeTimers();
    const answers = [200, 503, 401];
    const fetch = vi.fn(async () => new Response('{}', { status: answers.shift() ?? 200 }));
    vi.stubGlobal('fetch', fetch);
    const go = leave();
    enhance(page('<div data-poll="/api/shared-results/r1?refresh=true" data-poll-every="30000"></div>'), go);
    expect(fetch).not.toHaveBeenCalled();
    // Still shared, then a failure that is not the link's end: the page stays.
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(go.reload).not.toHaveBeenCalled();
    // Stopped or expired: the server's answer for the page is the link's end.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch).toHaveBeenCalledWith('/api/shared-results/r1?refresh=true', expect.anything());
    expect(go.reload).toHaveBeenCalledTimes(1);
  });

  it('an offline poll keeps the page', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const go = leave();
    enhance(page('<div data-poll="/api/shared-results/r1?refresh=true" data-poll-every="30000"></div>'), go);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(go.reload).not.toHaveBeenCalled();
  });
});
