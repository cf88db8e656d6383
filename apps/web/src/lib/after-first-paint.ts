/** How long the app waits for the page's load event (a font or image that never arrives) before it starts anyway. */
export const LONGEST_WAIT_FOR_LOAD_MS = 3000;

/**
 * Runs `start` once the server's page has been drawn (decision 0056): after the page's load event (its stylesheet,
 * fonts and images are in) and the frame painted after it, or after LONGEST_WAIT_FOR_LOAD_MS if the load event has
 * not come by then. A page sent empty starts at once, as does a page in a tab not shown (nothing is drawn there,
 * and a hidden tab's frames wait until it is shown). `start` runs once.
 */
export function afterFirstPaint(start: () => void, root: Element | null): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (document.visibilityState === 'hidden' || !root?.hasChildNodes()) {
    once();
    return;
  }
  const next = () => requestAnimationFrame(() => setTimeout(once, 0));
  if (document.readyState === 'complete') {
    next();
    return;
  }
  window.addEventListener('load', next, { once: true });
  setTimeout(once, LONGEST_WAIT_FOR_LOAD_MS);
}
