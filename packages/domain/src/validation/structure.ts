import { z } from 'zod';

// A tampered or broken payload can put anything where an object or a list belongs. Zod's own wording for
// that ("Invalid input: expected object…") is not a message key, so every object and list of the
// package is built here with a key the page and the API can show.

/** The key of a structural problem (a wrong type where an object or a list is expected). */
export const INVALID_PAYLOAD = 'payload.invalid';

/** z.object whose wrong-type issue is `error` (a message key). */
export function objectOf<T extends z.core.$ZodLooseShape>(
  shape: T,
  error: string = INVALID_PAYLOAD,
): z.ZodObject<z.core.util.Writeable<T>, z.core.$strip> {
  return z.object(shape, { error });
}

/** z.array whose wrong-type issue is `error` (a message key). */
export function listOf<T extends z.core.SomeType>(item: T, error: string = INVALID_PAYLOAD): z.ZodArray<T> {
  return z.array(item, { error });
}

/** A plain object (not null, not an array), the shape a refinement may safely destructure. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MEMO_SIZE = 32;

/**
 * Remembers the schemas a factory built for its last arguments (plain values and `{ now }` options, keyed by
 * their JSON). Building a zod schema costs far more than parsing with it, and a journey walk asks for the
 * same clock-dependent schemas many times over with one `now`. Schemas are immutable, so sharing is safe.
 */
export function memoiseSchemaFactory<A extends unknown[], S>(build: (...args: A) => S): (...args: A) => S {
  const built = new Map<string, S>();
  return (...args: A) => {
    const key = JSON.stringify(args);
    const known = built.get(key);
    if (known !== undefined) return known;
    const schema = build(...args);
    if (built.size >= MEMO_SIZE) built.delete(built.keys().next().value as string);
    built.set(key, schema);
    return schema;
  };
}
