import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type BuiltTestApp } from '../../test/support/test-app';
import { isUndocumented } from './openapi';

// Every route of the product API is registered from a domain contract (method, path, params, query, body and
// response as zod schemas), and /openapi.json, generated from those schemas, lists them all.

/**
 * Browser navigations of the sign-in and sign-out, answered with redirects to the identity provider or to a page
 * (the sign-out form's POST with a 303): not API calls, so not contracts (the OpenAPI document still lists them).
 */
const NAVIGATIONS = new Set([
  'GET /oauth2/authorization/dis',
  'GET /oauth2/callback',
  'GET /oauth2/signed-out',
  'POST /oauth2/logout',
]);

type Operation = { responses?: Record<string, { content?: unknown; description?: string }> };

describe('contracts and the OpenAPI document', () => {
  let t: BuiltTestApp;
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(async () => t.close());

  /** The product routes: every registered route but the undocumented ones and the document itself. */
  const productRoutes = () =>
    t.routes.filter((r) => r.method !== 'HEAD' && !isUndocumented(r.url) && r.url !== '/openapi.json');
  const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

  it('registers every product route from a contract, but the sign-in navigations', () => {
    const routes = productRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const without = routes.filter((r) => !r.contract && !NAVIGATIONS.has(key(r))).map(key);
    expect(without).toEqual([]);
    // The navigations are what they say: not registered from contracts.
    expect(routes.filter((r) => NAVIGATIONS.has(key(r)) && !r.contract).length).toBe(NAVIGATIONS.size);
  });

  it('lists every product route in /openapi.json, each contracted one with its successful answer described', () => {
    expect(document.openapi).toMatch(/^3\./);
    for (const route of productRoutes()) {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, key(route)).toBeDefined();
      if (!route.contract) continue;
      const success = Object.entries(operation!.responses ?? {}).filter(([status]) => status.startsWith('2'));
      expect(success.length, key(route)).toBe(1);
      const [status, answer] = success[0]!;
      if (status !== '204') expect(answer.content, key(route)).toBeDefined();
    }
  });

  it('leaves the local stand-ins out of the document', () => {
    expect(Object.keys(document.paths).filter((p) => p.startsWith('/local'))).toEqual([]);
  });
});
