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
