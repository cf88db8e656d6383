import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ORGANISATION_PAGE_SIZES } from '../limits';
import { organisationApplicationsContract } from './applications';
import { onResource, pathFor } from './define';
import { listEndpoint } from './list-endpoint';
import { createDraftContract } from './drafts';

// Request shapes of spec 01 section 7 and 9 held by the contracts the API registers and the web types its calls with.

describe("the organisation's applications list query (spec 01 section 9)", () => {
  const parse = (pageSize?: string) =>
    organisationApplicationsContract.query.safeParse(pageSize === undefined ? {} : { pageSize });

  it('takes the page sizes 10, 20, 50 and 100 (the selector offers ORGANISATION_PAGE_SIZES), 20 when not sent', () => {
    expect(ORGANISATION_PAGE_SIZES).toEqual([10, 20, 50, 100]);
    for (const size of ORGANISATION_PAGE_SIZES) expect(parse(String(size)).data?.pageSize).toBe(size);
    expect(parse().data?.pageSize).toBe(20);
    expect(parse('').data?.pageSize).toBe(20);
  });

  it.each(['7', '0', '5', '30', '1000', 'abc', '-10', '10.5'])(
    'refuses pageSize=%s with its message',
    (size) => {
      const parsed = parse(size);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['pageSize', 'applicationsFilter.pageSize.invalid'],
      ]);
    },
  );
});

describe('draft creation (spec 01 section 7: "no body in the applicant-only case")', () => {
  // The server reads an empty body on this route as `{}`: no type named.
  it('takes a body naming no type, or one naming it', () => {
    expect(createDraftContract.body.safeParse({}).data).toEqual({});
    expect(createDraftContract.body.safeParse({ applicationType: 'LA' }).data).toEqual({
      applicationType: 'LA',
    });
  });

  it('refuses a body of another shape', () => {
    for (const body of [null, [], 'LA', { applicationType: 'LONGER' }, { applicationType: 1 }]) {
      expect(createDraftContract.body.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

describe('contract builders', () => {
  it('puts the contracts on one resource at its path, with its parameters', () => {
    const params = z.object({ token: z.string() });
    const onThing = onResource('/api/things/:token', params);
    expect(onThing('GET')).toEqual({ method: 'GET', path: '/api/things/:token', params });
    expect(onThing('PUT', '/complete')).toEqual({
      method: 'PUT',
      path: '/api/things/:token/complete',
      params,
    });
  });

  it('answers a list endpoint with its items under its key', () => {
    const contract = listEndpoint('/api/things', 'things', z.object({ id: z.string() }));
    expect(contract.method).toBe('GET');
    expect(contract.path).toBe('/api/things');
    expect(contract.response.parse({ things: [{ id: 'a' }] })).toEqual({ things: [{ id: 'a' }] });
    expect(contract.response.safeParse({ things: [{}] }).success).toBe(false);
  });

  it('fills in and encodes the path parameters, and names a missing one', () => {
    expect(pathFor('/api/things/:token/complete', { token: 'a b' })).toBe('/api/things/a%20b/complete');
    expect(() => pathFor('/api/things/:token')).toThrow(
      'Missing path parameter token for /api/things/:token',
    );
  });
});
