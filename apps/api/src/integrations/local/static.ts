import { createRequire } from 'node:module';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);

// The local stand-ins' pages use govuk-frontend's own precompiled CSS; the fonts and images come from /assets (the web build).
const govukCss = () =>
  path.join(
    path.dirname(require.resolve('govuk-frontend/package.json')),
    'dist/govuk/govuk-frontend.min.css',
  );

/**
 * Starts govuk-frontend-styled behaviour without inline script, submits forms marked to continue by themselves,
 * and moves focus to an error summary as GOV.UK pages do.
 */
const LOCAL_PAGES_JS = `document.body.classList.add('govuk-frontend-supported');
const next = document.querySelector('[data-auto-submit]');
if (next instanceof HTMLButtonElement) next.click();
const summary = document.querySelector('.govuk-error-summary');
if (summary instanceof HTMLElement) {
  if (!summary.hasAttribute('tabindex')) summary.setAttribute('tabindex', '-1');
  summary.focus();
}
`;

/**
 * The one rule the stand-ins add to govuk-frontend: a wide table scrolls inside its own focusable region, so the
 * page itself reflows at 320 CSS px (WCAG 1.4.10), as the service's own tables do.
 */
const LOCAL_PAGES_CSS = `
.app-table-container { position: relative; overflow-x: auto; }
.app-table-container:focus { outline: 3px solid #ffdd00; outline-offset: 0; }
`;

export async function localStaticRoutes(app: FastifyInstance): Promise<void> {
  let css: string | undefined;
  app.get(
    '/local/static/govuk-frontend.min.css',
    { config: { access: 'public' } },
    async (_request, reply) => {
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- a fixed file of the govuk-frontend package
      css ??= (await readFile(govukCss(), 'utf8')) + LOCAL_PAGES_CSS;
      return reply.type('text/css').header('Cache-Control', 'public, max-age=3600').send(css);
    },
  );
  app.get('/local/static/local-pages.js', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/javascript').header('Cache-Control', 'public, max-age=3600').send(LOCAL_PAGES_JS),
  );
}
