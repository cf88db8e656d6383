import 'govuk-frontend/dist/govuk/govuk-frontend.min.css';
import './app.css';
import { isSupported } from 'govuk-frontend';

// govuk-frontend's components only start when the body says the browser supports them; the page's
// CSP forbids the usual inline snippet, so it is set here (before the page is first drawn, so nothing moves).
document.body.classList.add('js-enabled');
if (isSupported()) document.body.classList.add('govuk-frontend-supported');

/**
 * The browser app is fetched once the server's page has been drawn (decision 0056): the page holds its content and
 * works without script, so the first paint waits for nothing but the HTML, the stylesheet and the fonts, which then
 * have the connection to themselves; the app's scripts follow and take the page over. A page drawn empty (none is
 * today) starts at once, as does a page in a tab not shown (nothing is drawn there).
 */
function afterFirstPaint(start: () => void): void {
  const root = document.getElementById('root');
  if (document.visibilityState === 'hidden' || !root?.hasChildNodes()) {
    start();
    return;
  }
  // The frame after the page's load (its stylesheet, fonts and images) has been painted.
  const next = () => requestAnimationFrame(() => setTimeout(start, 0));
  if (document.readyState === 'complete') next();
  else window.addEventListener('load', next, { once: true });
}

afterFirstPaint(() => void import('./app/start'));
