import { describe, expect, it } from 'vitest';
import { addressHistorySchema, residenceAddressFormSchema } from './address-history';
import { dateOfBirthFormSchema } from './date-of-birth';
import { memoiseSchemaFactory } from './structure';

describe('schema factories', () => {
  it('reuse the schema built for the same clock instead of building it again (journey walks)', () => {
    const now = new Date('2025-06-15T12:00:00Z');
    expect(addressHistorySchema({ now })).toBe(addressHistorySchema({ now: new Date(now) }));
    expect(residenceAddressFormSchema({ now })).toBe(residenceAddressFormSchema({ now }));
    expect(dateOfBirthFormSchema('scheme', { now })).toBe(dateOfBirthFormSchema('scheme', { now }));
    expect(dateOfBirthFormSchema('scheme', { now })).not.toBe(dateOfBirthFormSchema('standard', { now }));
  });

  it('still apply each clock to its own schema', () => {
    const residence = { line1: '1 High St', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' };
    const june = residenceAddressFormSchema({ now: new Date('2025-06-15T12:00:00Z') });
    const may = residenceAddressFormSchema({ now: new Date('2025-05-15T12:00:00Z') });
    const movedInJune = { ...residence, residentFrom: { month: 6, year: 2025 } };
    expect(june.safeParse(movedInJune).success).toBe(true);
    expect(may.safeParse(movedInJune).error?.issues[0]?.message).toBe('residentFrom.future');
  });

  it('keep a bounded number of schemas', () => {
    let builds = 0;
    const factory = memoiseSchemaFactory((n: number) => ({ n, build: (builds += 1) }));
    for (let n = 0; n < 100; n += 1) factory(n);
    expect(builds).toBe(100);
    expect(factory(99).n).toBe(99);
    expect(builds).toBe(100);
    factory(0);
    expect(builds).toBe(101);
  });
});
