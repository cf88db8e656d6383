// What the API passes the web's server build to render a page or answer a form posted without JavaScript
// (decision 0038): apps/web/src/entry-server.tsx answers it, apps/api/src/platform/pages.ts loads that build and
// calls it. The apps never import each other, so the shapes between them are declared here, once (types only).

/** How a render reaches the API: the server's own routes, in this process, with the person's cookies. */
export type ApiFetch = (input: string, init: RequestInit) => Promise<Response>;

/** A page to render; `Posted` is what the web makes of a refused form post (its `PostedForm`). */
export interface PageRequest<Posted = unknown> {
  /** Path and query of the page. */
  url: string;
  fetch: ApiFetch;
  csrfToken: string;
  /** The request's Cookie header (what the browser's script would read: the cookie choice). */
  cookies?: string;
  /** Whether cookies the page sets are for HTTPS only. */
  secureCookies?: boolean;
  /** A refused form post this render answers. */
  posted?: Posted;
  /** The request came with a session that has ended (timed out, signed out elsewhere): decision 0055. */
  sessionEnded?: boolean;
}

/** A file of a page's form posted as multipart/form-data; `content` null when it was over the limit. */
export interface PostedFile {
  filename: string;
  type: string;
  content: Uint8Array | null;
}

/** A form posted to a page without JavaScript, for the page's action. */
export type ActionRequest = Omit<PageRequest, 'posted'> & {
  form: URLSearchParams;
  /** A multipart form's files, by field name. */
  files?: Record<string, PostedFile>;
};

export interface RenderedPage {
  status: number;
  /** Where the page sends the person instead (a 303). */
  redirect?: string;
  title: string;
  /** The page's HTML, for inside `<div id="root">`. */
  html: string;
  /** What the browser needs to take the page over: the answers the render read, the token, the refused form. */
  state: string;
  /** False for a page the browser app does not take over (decision 0038: public pages ship none). */
  hydrate: boolean;
  /**
   * A page the app does not take over that still has plain enhancements (decision 0074): it is sent with the small
   * entry, without the state the app would need.
   */
  enhance: boolean;
}
