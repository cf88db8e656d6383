import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOrganisationDraftSaveSchema } from './organisation-draft';
import {
  isSafeText,
  strictFieldErrors,
  unsafeTextFields,
  UNKNOWN_FIELD,
  UNSAFE_TEXT,
  WRONG_TYPE,
} from './request-input';

describe('isSafeText', () => {
  it.each([
    ['plain text', 'Zoë O’Brien-Smith', true],
    ['tab, line feed and carriage return', 'a\tb\nc\r', true],
    ['a paired surrogate (emoji)', 'a😀b', true],
    ['NUL', 'a\u0000b', false],
    ['another C0 control', 'a\u001bb', false],
    ['DEL', 'a\u007fb', false],
    ['a C1 control', 'a\u0085b', false],
    ['a lone high surrogate', 'a\ud800b', false],
    ['a lone high surrogate at the end', 'a\ud800', false],
    ['a lone low surrogate', 'a\udc00b', false],
    ['surrogates in the wrong order', '\udc00\ud800', false],
  ])('%s', (_label, text, safe) => {
    expect(isSafeText(text)).toBe(safe);
  });

  it('well-formed strings without controls are always safe', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const hasControl = [...text].some((ch) => {
          const code = ch.codePointAt(0)!;
          return (code < 0x20 && ![9, 10, 13].includes(code)) || (code >= 0x7f && code <= 0x9f);
        });
        expect(isSafeText(text)).toBe(!hasControl);
      }),
    );
  });
});

describe('unsafeTextFields', () => {
  it('names every unsafe string and key by its path, however deep', () => {
    expect(
      unsafeTextFields({
        journey: 'a\u0000b',
        ok: 'fine',
        n: 1,
        list: ['x', { deep: 'y\ud800' }],
        nested: { ['bad\u0001key']: 'v', ['lone\udc00']: 'v' },
        nothing: null,
      }),
    ).toEqual({
      journey: UNSAFE_TEXT,
      'list.1.deep': UNSAFE_TEXT,
      'nested.bad\u0001key': UNSAFE_TEXT,
      'nested.lone?': UNSAFE_TEXT,
    });
    expect(unsafeTextFields('\u0000')).toEqual({ '': UNSAFE_TEXT });
    expect(unsafeTextFields({ a: 'b' })).toEqual({});
    expect(unsafeTextFields(undefined)).toEqual({});
  });

  it('survives any nesting depth', () => {
    let value: unknown = 'a\u0000';
    for (let i = 0; i < 20_000; i++) value = [value];
    expect(Object.keys(unsafeTextFields(value))).toHaveLength(1);
  });
});

describe('strictFieldErrors', () => {
  const toNumber = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
  const schema = z.object({
    name: z.string().optional(),
    day: z.preprocess(toNumber, z.number().nullable().optional()),
    agreed: z.preprocess((v) => (v === 'yes' ? true : v), z.boolean()).default(false),
    list: z.array(z.object({ a: z.string() })).optional(),
    either: z
      .union([z.object({ kind: z.literal('a'), a: z.string() }), z.object({ b: z.string() })])
      .optional(),
    both: z.intersection(z.object({ x: z.number() }), z.object({ y: z.number() })).optional(),
    lazy: z.lazy(() => z.object({ inner: z.string() })).optional(),
    loose: z.looseObject({}).optional(),
    piped: z
      .object({ p: z.string() })
      .transform((v) => v)
      .optional(),
    plain: z.number().optional(),
  });

  it('accepts what the schema knows, with real numbers and booleans', () => {
    expect(
      strictFieldErrors(schema, {
        name: 'x',
        day: 14,
        agreed: true,
        list: [{ a: 'x' }],
        either: { b: 'x' },
        both: { x: 1, y: 2 },
        lazy: { inner: 'x' },
        loose: { anything: 1 },
        piped: { p: 'x' },
        plain: 1,
      }),
    ).toEqual({});
  });

  it('refuses unknown fields at any depth, and numbers or booleans sent as strings', () => {
    expect(
      strictFieldErrors(schema, {
        extra: 1,
        day: '14',
        agreed: 'yes',
        list: [{ a: 'x', b: 1 }, 'not an object'],
        either: { b: 'x', c: 1 },
        both: { x: 1, y: 2, z: 3, ['__proto__']: 1 },
        lazy: { inner: 'x', outer: 1 },
        piped: { p: 'x', q: 1 },
        plain: '1',
      }),
    ).toEqual({
      extra: UNKNOWN_FIELD,
      day: WRONG_TYPE,
      agreed: WRONG_TYPE,
      'list.0.b': UNKNOWN_FIELD,
      'either.c': UNKNOWN_FIELD,
      'both.z': UNKNOWN_FIELD,
      'both.__proto__': UNKNOWN_FIELD,
      'lazy.outer': UNKNOWN_FIELD,
      'piped.q': UNKNOWN_FIELD,
    });
  });

  it('an intersection knows a field either side knows, however deep', () => {
    const both = z.intersection(
      z.object({ name: z.object({ first: z.string() }), a: z.number() }),
      z.object({ b: z.number() }),
    );
    expect(strictFieldErrors(both, { name: { first: 'x', nick: 'y' }, a: 1, b: 2, c: 3 })).toEqual({
      'name.nick': UNKNOWN_FIELD,
      c: UNKNOWN_FIELD,
    });
  });

  it('reports a wrong type inside an intersection from either side', () => {
    const pre = z.preprocess(toNumber, z.number());
    const both = z.intersection(z.object({ x: pre }), z.object({ y: pre }));
    expect(strictFieldErrors(both, { x: '1', y: '2' })).toEqual({ x: WRONG_TYPE, y: WRONG_TYPE });
  });

  it('leaves non-objects and missing values to the schema', () => {
    for (const value of [null, [], 'x', 1, undefined]) expect(strictFieldErrors(schema, value)).toEqual({});
    expect(strictFieldErrors(schema, { day: null, list: 'x' })).toEqual({});
  });

  it('reads the organisation save payload strictly', () => {
    const save = createOrganisationDraftSaveSchema();
    expect(
      strictFieldErrors(save, {
        applicantName: { forename: 'A', surname: 'B' },
        applicantDateOfBirth: { day: 1, month: 2, year: 1990 },
      }),
    ).toEqual({});
    expect(
      strictFieldErrors(save, {
        applicantName: { forename: 'A', surname: 'B', nickname: 'C' },
        applicantDateOfBirth: { day: '1', month: 2, year: 1990 },
        isAdmin: true,
      }),
    ).toEqual({
      'applicantName.nickname': UNKNOWN_FIELD,
      'applicantDateOfBirth.day': WRONG_TYPE,
      isAdmin: UNKNOWN_FIELD,
    });
  });
});
