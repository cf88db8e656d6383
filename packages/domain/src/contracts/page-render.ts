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
  /**
   * The one-time key this render gives its forms (`_formKey`, new for every render): a post repeated with it is
   * answered with the first post's outcome (decision 0076). None for a form's action.
   */
  formKey?: string;
  /** The request's Cookie header (what the browser's script would read: the cookie choice). */
  cookies?: string;
  /** Whether cookies the page sets are for HTTPS only. */
  secureCookies?: boolean;
  /** A refused form post this render answers. */
  posted?: Posted;
  /** The request came with a session that has ended (timed out, signed out elsewhere): decision 0055. */
  sessionEnded?: boolean;
}

/**
 * A file of a page's form posted as multipart/form-data, read whole by the API up to the upload limit: `content` is
 * null when the file was over it (reading stopped at one byte over).
 */
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
  /** What the page is sent with: see `PageScript`. */
  script: PageScript;
}

/**
 * The script a page is sent with: 'app', the browser app, which takes the page over from `state`; 'light', the small
 * entry and the page's plain enhancements, without the state (decision 0074); 'none', no script at all (decision
 * 0038: public pages ship none).
 */
export type PageScript = 'app' | 'light' | 'none';

/**
 * What a form posted without JavaScript leads to: the next page (post/redirect/get, with the cookies to set), or the
 * same page again with what was entered; `Posted` is what the web makes of the refused form (its `PostedForm`). The
 * web's `runAction` answers undefined for a page that takes no form.
 */
export type ActionAnswer<Posted = unknown> = { redirect: string; setCookies?: string[] } | { posted: Posted };
