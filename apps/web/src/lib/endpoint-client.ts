import {
  pathFor,
  type BodyOf,
  type EndpointContract,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@dis/domain/contracts';
import { apiRequest, type RequestOptions } from './api-client';

interface CallOptions<C extends EndpointContract> {
  params?: ParamsOf<C>;
  query?: QueryOf<C>;
  body?: BodyOf<C>;
  suppressUnauthorised?: boolean;
  signal?: AbortSignal;
}

/**
 * A contract's method and path without its schemas, typed by the contract (the compiler holds both to the
 * contract's): what the shell calls with, since it imports the contracts as types only, so no schema reaches the
 * first download.
 */
export interface EndpointRoute<C extends EndpointContract> {
  readonly method: C['method'];
  readonly path: C['path'];
  /** Never set: it carries the contract's type to `callEndpoint`. */
  readonly contract?: C;
}

/** The route of a contract the caller imports as a type only: `endpointRoute<typeof contract>({ method, path })`. */
export function endpointRoute<C extends EndpointContract>(
  route: Pick<C, 'method' | 'path'>,
): EndpointRoute<C> {
  return route;
}

/**
 * Calls the endpoint a domain contract describes: its method and path (path parameters filled in and
 * encoded), its query and body typed from the contract's schemas, its answer typed as the contract's
 * response. Errors are the ApiError of api-client.
 */
export function callEndpoint<C extends EndpointContract>(
  contract: C | EndpointRoute<C>,
  options: CallOptions<C> = {},
): Promise<ResponseOf<C>> {
  const request: RequestOptions = { method: contract.method };
  if (options.query !== undefined) request.query = options.query as RequestOptions['query'];
  // A state-changing call always sends JSON: the server refuses an empty body sent as JSON.
  if (options.body !== undefined) request.body = options.body;
  else if (contract.method !== 'GET') request.body = {};
  if (options.suppressUnauthorised) request.suppressUnauthorised = true;
  if (options.signal) request.signal = options.signal;
  const path = pathFor(contract.path, (options.params ?? {}) as Record<string, string>);
  return apiRequest<ResponseOf<C>>(path, request);
}
