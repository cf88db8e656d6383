import { describe, expect, it } from 'vitest';
import { filteredPageKey } from './index';

describe('filteredPageKey', () => {
  it('is the same for the same filter, whatever the order of its names and however an unset one is left out', () => {
    expect(
      filteredPageKey('results', { csgCode: 'C1', applicantName: 'ann', dateOfIssue: undefined }, 2, 25),
    ).toEqual(filteredPageKey('results', { applicantName: 'ann', csgCode: 'C1' }, 2, 25));
  });

  it('tells apart the same value under another filter, another list, page or page size', () => {
    const key = filteredPageKey('results', { applicantName: 'C1' }, 1, 25);
    expect(filteredPageKey('results', { csgCode: 'C1' }, 1, 25)).not.toEqual(key);
    expect(filteredPageKey('applications', { applicantName: 'C1' }, 1, 25)).not.toEqual(key);
    expect(filteredPageKey('results', { applicantName: 'C1' }, 2, 25)).not.toEqual(key);
    expect(filteredPageKey('results', { applicantName: 'C1' }, 1, 50)).not.toEqual(key);
  });

  it('keeps a list of values as it is given', () => {
    expect(filteredPageKey('applications', { typeCodes: ['LA', 'LB'] }, 1, 25)).not.toEqual(
      filteredPageKey('applications', { typeCodes: ['LA'] }, 1, 25),
    );
  });
});
