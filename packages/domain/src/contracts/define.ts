import type { z } from 'zod';

// One contract per endpoint: method, path, and the zod schemas of its params, query, body and response.
// The API registers them as the Fastify route schema (fastify-type-provider-zod); the web types its client
// with the same objects, so no request or response shape is declared twice.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointContract {
  method: HttpMethod;
  /** Fastify path shape: `:name` for a path parameter. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A file download's media type (e.g. `text/csv`): the response is its text, not JSON. */
  produces?: 'text/csv';
  /** The successful status: 200 unless named (201 created, 204 with no body). */
  status?: 200 | 201 | 204;
  /**
   * The handler reads the body itself, against schemas that depend on the stored record (the two draft saves): the
   * route has no body schema, and a caller sends a JSON object.
   */
  ownBody?: true;
  /** A one-line summary for /openapi.json, where the contract's name in words would not say it. */
  summary?: string;
  /** The successful (2xx) answer. Errors are always `{ status, message, backendCode, fieldErrors? }`. */
  response: z.ZodType;
}

export function defineEndpoint<const C extends EndpointContract>(contract: C): C {
  return contract;
}

/**
 * The contract of most reads: a GET of a path without parameters, answered with `response` (`defineEndpoint` for
 * anything more: path parameters, a query, a summary). The path keeps its literal type.
 */
export function readEndpoint<const Path extends string, R extends z.ZodType>(path: Path, response: R) {
  return defineEndpoint({ method: 'GET', path, response });
}

/** The contract of a record made by a POST of `body` to a path without parameters: 201 Created with `response`. */
export function createEndpoint<const Path extends string, B extends z.ZodType, R extends z.ZodType>(
  path: Path,
  body: B,
  response: R,
) {
  return defineEndpoint({ method: 'POST', path, status: 201, body, response });
}

/**
 * The method, path and path parameters of the contracts on one resource, for a module whose contracts share a path
 * and its parameters: `const onDraft = onResource('/api/draftApplications/:token', tokenParams)`, then
 * `defineEndpoint({ ...onDraft('PUT', '/complete'), response })`. The path keeps its literal type (the web's typed
 * routes are held to it).
 */
export function onResource<const Base extends string, const P extends z.ZodType>(base: Base, params: P) {
  return <const M extends HttpMethod, const S extends string = ''>(method: M, rest?: S) => ({
    method,
    path: `${base}${rest ?? ''}` as `${Base}${S}`,
    params,
  });
}

/** What a contract's response parses to. */
export type ResponseOf<C extends EndpointContract> = z.output<C['response']>;
/** What a caller sends as the body of a contract. */
export type BodyOf<C extends EndpointContract> = C['body'] extends z.ZodType
  ? z.input<C['body']>
  : C['ownBody'] extends true
    ? Record<string, unknown>
    : never;
/** What a caller sends as the query of a contract. */
export type QueryOf<C extends EndpointContract> = C['query'] extends z.ZodType ? z.input<C['query']> : never;
/** The path parameters of a contract. */
export type ParamsOf<C extends EndpointContract> = C['params'] extends z.ZodType
  ? z.input<C['params']>
  : Record<string, never>;

/** The concrete path of a contract: each `:name` replaced by its encoded value. */
export function pathFor(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new RangeError(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
