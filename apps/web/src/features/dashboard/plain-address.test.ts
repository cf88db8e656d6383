import { describe, expect, it } from 'vitest';
import { filterProblems, listQueryFrom } from './filter-rules';
import { plainListQuery } from './organisation-filters';

// The dashboard reads a plain address without zod (decision 0071): whatever it reads so must be what the filter
// rules read, and anything it cannot settle is left to them.
describe('a plain list address, read without the filter rules', () => {
  const values = {
    applicantName: [null, '', '  ', 'Ann', '’'],
    csgCode: [null, '', ' ', 'AB1'],
    status: [null, '', ' ', 'SUBMITTED', 'EXPIRED', 'PAYMENT_FAILED', 'submitted', ' SUBMITTED', 'NOPE'],
    page: [null, '', ' ', '1', '3', '0', '01', '-1', '1.5', 'x', '99999999999999999999', '123456789'],
    pageSize: [null, '', '5', '10', '20', '30', '50', '100', '7', '020', '1000', 'x', ' 20'],
    showOrganisationDisclosures: [null, 'false', 'true', 'x'],
  };

  function* addresses(): Generator<URLSearchParams> {
    const keys = Object.keys(values) as (keyof typeof values)[];
    // Each field through its values with the others at two settings (absent, and a typical filter).
    const typical: Record<string, string | null> = { status: 'SUBMITTED', page: '2', pageSize: '50' };
    for (const key of keys) {
      for (const value of values[key]) {
        for (const others of [{}, typical]) {
          const params = new URLSearchParams();
          for (const other of keys) {
            const chosen = other === key ? value : ((others as Record<string, string | null>)[other] ?? null);
            if (chosen !== null) params.set(other, chosen);
          }
          yield params;
        }
      }
    }
  }

  it('reads what the rules read, with no problems, or leaves the address to the rules', () => {
    let plain = 0;
    for (const params of addresses()) {
      const query = plainListQuery(params);
      if (!query) continue;
      plain += 1;
      expect(query, params.toString()).toEqual(listQueryFrom(params, 20));
      expect(filterProblems(params), params.toString()).toEqual({});
    }
    expect(plain).toBeGreaterThan(20);
  });

  it('leaves text filters and refused values to the rules', () => {
    for (const text of ['applicantName=Ann', 'csgCode=AB1', 'status=NOPE', 'page=0', 'pageSize=7'])
      expect(plainListQuery(new URLSearchParams(text))).toBeUndefined();
    expect(plainListQuery(new URLSearchParams(''))).toEqual(listQueryFrom(new URLSearchParams(''), 20));
  });
});
