import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from './router';

/**
 * What a page form posted without JavaScript comes back with when the server refuses it: the values the person
 * entered (so nothing is lost) and, by field name, the message key of each problem (the same keys the browser's
 * own validation gives). `general` is a problem of the whole form, shown in the error summary.
 */
export interface PostedForm {
  values: Record<string, string | string[]>;
  errors: Record<string, string>;
  general?: string;
  /**
   * A page of several views that keeps nothing between them carries its answers in each form (hidden fields) and
   * answers a post with the view it leads to (decision 0044); none for a page of one view.
   */
  view?: string;
  /**
   * What the action found for the page to show beside the form (a CSV file's check, decision 0053); none for
   * most pages.
   */
  data?: unknown;
}

/**
 * The page's render on the server, and what the browser is told of it (decision 0038): the request-forgery token
 * every form carries and, after a refused form post, that form. On the server the render also collects what the
 * response needs before it is sent: the page's title, its HTTP status and a redirect.
 */
export interface PageRender {
  /** True while rendering on the server (never in the browser). */
  server: boolean;
  csrfToken: string;
  /**
   * The one-time key of the server's render, which its forms carry (decision 0076); in the browser the forms of the
   * page the server drew keep it, and forms drawn later get keys of their own (`useFormKey`).
   */
  formKey?: string | undefined;
  /** The refused form post this page answers, if any, and the address it was posted to. */
  posted?: PostedForm | undefined;
  postedTo?: string | undefined;
  /** On the server: the request's cookies, for what the browser would read from `document.cookie`. */
  cookies?: string;
  /** On the server: the request came with a session that has ended (decision 0055). */
  sessionEnded?: boolean;
  /** Filled in on the server while rendering. */
  redirect?: string;
  status?: number;
  title?: string;
  errorSummary?: boolean;
  /** On the server: the views the page drew that are fetched apart from its code (`lazyView`), for the browser. */
  views?: string[];
  /** On the server: the page shows a form error message (`useErrorText`); the browser fetches them first. */
  messages?: boolean;
  /** In the browser: called once the page itself (not only its frame) has been taken over. */
  onTakenOver?: () => void;
}

const PageRenderContext = createContext<PageRender>({ server: false, csrfToken: '' });
export const PageRenderProvider = PageRenderContext.Provider;

export function usePageRender(): PageRender {
  return useContext(PageRenderContext);
}

/** A new one-time form key: 128 random bits, base64url, as the server makes them. */
export function newFormKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The one-time key a form carries (decision 0076): on the server, and while the browser takes the server's page
 * over, the render's key (so the page is taken over as sent); a form the browser draws afterwards (another page,
 * another view) a new key of its own, kept for as long as the form is on the page.
 */
export function useFormKey(): string {
  const { formKey } = usePageRender();
  const hydrated = useHydrated();
  const [ownKey] = useState(() => (hydrated ? newFormKey() : undefined));
  return ownKey ?? formKey ?? '';
}

/** The refused form post this page answers (undefined in the browser once the person has moved on). */
export function usePostedForm(): PostedForm | undefined {
  const render = usePageRender();
  const location = useLocation();
  return render.posted && render.postedTo === location.pathname + location.search ? render.posted : undefined;
}

/** What a render on the server collects for its response (the first status and redirect win). */
export function collect(
  render: PageRender,
  found: Pick<PageRender, 'status' | 'redirect' | 'title' | 'errorSummary' | 'messages'>,
): void {
  if (!render.server) return;
  if (found.status !== undefined) render.status ??= found.status;
  if (found.redirect !== undefined) render.redirect ??= found.redirect;
  if (found.title !== undefined) render.title = found.title;
  if (found.errorSummary) render.errorSummary = true;
  if (found.messages) render.messages = true;
}

/**
 * Sets the response status of a page rendered on the server (not found: 404), when it has one of its own
 * (undefined: the status the render would otherwise have); nothing in the browser.
 */
export function useResponseStatus(status: number | undefined): void {
  collect(usePageRender(), { status });
}

const subscribeNever = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's HTML, true afterwards: what only the browser
 * knows (its storage, its clock) is drawn after hydration, so the first render matches the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * Rendered beside each page (and its error page), inside the page's Suspense boundary: its effect runs when the page
 * itself has been taken over, which may be after the frame around it (a boundary is hydrated when its content is
 * ready). Renders nothing.
 */
export function PageTakenOver() {
  const { onTakenOver } = usePageRender();
  useEffect(() => onTakenOver?.(), [onTakenOver]);
  return null;
}
