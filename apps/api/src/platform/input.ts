import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  isRecord,
  messageText,
  strictFieldErrors,
  UNKNOWN_FIELD,
  unsafeTextFields,
  WRONG_TYPE,
} from '@dis/domain';
import { ApiError } from './errors';

/** 400 VALIDATION_FAILED with each field's message key in English ('' — the whole body — is named `body`). */
export function invalidInput(fieldErrors: Record<string, string>): ApiError {
  const english = Object.fromEntries(
    Object.entries(fieldErrors).map(([path, key]) => [path === '' ? 'body' : path, messageText(key)]),
  );
  return new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', english);
}

const isZodSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The object type at the heart of a schema (through optional, default, pipes), if it is one. */
function expectsObject(schema: z.ZodType): boolean {
  const def = (
    schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } } }
  )._zod.def;
  if (def.type === 'object') return true;
  if (def.innerType) return expectsObject(def.innerType);
  if (def.type === 'pipe' && def.in) return expectsObject(def.in);
  return false;
}

/**
 * A JSON body read strictly against a schema: it must be an object, with no field the schema does not know and
 * no number or yes/no sent as a string. Throws 400 with field errors. For routes that parse their body in the
 * handler (the schema depends on the request, e.g. the clock); declared body schemas are checked by the hook.
 */
export function assertStrictBody(schema: z.ZodType, body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw invalidInput({ '': WRONG_TYPE });
  const errors = strictFieldErrors(schema, body);
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  return body;
}

/**
 * The query keys a contract route does not declare, as `{ key: UNKNOWN_FIELD }`: every key when the contract
 * has no query, else the keys its query object does not name (a misspelt filter is refused, never ignored).
 */
export function unknownQueryFields(schema: unknown, query: unknown): Record<string, string> {
  if (!isRecord(query)) return {};
  if (isZodSchema(schema) && expectsObject(schema))
    return Object.fromEntries(
      Object.entries(strictFieldErrors(schema, query)).filter(([, key]) => key === UNKNOWN_FIELD),
    );
  return Object.fromEntries(Object.keys(query).map((key) => [key, UNKNOWN_FIELD]));
}

/**
 * One place for what no route may receive: text with control characters (NUL included) or unpaired
 * surrogates anywhere in a path parameter, a query string or a body; on a route registered from its contract,
 * a query key the contract does not declare; and — where the route declares a body schema — a body that is not
 * the object it describes, or has fields it does not know. Runs before the route's own validation (and after
 * the access check, so refused callers learn nothing from it); never reaches the database. The sign-in
 * redirects (`/oauth2/authorization`, `/oauth2/callback`) are browser navigations, not contracts: they take the
 * provider's parameters as they come.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const unsafe = {
      ...unsafeTextFields(request.params),
      ...unsafeTextFields(request.query),
      ...unsafeTextFields(request.body),
    };
    if (Object.keys(unsafe).length > 0) throw invalidInput(unsafe);
    if (request.routeOptions.config?.contract) {
      const unknown = unknownQueryFields(request.routeOptions.schema?.querystring, request.query);
      if (Object.keys(unknown).length > 0) throw invalidInput(unknown);
    }
    const schema = request.routeOptions.schema?.body;
    if (isZodSchema(schema) && expectsObject(schema)) assertStrictBody(schema, request.body);
  });
}
