// The web app rendered on the server (decision 0038): every page's first response holds its content, and a form
// posted without JavaScript is answered here. The API loads this module from the web's server build
// (`dist-server/entry-server.js`) and hands each render a way to call its own routes under the person's session.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  DEFAULT_FEATURE_FLAGS,
  installStepSchemas,
  isIdentityVerified,
  SESSION_ENDED_PATH,
} from '@dis/domain';
import { STEP_SCHEMAS } from '@dis/domain/step-schemas';
import type { ActionRequest, ApiFetch, PageRequest, PostedFile, RenderedPage } from '@dis/domain/contracts';
import { QueryClient } from './lib/query';
import { StrictMode, type ReactElement } from 'react';
import { createStaticRouter, matchRoutes, RouterProvider } from './lib/router';
import { Providers } from './app/providers';
import { PAGE_ERRORS_ROUTE_ID, routeObjects } from './app/router';
import { ROUTES } from './app/routes';
import type { AppRoute } from './app/route-types';
import { loadStrings } from './i18n';
import { ApiError, setFetchImplementation } from './lib/api-client';
import { configQuery } from './lib/config';
import { consentCookie, COOKIE_BANNER_FORM, COOKIE_CHOICE_PARAM } from './lib/cookie-consent';
import { sendError, sendQueries } from './lib/page-state';
import { PageRenderProvider, type PageRender, type PostedForm } from './lib/server-render';
import { renderToHtml } from './lib/render-to-html';
import { fetchUser, userQuery } from './lib/session';
import type { ActionResult, PageAction } from './lib/page-action';

// A form posted without JavaScript is checked here with the step schemas the browser fetches on demand (0077).
installStepSchemas(STEP_SCHEMAS);

export type { ActionResult, ApiFetch, PageRequest, PostedFile, PostedForm, RenderedPage };

const calls = new AsyncLocalStorage<ApiFetch>();
setFetchImplementation((input, init) => {
  const fetchForRequest = calls.getStore();
  if (!fetchForRequest) throw new Error('An API call outside a page render');
  return fetchForRequest(input, init);
});

const routes = routeObjects(ROUTES);
const strings = loadStrings();

/**
 * The render's query client. A part of the page whose query is not answered yet waits for it (it suspends, and
 * React draws that part again once the answer or the error is in), so one pass draws the page whole.
 */
function serverQueryClient(): QueryClient {
  return new QueryClient({
    // An answer, or an error, is final for the render: a query that failed is not asked again (retryOnMount).
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } },
    suspendWhilePending: true,
  });
}

/** The page's error, once a render met one: shown in the page's place (the page error route's). */
interface PageError {
  error: unknown;
  status: number;
}

function app(
  client: QueryClient,
  url: string,
  pageError: PageError | undefined,
  render: PageRender,
): ReactElement {
  const router = createStaticRouter(
    routes,
    url,
    pageError ? { [PAGE_ERRORS_ROUTE_ID]: pageError.error } : undefined,
  );
  return (
    <StrictMode>
      <PageRenderProvider value={render}>
        <Providers client={client}>
          <RouterProvider router={router} />
        </Providers>
      </PageRenderProvider>
    </StrictMode>
  );
}

/**
 * The pages that answer a form posted without JavaScript, with who may see them: the API's tests post to each as
 * every kind of person (apps/api/test/form-access-matrix.test.ts), so a page given an action is covered at once.
 */
export const FORM_ROUTES: readonly Omit<AppRoute, 'Component' | 'action' | 'script'>[] = ROUTES.filter(
  (route) => route.action,
).map(({ path, roles, identityVerified, declaration, feature }) => ({
  path,
  roles,
  ...(identityVerified ? { identityVerified } : {}),
  ...(declaration ? { declaration } : {}),
  ...(feature ? { feature } : {}),
}));

/** The route of an address (the page table's entry), if any. */
export function routeFor(pathname: string): AppRoute | undefined {
  const matched = matchRoutes(ROUTES, pathname);
  return matched?.[matched.length - 1]?.route;
}

