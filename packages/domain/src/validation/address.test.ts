import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressPostcodeSearchSchema,
  addressSelectionFormSchema,
  formatAddress,
  isUnitedKingdom,
  manualAddressFormSchema,
} from './address';
import type { MonthYear } from './address-history';
import {
  addressHistoryCoverage,
  addressHistorySchema,
  deriveResidentTo,
  residenceAddressFormSchema,
  residentFromFormSchema,
} from './address-history';
import { errorsOf } from './test-helpers';

const now = new Date('2025-06-15T12:00:00Z');
const home = { line1: '1 High St', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' };

describe('address', () => {
  it('validates the postcode search', () => {
    expect(addressPostcodeSearchSchema.parse({ postcode: 'ls11aa' })).toEqual({ postcode: 'LS1 1AA' });
    expect(errorsOf(addressPostcodeSearchSchema, { postcode: '' })).toEqual({
      postcode: 'postcodeSearch.postcode.required',
    });
    expect(errorsOf(addressPostcodeSearchSchema, { postcode: 'ABC' })).toEqual({
      postcode: 'postcodeSearch.postcode.invalid',
    });
    expect(errorsOf(addressSelectionFormSchema, {})).toEqual({
      addressId: 'addressSelection.addressId.required',
    });
  });

  it('needs line 1, town and country, with a UK postcode for a UK address', () => {
    expect(errorsOf(manualAddressFormSchema, { postcode: 'nope' })).toEqual({
      line1: 'address.line1.required',
      town: 'address.town.required',
      country: 'address.country.required',
      postcode: 'address.postcode.invalid',
    });
    expect(errorsOf(manualAddressFormSchema, { ...home, postcode: '' })).toEqual({
      postcode: 'address.postcode.required',
    });
    expect(errorsOf(manualAddressFormSchema, { ...home, postcode: 123 })).toEqual({
      postcode: 'address.postcode.invalid',
    });
  });

  it('accepts a non-UK address with or without a generic postcode', () => {
    const paris = { line1: '1 Rue X', town: 'Paris', country: 'France' };
    expect(errorsOf(manualAddressFormSchema, paris)).toEqual({});
    expect(errorsOf(manualAddressFormSchema, { ...paris, postcode: '75001' })).toEqual({});
    expect(errorsOf(manualAddressFormSchema, { ...paris, postcode: '75#01' })).toEqual({
      postcode: 'address.postcode.invalid',
    });
  });

  it.each([
    [{ county: 'a'.repeat(32) }, {}],
    [{ county: 'a'.repeat(33) }, { county: 'address.county.tooLong' }],
    [{ line2: 'Flat 1 @ top' }, { line2: 'address.line2.invalid' }],
    [{ line1: 'a'.repeat(101) }, { line1: 'address.line1.tooLong' }],
  ])('caps the county at 32 and text at 100 with the address characters: %o', (change, errors) => {
    expect(errorsOf(manualAddressFormSchema, { ...home, ...change })).toEqual(errors);
  });

  it('knows the UK and formats addresses', () => {
    expect(isUnitedKingdom(' united kingdom ')).toBe(true);
    expect(isUnitedKingdom(undefined)).toBe(false);
    expect(formatAddress({ line1: ' 1 High St', line2: '', town: 'Leeds', postcode: 'LS1 1AA' })).toBe(
      '1 High St, Leeds, LS1 1AA',
    );
  });
});

describe('resident from', () => {
  const form = residentFromFormSchema({ now });
  const at = (month: string, year: string) => ({ residentFrom: { month, year } });
  it('is required, real, not in the future and within 100 years', () => {
    expect(errorsOf(form, {})).toEqual({ residentFrom: 'residentFrom.required' });
    expect(errorsOf(form, at('6', ''))).toEqual({ 'residentFrom.year': 'residentFrom.yearRequired' });
    expect(errorsOf(form, at('', '2020'))).toEqual({ 'residentFrom.month': 'residentFrom.monthRequired' });
    expect(errorsOf(form, at('13', '2020'))).toEqual({ residentFrom: 'residentFrom.invalid' });
    expect(errorsOf(form, at('x', '2020'))).toEqual({ residentFrom: 'residentFrom.invalid' });
    expect(errorsOf(form, { residentFrom: { month: 1.5, year: 2020 } })).toEqual({
      residentFrom: 'residentFrom.invalid',
    });
    expect(errorsOf(form, at('6', '2025'))).toEqual({});
    expect(errorsOf(form, at('7', '2025'))).toEqual({ residentFrom: 'residentFrom.future' });
    expect(errorsOf(form, at('6', '1925'))).toEqual({});
    expect(errorsOf(form, at('5', '1925'))).toEqual({ residentFrom: 'residentFrom.tooOld' });
    expect(errorsOf(residentFromFormSchema(), at('1', '3000'))).toEqual({
      residentFrom: 'residentFrom.future',
    });
  });
  it('is part of the residence address form', () => {
    expect(
      residenceAddressFormSchema({ now }).parse({ ...home, residentFrom: { month: '1', year: '2020' } }),
    ).toEqual({
      ...home,
      residentFrom: { month: 1, year: 2020 },
    });
  });
});

describe('address history', () => {
  const at = (
    month: number,
    year: number,
  ): typeof home & { residentFrom: MonthYear; residentTo?: MonthYear } => ({
    ...home,
    residentFrom: { month, year },
  });

  it('derives residentTo from the more recent address', () => {
    const derived = deriveResidentTo([
      { ...at(3, 2022), residentTo: { month: 1, year: 2024 } },
      at(5, 2019),
      at(1, 2010),
    ]);
    expect(derived.map((address) => address.residentTo)).toEqual([
      undefined,
      { month: 3, year: 2022 },
      { month: 5, year: 2019 },
    ]);
  });

  it('is complete when the history reaches the first day of this month five years ago', () => {
    expect(addressHistoryCoverage([at(6, 2020)], now)).toEqual({
      complete: true,
      coveredFrom: { month: 6, year: 2020 },
      requiredFrom: { month: 6, year: 2020 },
    });
    expect(addressHistoryCoverage([at(7, 2020)], now).complete).toBe(false);
    expect(addressHistoryCoverage([], now)).toMatchObject({ complete: false, coveredFrom: undefined });
    expect(addressHistoryCoverage([at(1, 2024)]).complete).toBe(false);
  });

  it('refuses out-of-order, overlapping and gapped histories', () => {
    const schema = addressHistorySchema({ now });
    expect(errorsOf(schema, [at(1, 2022), at(1, 2022)])).toEqual({
      '1.residentFrom': 'addressHistory.overlap',
    });
    expect(errorsOf(schema, [at(1, 2022), { ...at(1, 2019), residentTo: { month: 2, year: 2022 } }])).toEqual(
      {
        '1.residentTo': 'addressHistory.overlap',
      },
    );
    expect(
      errorsOf(schema, [at(1, 2022), { ...at(1, 2019), residentTo: { month: 12, year: 2021 } }]),
    ).toEqual({
      '1.residentTo': 'addressHistory.gap',
    });
    expect(addressHistoryCoverage([at(1, 2022), at(1, 2023), at(1, 2010)], now)).toMatchObject({
      complete: false,
      coveredFrom: { month: 1, year: 2022 },
    });
  });

  // Contiguous histories: a current address then earlier ones, each starting 1 to 40 months before the next.
  const history = fc
    .array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 })
    .map((steps) => {
      let index = 2025 * 12 + 5 - 1; // months since year 0 of May 2025
      return steps.map((step) => {
        index -= step;
        return at((index % 12) + 1, Math.floor(index / 12));
      });
    })
    .filter((addresses) => {
      const oldest = addresses.at(-1)!.residentFrom;
      return oldest.year * 100 + oldest.month <= 202006;
    });

  it('accepts every contiguous history covering five years (property)', () => {
    const schema = addressHistorySchema({ now });
    fc.assert(
      fc.property(history, (addresses) => {
        const derived = deriveResidentTo(addresses);
        expect(errorsOf(schema, derived)).toEqual({});
        expect(addressHistoryCoverage(derived, now).complete).toBe(true);
      }),
    );
  });

  it('refuses a gap or an overlap inserted anywhere (property)', () => {
    const schema = addressHistorySchema({ now });
    fc.assert(
      fc.property(
        history.filter((addresses) => addresses.length >= 2),
        fc.nat(),
        fc.boolean(),
        (addresses, pick, gap) => {
          const derived = deriveResidentTo(addresses);
          const index = 1 + (pick % (derived.length - 1));
          const broken = derived.map((address, i) => {
            if (i !== index || !address.residentTo) return address;
            const { month, year } = address.residentTo;
            const shifted = gap
              ? month === 1
                ? { month: 12, year: year - 1 }
                : { month: month - 1, year }
              : month === 12
                ? { month: 1, year: year + 1 }
                : { month: month + 1, year };
            return { ...address, residentTo: shifted };
          });
          const errors = errorsOf(schema, broken);
          expect(Object.values(errors)).toContain(gap ? 'addressHistory.gap' : 'addressHistory.overlap');
          // Coverage stops at the break, so it reaches no further back than the address before it.
          const coveredFrom = addressHistoryCoverage(broken, now).coveredFrom!;
          expect(coveredFrom).toEqual(derived[index - 1]!.residentFrom);
        },
      ),
    );
  });
});
