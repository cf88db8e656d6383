/**
 * The browser app, loaded by the entry (`entry-client.tsx`) once the server's page has been drawn: it takes that
 * page over (hydration) or, on a page sent empty, draws it.
 */
import { hydrate, type DehydratedState } from '../lib/query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from '../lib/router';
import { receiveError, receiveQueries, type SentError } from '../lib/page-state';
import { preloadViews } from '../lib/lazy-view';
import { loadStrings } from '../i18n';
import { queryClient } from '../lib/query-client';
import { PageRenderProvider, type PageRender } from '../lib/server-render';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { ROUTES } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// What the server's render read and decided (decision 0038): the browser starts from the same answers, so the
// page it draws first is the server's page, taken over without a change.
interface PageState {
  csrfToken?: string;
  formKey?: string;
  posted?: PageRender['posted'];
  postedTo?: string;
  queries?: DehydratedState;
  routeError?: SentError;
  views?: string[];
  messages?: boolean;
}
const stateElement = document.getElementById('page-state');
const state = (stateElement?.textContent ? JSON.parse(stateElement.textContent) : {}) as PageState;
if (state.queries) hydrate(queryClient, receiveQueries(state.queries));
// A query the server's render saw fail is not asked again while the page is taken over (the page would otherwise
// draw its loading state in place of what the server drew); from then on, as usual.
const defaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryOnMount: false } });
const render: PageRender = {
  server: false,
  // The page is the browser's now: queries behave as usual again, and the document says so (the browser tests
  // wait for it before they type or click).
  onTakenOver: () => {
    if (document.documentElement.dataset.hydrated === 'true') return;
    queryClient.setDefaultOptions(defaults);
    document.documentElement.dataset.hydrated = 'true';
  },
  csrfToken: state.csrfToken ?? '',
  formKey: state.formKey,
  posted: state.posted,
  postedTo: state.postedTo,
};

/** The app: the router is made here, in a task of its own (see takeOver). */
function app() {
  return (
    <StrictMode>
      <PageRenderProvider value={render}>
        <Providers client={queryClient}>
          <RouterProvider
            router={createAppRouter(state.routeError ? receiveError(state.routeError) : undefined)}
          />
        </Providers>
      </PageRenderProvider>
    </StrictMode>
  );
}

/**
 * Lets the browser run what is waiting (a tap, a frame) before the next step: the take-over is done in several
 * short tasks rather than one long one (a long task is what a tap waits behind; Total Blocking Time in Lighthouse).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The page the server sent: its code, fetched before the take-over so the page is taken over with its frame, and
 * then the views of it the server drew that are fetched apart (a journey step's question, lib/lazy-view.ts) and the
 * form error messages it shows.
 */
async function preloadPage(): Promise<void> {
  const matched = matchRoutes(ROUTES, window.location.pathname);
  const Component = matched?.[matched.length - 1]?.route.Component as
    { preload?: () => Promise<void> } | undefined;
  // A page that cannot be fetched is fetched again by its route, which shows the error page if it fails again.
  await Component?.preload?.().catch(() => undefined);
  // The views the server drew, and the form error messages if it drew one (they are otherwise fetched with a
  // form's first check, i18n/index.ts).
  await Promise.all([
    preloadViews(state.views),
    state.messages ? loadStrings().catch(() => undefined) : undefined,
  ]);
}

/**
 * Takes the server's page over, step by step, each in a task of its own: this module's own start (React DOM and the
 * libraries), asking for the page's code (a preload link for each of its files), running that code when it has
 * arrived, making the router, then the hydration itself, as a transition, which React yields from every few
 * milliseconds.
 */
async function takeOver(page: HTMLElement): Promise<void> {
  await yieldToBrowser();
  await preloadPage();
  await yieldToBrowser();
  const element = app();
  await yieldToBrowser();
  startTransition(() => {
    hydrateRoot(page, element, {
      // Said with where it happened, so a page the browser could not take over as sent is found (the browser
      // tests fail on it).
      onRecoverableError: (error, info) => {
        const message = error instanceof Error ? error.message : String(error);
        console.error(
          `React recovered from an error while hydrating: ${message}${info.componentStack ?? ''}`,
        );
      },
    });
  });
}

if (root.hasChildNodes()) void takeOver(root);
else createRoot(root).render(app());
