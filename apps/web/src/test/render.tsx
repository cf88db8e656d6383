import { QueryClientProvider } from '../lib/query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from '../lib/router';
import { createQueryClient } from '../lib/query-client';
import type { ActionInput } from '../lib/page-action';

/** Renders a component inside the app's providers and a memory router. */
export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A page test's API: the signed-in person and the configuration, then whatever the page itself asks. */
export interface PageApi {
  /** The person's roles, with a verified identity (`/APPLICANT` unless said). */
  roles?: string[];
  /** More of the person's user information (their countersignatory details). */
  user?: Record<string, unknown>;
  /** The configuration's feature flags. */
  features?: Record<string, boolean>;
  /** The answer to every other call. */
  answer: (url: string) => Response;
}

/**
 * Stubs `fetch` as the API a page test needs (`vi.unstubAllGlobals()` undoes it); the mock is returned, so the
 * test can look at the calls the page made.
 */
export function stubPageApi({ roles = ['/APPLICANT'], user, features = {}, answer }: PageApi) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/oauth2/api/userinformation'))
      return jsonResponse({ id: 'u1', expiryTime: '', roles, assuranceLevel: 'DS_VERIFIED', ...user });
    if (url.startsWith('/api/config'))
      return jsonResponse({ serviceName: 'x', localServices: true, features });
    return answer(url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Stubs `fetch` with `respond` (an empty 200 for every call unless given); returns the mock to read its calls. */
export function stubFetch(respond: (url: string, init?: RequestInit) => Response = () => jsonResponse({})) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Stubs `fetch` answering each call by the start of its path (a call no answer starts is an error); the mock is
 * returned, so the test can look at the calls made.
 */
export function stubApiByPath(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const key = Object.keys(answers).find((start) => path.startsWith(start));
    if (!key) throw new Error(`unexpected call ${path}`);
    return answers[key]!();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * What a page's action gets when its form is posted without JavaScript to `path` (decision 0038): the fields with
 * a request-forgery token, already checked, and the page's address.
 */
export function postedTo(
  path: string,
  fields: Record<string, string> = {},
  files?: ActionInput['files'],
): ActionInput {
  return {
    form: new URLSearchParams({ _csrf: 'token', ...fields }),
    ...(files ? { files } : {}),
    url: new URL(path, 'http://localhost'),
    secureCookies: false,
  };
}

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
