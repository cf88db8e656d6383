import type { z } from 'zod';
import { isRecord } from './structure';

// Checks on a request body or query as a whole, before its schema reads it. The API runs them
// in one place for every route; the keys are message keys of validationMessages.

export const UNSAFE_TEXT = 'payload.unsafeText';
export const UNKNOWN_FIELD = 'payload.unknownField';
export const WRONG_TYPE = 'payload.invalid';

/** C0 and C1 control characters (NUL included) other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text with no control characters and no unpaired surrogates (which no database or display can hold). */
export function isSafeText(text: string): boolean {
  return !CONTROL_CHARACTER.test(text) && !LONE_SURROGATE.test(text);
}

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/**
 * Every string and object key anywhere in `value` that is not safe text, as `{ dotted path: UNSAFE_TEXT }`
 * ('' for a bare string). Walks without recursion, so no nesting depth can overflow the stack.
 */
export function unsafeTextFields(value: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isSafeText(item)) errors[path] = UNSAFE_TEXT;
    } else if (Array.isArray(item)) {
      item.forEach((child, index) => stack.push([child, join(path, index)]));
    } else if (isRecord(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (!isSafeText(key)) errors[join(path, key.replace(LONE_SURROGATE, '?'))] = UNSAFE_TEXT;
        else stack.push([child, join(path, key)]);
      }
    }
  }
  return errors;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);
const SCALARS = new Set(['number', 'int', 'bigint', 'boolean']);

function walk(
  schema: z.ZodType,
  value: unknown,
  path: string,
  errors: Record<string, string>,
  preprocessed: boolean,
): void {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return walk(def.innerType!, value, path, errors, preprocessed);
  switch (def.type) {
    case 'pipe': {
      // z.preprocess(fn, schema) is a pipe from a transform: the value's shape is the output schema's.
      const fromTransform = defOf(def.in!).type === 'transform';
      return walk(fromTransform ? def.out! : def.in!, value, path, errors, preprocessed || fromTransform);
    }
    case 'lazy':
      return walk(def.getter!(), value, path, errors, preprocessed);
    case 'object':
      if (!isRecord(value)) return;
      for (const [key, child] of Object.entries(value)) {
        const field = def.shape![key];
        if (field && Object.hasOwn(def.shape!, key)) walk(field, child, join(path, key), errors, false);
        else if (!def.catchall) errors[join(path, key)] = UNKNOWN_FIELD;
      }
      return;
    case 'array':
      if (Array.isArray(value))
        value.forEach((child, index) => walk(def.element!, child, join(path, index), errors, false));
      return;
    case 'union': {
      // The option that fits best: the fewest unknown fields.
      const tries = def.options!.map((option) => {
        const found: Record<string, string> = {};
        walk(option, value, path, found, preprocessed);
        return found;
      });
      const best = tries.reduce((a, b) => (Object.keys(b).length < Object.keys(a).length ? b : a));
      Object.assign(errors, best);
      return;
    }
    case 'intersection': {
      const left: Record<string, string> = {};
      const right: Record<string, string> = {};
      walk(def.left!, value, path, left, preprocessed);
      walk(def.right!, value, path, right, preprocessed);
      // A field is unknown only if neither side knows it: the other side calls it (or its parent) unknown too.
      const unknownTo = (side: Record<string, string>, field: string) =>
        Object.entries(side).some(
          ([key, message]) => message === UNKNOWN_FIELD && (key === field || field.startsWith(`${key}.`)),
        );
      for (const [mine, other] of [
        [left, right],
        [right, left],
      ] as const) {
        for (const [key, message] of Object.entries(mine)) {
          if (message !== UNKNOWN_FIELD || unknownTo(other, key)) errors[key] = message;
        }
      }
      return;
    }
    default:
      // A form schema turns "14" into 14 for the date boxes; an API payload must send the number itself.
      if (preprocessed && SCALARS.has(def.type) && typeof value === 'string') errors[path] = WRONG_TYPE;
  }
}

/**
 * What a strict reading of `value` against `schema` refuses that the schema itself lets through: fields the
 * schema does not know (zod strips them), and numbers or booleans sent as strings where a form schema would
 * convert them. `{ dotted path: message key }`; empty when the value is acceptable. A value that is not an
 * object where one belongs is left to the schema (it reports WRONG_TYPE).
 */
export function strictFieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  walk(schema, value, '', errors, false);
  return errors;
}
export { isRecord } from './structure';
