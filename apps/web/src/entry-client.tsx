import 'govuk-frontend/dist/govuk/govuk-frontend.min.css';
import './app.css';
import { afterFirstPaint } from './lib/after-first-paint';

const root = document.getElementById('root');

if (root?.dataset.script === 'light') {
  // A page the browser app does not take over (decision 0074: the recipient's pages): it stays as the server drew
  // it, as without script, and gets only its plain enhancements.
  void import('./app/enhance').then(({ enhance }) => enhance());
} else {
  // govuk-frontend's components only start when the body says the browser supports them (their `isSupported()`
  // reads this class). The page's CSP forbids govuk-frontend's usual inline snippet, so its test is made here,
  // before the page is first drawn, so nothing moves: a browser that runs ES modules is supported.
  document.body.classList.add('js-enabled');
  if ('noModule' in HTMLScriptElement.prototype) document.body.classList.add('govuk-frontend-supported');

  // The browser app (app/start.tsx) is fetched once the server's page has been drawn (decision 0056): the page
  // holds its content and works without script, so its first paint waits only for the HTML, the stylesheet and the
  // fonts, which have the connection to themselves; the app's scripts follow and take the page over.
  afterFirstPaint(() => void import('./app/start'), root);
}
