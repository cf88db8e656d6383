import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type BuiltTestApp } from '../../test/support/test-app';
import { isUndocumented, SECURITY_SCHEMES } from './openapi';

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

type Schema = { $ref?: string; properties?: Record<string, unknown> };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }>; description?: string }>;
};

describe('contracts and the OpenAPI document', () => {
  let t: BuiltTestApp;
  let document: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, { type: string }> };
  };

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

  /** The documented operation of a registered route. */
  const operationOf = (route: { method: string; url: string }) =>
    document.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];

  it('names every operation once: its operationId (the contract’s name), a summary and its module as its tag', () => {
    const ids = new Set<string>();
    for (const route of productRoutes()) {
      const operation = operationOf(route)!;
      expect(operation.operationId, key(route)).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.has(operation.operationId!), `${key(route)}: ${operation.operationId} twice`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.summary?.length, key(route)).toBeGreaterThan(3);
      expect(operation.tags, key(route)).toHaveLength(1);
    }
    const draftSave = operationOf({ method: 'PUT', url: '/api/draftApplications/:token/countersignatory' })!;
    expect(draftSave).toMatchObject({
      operationId: 'saveOrganisationDraft',
      summary: 'Save organisation draft',
      tags: ['drafts'],
    });
    // A group of contracts exported as one object: the group's name and the contract's key.
    expect(
      operationOf({ method: 'POST', url: '/submitApplicationService/v2/bulkApplications' }),
    ).toMatchObject({
      operationId: 'batchUpload',
      tags: ['batches'],
    });
    expect(operationOf({ method: 'GET', url: '/internal/casework/applications' })?.tags).toEqual([
      'casework',
    ]);
    // A navigation without a contract: its id from its method and path, its own summary.
    expect(operationOf({ method: 'GET', url: '/oauth2/callback' })?.operationId).toBe('getOauth2Callback');
    expect(operationOf({ method: 'GET', url: '/oauth2/callback' })?.summary).toMatch(/identity provider/);
  });

  it('says who may call each operation: the session cookie for a role, a bearer token for the services, [] when public', () => {
    const schemes = document.components?.securitySchemes ?? {};
    expect(Object.keys(schemes).sort()).toEqual(Object.values(SECURITY_SCHEMES).sort());
    expect(schemes[SECURITY_SCHEMES.sessionCookie]).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(schemes[SECURITY_SCHEMES.caseworkBearer]).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const route of productRoutes()) {
      const { security } = operationOf(route)!;
      expect(Array.isArray(security), key(route)).toBe(true);
      for (const requirement of security!)
        for (const scheme of Object.keys(requirement)) expect(schemes[scheme], key(route)).toBeDefined();
      if (typeof route.access === 'object') {
        expect(security, key(route)).toEqual([{ [SECURITY_SCHEMES.sessionCookie]: [] }]);
      } else if (route.url.startsWith('/internal/casework/')) {
        expect(security, key(route)).toEqual([{ [SECURITY_SCHEMES.caseworkBearer]: [] }]);
      }
    }
    const securityOf = (method: string, url: string) => operationOf({ method, url })?.security;
    expect(securityOf('GET', '/healthz')).toEqual([]);
    expect(securityOf('GET', '/api/config')).toEqual([]);
    expect(securityOf('GET', '/oauth2/authorization/dis')).toEqual([]);
    expect(securityOf('POST', '/notify/callbacks/delivery-status')).toEqual([
      { [SECURITY_SCHEMES.notifyCallbackBearer]: [] },
    ]);
    expect(securityOf('GET', '/api/shared-results/:id')).toEqual([
      { [SECURITY_SCHEMES.recipientCookie]: [] },
    ]);
  });

  it('describes a schema several contracts share once, as a component they refer to', () => {
    const schemas = document.components?.schemas ?? {};
    for (const name of ['Draft', 'ApplicationList', 'Result', 'ReminderSetting'])
      expect(schemas[name]).toBeDefined();
    const answerOf = (method: string, url: string) =>
      operationOf({ method, url })?.responses?.['200']?.content?.['application/json']?.schema;
    for (const url of [
      '/api/draftApplications/:token',
      '/api/draftApplications/:token/countersignatory',
      '/api/draftApplications/:token/applicant',
    ]) {
      const method = url === '/api/draftApplications/:token' ? 'GET' : 'PUT';
      expect(answerOf(method, url), url).toEqual({ $ref: '#/components/schemas/Draft' });
    }
    expect(answerOf('GET', '/ags/disclosure-summaries')).toEqual({
      $ref: '#/components/schemas/ApplicationList',
    });
    expect(answerOf('GET', '/api/draftApplications/applicant-applications-summary')).toEqual({
      $ref: '#/components/schemas/ApplicationList',
    });
  });

  it('shows the body each draft save reads, though the handler reads it against the draft’s own schemas', () => {
    const bodyOf = (url: string) =>
      operationOf({ method: 'PUT', url })?.requestBody?.content?.['application/json']?.schema?.properties ??
      {};
    const organisation = bodyOf('/api/draftApplications/:token/countersignatory');
    for (const field of [
      'applicationTypeCode',
      'csgCode',
      'roleDetails',
      'whoWillPay',
      'confirmRoleQualifies',
    ])
      expect(organisation[field], field).toBeDefined();
    const applicant = bodyOf('/api/draftApplications/:token/applicant');
    for (const field of ['currentName', 'dateOfBirth', 'currentAddress', 'contactDetails'])
      expect(applicant[field], field).toBeDefined();
  });
});
