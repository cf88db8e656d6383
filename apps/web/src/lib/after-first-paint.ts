/**
 * Runs `start` once the server's page has been drawn (decision 0056): after the page's load event (its stylesheet,
 * fonts and images are in) and the frame painted after it. A page sent empty starts at once, as does a page in a tab
 * not shown (nothing is drawn there, and a hidden tab's frames wait until it is shown).
 */
export function afterFirstPaint(start: () => void, root: Element | null): void {
  if (document.visibilityState === 'hidden' || !root?.hasChildNodes()) {
    start();
    return;
  }
  const next = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') next();
  else window.addEventListener('load', next, { once: true });
}
