import { isUkLandline } from '@dis/domain';
import fc from 'fast-check';
import { parsePhoneNumberFromString as parseWith, type PhoneNumber } from 'libphonenumber-js/core';
import full from 'libphonenumber-js/metadata.max.json';
import { describe, expect, it } from 'vitest';
import { ukPhoneMetadata } from './uk-phone-metadata';

const uk = ukPhoneMetadata(full);
const LANDLINE_TYPES = new Set(['FIXED_LINE', 'FIXED_LINE_OR_MOBILE', 'UAN']);
/** The domain's landline rule, with the metadata given. */
const landline = (p: PhoneNumber | undefined) =>
  p !== undefined && p.isValid() && p.country === 'GB' && LANDLINE_TYPES.has(p.getType() ?? '');

const phoneLike = fc
  .tuple(
    fc.constantFrom(
      '',
      '0',
      '+44',
      '0044',
      '+33',
      '0033',
      '+1',
      '+353',
      '01',
      '02',
      '03',
      '07',
      '08',
      '+441',
    ),
    fc.stringMatching(/^[0-9 ()-]{0,14}$/),
  )
  .map(([prefix, rest]) => prefix + rest);

describe('the browser’s UK-only phone metadata', () => {
  it('keeps only the +44 plans, a fraction of the full metadata', () => {
    expect(Object.keys(uk.countries).sort()).toEqual(['GB', 'GG', 'IM', 'JE']);
    expect(JSON.stringify(uk).length).toBeLessThan(JSON.stringify(full).length / 10);
  });

  it('says a number is a UK landline exactly when the full metadata (the server’s) does', () => {
    for (const known of [
      '01312345678',
      '020 7946 0000',
      '+44 131 496 0000',
      '0300 123 4567',
      '07700900123',
    ]) {
      expect(landline(parseWith(known, 'GB', uk))).toBe(isUkLandline(known));
    }
    fc.assert(
      fc.property(phoneLike, (value) => {
        expect(landline(parseWith(value, 'GB', uk))).toBe(isUkLandline(value));
      }),
      { numRuns: 3000 },
    );
  });
});
