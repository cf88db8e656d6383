import { SESSION_ENDED_PATH, type BackendCode } from '@dis/domain';
import { loadStrings } from '../i18n';
import { clearJourneyData } from './journey-store';

// Spec section 7, common behaviour: JSON bodies with cookies, 401 sends the user to the site root unless
// the call suppresses it (with the reason the launch page reads to say they are no longer signed in: 0055), a non-OK response raises an ApiError, a non-JSON OK response yields {}.

export interface ApiErrorBody {
  status?: number;
  message?: string;
  /** From the catalogue of backend codes (packages/domain): every code the server sends is in it. */
  backendCode?: BackendCode;
  fieldErrors?: Record<string, string>;
  /** The server's id of the request (also its X-Request-Id header): what a person quotes to the helpline. */
  requestId?: string;
}

/** The service's own rate limit (a 429 with this code) shows the too-many-requests page. */
export const TOO_MANY_REQUESTS: BackendCode = 'TOO_MANY_REQUESTS';
export const MAX_REQUESTS_PATH = '/error?code=max_requests';

export class ApiError extends Error {
  readonly status: number;
  readonly backendCode: BackendCode | undefined;
  readonly fieldErrors: Record<string, string> | undefined;
  readonly requestId: string | undefined;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.backendCode = body.backendCode;
    this.fieldErrors = body.fieldErrors;
    this.requestId = body.requestId;
  }
}

/**
 * The error of a refused call. A refusal that names its fields' problems names them by form error message, which
 * no page loads before it needs them (decision 0078): they are fetched first, so the page shows them in words.
 */
async function refusal(status: number, body: ApiErrorBody): Promise<ApiError> {
  if (body.fieldErrors && Object.keys(body.fieldErrors).length > 0)
    await loadStrings().catch(() => undefined);
  return new ApiError(status, body);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  /** Leave a 401 to the caller instead of sending the user to the launch page. */
  suppressUnauthorised?: boolean;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
}

/** The server's code when a dependency it needs is down (other 503s, such as the postcode lookup, are the page's). */
const SERVICE_DOWN: BackendCode = 'TEMPORARILY_UNAVAILABLE';
export const SERVICE_UNAVAILABLE_PAGE = '/error?code=temporarily_unavailable';

/** Replaced in tests; the real one is a full-page navigation. */
export const browser = {
  navigate(url: string): void {
    // On the server a page's calls never navigate: the page renders what the answer means.
    if (typeof window === 'undefined') return;
    window.location.assign(url);
  },
};

/** The path of the page on screen ('' on the server). */
function currentPath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;
let fetchImplementation: Fetch = (input, init) => fetch(input, init);

/**
 * How calls reach the API. The browser uses `fetch`; the server's render replaces it once with a dispatch into
 * the same process (the API's own routes, under the person's session: decision 0038).
 */
export function setFetchImplementation(implementation: Fetch): void {
  fetchImplementation = implementation;
}

let signingOut = false;
/**
 * The tab is signing out: calls made before it answer 401 once the session is gone, and must not send the person
 * to the launch page while sign-out takes them to the page that says they are signed out. Sign-out ends in a
 * full page load, which starts this module afresh.
 */
export function signingOutOfThisTab(): void {
  signingOut = true;
}

export function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // Empty filters are dropped before sending (spec section 7).
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Pages that tell the person they are signed out. */
const SIGNED_OUT_PAGES = ['/signed-out', '/successfully-signed-out'];
async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return {};
  const text = await response.text();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (method !== 'GET') {
    // The server refuses state-changing calls without JSON and this header (cross-site request defence).
    headers['Content-Type'] = 'application/json';
    headers['X-Requested-With'] = 'XMLHttpRequest';
    if (options.body !== undefined) init.body = JSON.stringify(options.body);
  }
  const response = await fetchImplementation(withQuery(path, options.query), init);
  const data = await readJson(response);
  if (!response.ok) {
    // The session is gone: nothing this tab kept for the journey outlives it.
    if (response.status === 401) clearJourneyData();
    // A late answer to a call made before signing out must not take the person away from the page that says so.
    if (
      response.status === 401 &&
      !options.suppressUnauthorised &&
      !signingOut &&
      !SIGNED_OUT_PAGES.includes(currentPath())
    )
      browser.navigate(SESSION_ENDED_PATH);
    const body = (data && typeof data === 'object' ? data : {}) as ApiErrorBody;
    // A dependency of the server is down (Redis, the database): the service-unavailable page, once.
    if (response.status === 503 && body.backendCode === SERVICE_DOWN && currentPath() !== '/error')
      browser.navigate(SERVICE_UNAVAILABLE_PAGE);
    body.requestId ??= response.headers.get('x-request-id') ?? undefined;
    if (response.status === 429 && body.backendCode === TOO_MANY_REQUESTS)
      browser.navigate(MAX_REQUESTS_PATH);
    throw await refusal(response.status, body);
  }
  return data as T;
}

/** A multipart upload (one form of files); the same error and 401 handling as the JSON calls. */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  const init: RequestInit = {
    method: 'POST',
    // The browser sets the multipart content type and boundary itself.
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    credentials: 'same-origin',
    body: form,
  };
  if (options.signal) init.signal = options.signal;
  const response = await fetchImplementation(path, init);
  const data = await readJson(response);
  if (!response.ok) {
    if (response.status === 401) browser.navigate('/');
    throw await refusal(response.status, (data && typeof data === 'object' ? data : {}) as ApiErrorBody);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
