import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, LONGEST_WAIT_FOR_LOAD_MS } from './after-first-paint';

function page(html: string): Element {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('afterFirstPaint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("starts a server page's app only after its load event and the frame painted after it", () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => frames.push(frame));
    const start = vi.fn();
    afterFirstPaint(start, page('<h1>Your applications</h1>'));
    expect(frames).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(frames).toHaveLength(1);
    expect(start).not.toHaveBeenCalled();
    frames[0]!(0);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    // Once only, whatever else happens.
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(frames).toHaveLength(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts anyway when the load event has not come within the longest wait (a font that never arrives)', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const start = vi.fn();
    afterFirstPaint(start, page('<h1>Your applications</h1>'));
    vi.advanceTimersByTime(LONGEST_WAIT_FOR_LOAD_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the next frame when the page has loaded already', () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => {
      frame(0);
      return 1;
    });
    const start = vi.fn();
    afterFirstPaint(start, page('<h1>Your applications</h1>'));
    expect(start).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a page sent empty and in a tab not shown', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const empty = vi.fn();
    afterFirstPaint(empty, page(''));
    expect(empty).toHaveBeenCalledTimes(1);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const hidden = vi.fn();
    afterFirstPaint(hidden, page('<h1>Your applications</h1>'));
    expect(hidden).toHaveBeenCalledTimes(1);
  });
});