/** A JSON text safe inside a `<script type="application/json">` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Renders one page on the server: its HTML, status, title, redirect and the state the browser takes over. */
export async function renderPage(request: PageRequest<PostedForm>): Promise<RenderedPage> {
  await strings;
  return calls.run(request.fetch, async () => {
    const client = serverQueryClient();
    // Every page asks who is signed in and the deployment's settings first: read them together before the render.
    await Promise.all([client.prefetchQuery(userQuery), client.prefetchQuery(configQuery)]);
    const url = new URL(request.url, 'http://localhost');
    const draw = async (pageError: PageError | undefined) => {
      const render: PageRender = {
        server: true,
        csrfToken: request.csrfToken,
        formKey: request.formKey,
        cookies: request.cookies ?? '',
        posted: request.posted,
        postedTo: request.url,
        sessionEnded: Boolean(request.sessionEnded),
      };
      const { html, errors } = await renderToHtml(app(client, url.pathname + url.search, pageError, render));
      return { render, html, error: errors[0] };
    };
    const first = await draw(undefined);
    let { render, html } = first;
    let pageError: PageError | undefined;
    if (!render.redirect && first.error !== undefined) {
      // A page that threw: drawn again with its error, as the browser's error boundary would show it.
      const { error } = first;
      pageError = { error, status: error instanceof ApiError ? error.status : 500 };
      ({ render, html } = await draw(pageError));
    }
    const route = routeFor(url.pathname);
    const state = {
      csrfToken: request.csrfToken,
      formKey: request.formKey,
      posted: request.posted,
      postedTo: request.posted ? request.url : undefined,
      queries: sendQueries(client),
      // The error the page showed in its place: the browser's router starts from it rather than meet it again.
      routeError: pageError ? sendError(pageError.error) : undefined,
      // The views drawn apart from the page's code (lib/lazy-view.ts): the browser fetches them with it.
      views: render.views,
      // The page shows a form error message: the browser fetches the messages before it takes the page over.
      messages: render.messages,
    };
    return {
      status: render.status ?? pageError?.status ?? (request.posted ? 400 : 200),
      ...(render.redirect ? { redirect: render.redirect } : {}),
      title: (render.errorSummary ? 'Error: ' : '') + (render.title ?? ''),
      html,
      state: scriptJson(state),
      script: route?.script ?? 'app',
    };
  });
}

/** Whether the person may see the page, by its route guard's rules of feature, role and verified identity. */
async function mayPost(route: AppRoute): Promise<boolean> {
  if (route.feature) {
    const config = await configQuery.queryFn();
    if (!(config.features ?? DEFAULT_FEATURE_FLAGS)[route.feature]) return false;
  }
  if (route.roles.length === 0) return true;
  const user = await fetchUser();
  if (!user || !route.roles.some((role) => user.roles.includes(role))) return false;
  return !route.identityVerified || isIdentityVerified(user.assuranceLevel);
}

/** Answers a form posted to a page without JavaScript: the page's action, with the same calls as the browser. */
export async function runAction(request: ActionRequest): Promise<ActionResult | undefined> {
  await strings;
  const url = new URL(request.url, 'http://localhost');
  // The cookie banner is on every page: its choice is kept and the same page shown again.
  if (request.form.get('_form') === COOKIE_BANNER_FORM) {
    const analytics = request.form.get('cookies') === 'accept';
    // The page again, with the banner saying what was chosen (its "Hide" link drops the parameter).
    url.searchParams.set(COOKIE_CHOICE_PARAM, analytics ? 'accepted' : 'rejected');
    return {
      redirect: url.pathname + url.search,
      setCookies: [consentCookie(analytics, Boolean(request.secureCookies))],
    };
  }
  const route = routeFor(url.pathname);
  if (!route?.action) return undefined;
  const action: PageAction = await route.action();
  return calls.run(request.fetch, async () => {
    // Only someone the page is for may post its form: anyone else is sent to the page, which says why (signed out,
    // not found), and the action never runs (its calls might mean something else for them).
    // A session that has ended says so (decision 0055): the person is told they are no longer signed in.
    const refusedTo = request.sessionEnded ? SESSION_ENDED_PATH : url.pathname + url.search;
    if (!(await mayPost(route))) return { redirect: refusedTo };
    try {
      return await action({
        form: request.form,
        files: request.files ?? {},
        url,
        secureCookies: Boolean(request.secureCookies),
      });
    } catch (error) {
      // Refused by the API (signed out, not theirs, gone): nothing was saved, and the page itself says why.
      // A signed-in page's call answered 401: the session ended while the form was open (a public page's 401,
      // such as a recipient's link, is that page's own to explain).
      if (error instanceof ApiError && error.status === 401 && route.roles.length > 0)
        return { redirect: SESSION_ENDED_PATH };
      if (error instanceof ApiError && error.status < 500) return { redirect: url.pathname + url.search };
      throw error;
    }
  });
}
