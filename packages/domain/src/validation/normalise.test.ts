import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dropEmptyValues,
  normaliseIdentifier,
  normalisePhoneNumber,
  normalisePostcode,
  normaliseText,
  searchablePostcode,
} from './normalise';

describe('normalisers', () => {
  it('gives a UK postcode in its normalised form for the search, and nothing for anything else', () => {
    expect(searchablePostcode(' sw1a  1aa ')).toBe('SW1A 1AA');
    expect(searchablePostcode('SW1A1AA')).toBe('SW1A 1AA');
    expect(searchablePostcode('not a postcode')).toBeUndefined();
    expect(searchablePostcode('')).toBeUndefined();
    expect(searchablePostcode(42)).toBeUndefined();
  });

  it('trims, replaces typographic apostrophes and drops blanks', () => {
    expect(normaliseText('  O’Brien ‘x ')).toBe("O'Brien 'x");
    expect(normaliseText('   ')).toBeUndefined();
    expect(normaliseText(5)).toBe(5);
  });

  it('normalises postcodes', () => {
    expect(normalisePostcode(' sw1a1aa ')).toBe('SW1A 1AA');
    expect(normalisePostcode('75001  paris')).toBe('75001 PARIS');
    expect(normalisePostcode('')).toBeUndefined();
  });

  it('strips spaces from phone numbers and identifiers', () => {
    expect(normalisePhoneNumber(' 07700 900 123 ')).toBe('07700900123');
    expect(normalisePhoneNumber(undefined)).toBeUndefined();
    expect(normaliseIdentifier('qq 12 34 56 c')).toBe('QQ123456C');
    expect(normaliseIdentifier(null)).toBeNull();
  });

  it('drops empty values deeply', () => {
    expect(
      dropEmptyValues({ a: ' x ', b: '', c: undefined, d: { e: ' ', f: 1, g: null }, h: ['', ' y’', 2] }),
    ).toEqual({ a: 'x', d: { f: 1, g: null }, h: ["y'", 2] });
  });

  it('text normalisation is idempotent, trimmed and free of typographic apostrophes', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const once = normaliseText(value);
        expect(normaliseText(once)).toEqual(once);
        if (typeof once === 'string') {
          expect(once).toBe(once.trim());
          expect(once).not.toMatch(/[‘’]/);
          expect(once).not.toBe('');
        }
      }),
    );
  });

  it('postcode normalisation is idempotent and upper-case', () => {
    const ukPostcode = fc
      .tuple(
        fc.constantFrom('SW1A', 'm1', 'ls1', 'EC1A', 'b33', 'cr2'),
        fc.constantFrom('', ' ', '  '),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom('AA', 'ab', 'Xy'),
      )
      .map(([out, gap, digit, unit]) => `${out}${gap}${digit}${unit}`);
    fc.assert(
      fc.property(fc.oneof(ukPostcode, fc.string()), (value) => {
        const once = normalisePostcode(value);
        expect(normalisePostcode(once)).toEqual(once);
        if (typeof once === 'string') expect(once).toBe(once.toUpperCase());
      }),
    );
  });

  it('phone normalisation is idempotent and has no spaces', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const once = normalisePhoneNumber(value);
        expect(normalisePhoneNumber(once)).toEqual(once);
        if (typeof once === 'string') expect(once).not.toMatch(/\s/);
      }),
    );
  });
});
