import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isBackendCode, messageText, type BackendCode } from '@dis/domain';
import { isDependencyUnavailable, serviceUnavailable } from './unavailable';

/**
 * The error body every API call answers with: `{ status, message, backendCode, fieldErrors?, requestId }`.
 * `requestId` (also in the X-Request-Id header of every response) is what a person quotes to the help desk.
 */
export interface ApiErrorBody {
  status: number;
  message: string;
  backendCode: BackendCode;
  fieldErrors?: Record<string, string>;
  requestId?: string;
}

export const REQUEST_ID_HEADER = 'x-request-id';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly backendCode: BackendCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Record'): ApiError => new ApiError(404, 'NOT_FOUND', `${what} not found`);

/** Sends the standard error body with the request id, in body and header. */
export function sendError(request: FastifyRequest, reply: FastifyReply, body: ApiErrorBody) {
  return reply
    .status(body.status)
    .header(REQUEST_ID_HEADER, request.id)
    .send({ ...body, requestId: request.id });
}

export function registerErrorHandling(app: FastifyInstance): void {
  // First of all hooks, so every response that passes through the request lifecycle carries it.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ApiErrorBody;
    if (error instanceof ApiError) {
      body = { status: error.status, message: error.message, backendCode: error.backendCode };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
    } else if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      // A path whose id is not of its shape (a result id that is no UUID) names no record: not found, as an
      // id of the right shape that is not the caller's would be. (Control characters were refused before, 400.)
      body = { status: 404, message: 'Not found', backendCode: 'NOT_FOUND' };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // Domain schemas report message keys; the API answers with their English text.
        fieldErrors[path] ??= issue.message ? messageText(issue.message) : 'Enter a valid value';
      }
      body = {
        status: 400,
        message: 'There is a problem with the details you sent',
        backendCode: 'VALIDATION_FAILED',
        fieldErrors,
      };
    } else if (error.statusCode === 429) {
      body = {
        status: 429,
        message: 'Too many requests. Wait a minute and try again.',
        backendCode: 'TOO_MANY_REQUESTS',
      };
    } else if (isDependencyUnavailable(error)) {
      // Redis or the database cannot be reached: a quick 503, not a 500.
      request.log.warn({ err: { message: error.message, code: error.code } }, 'dependency unavailable');
      const unavailable = serviceUnavailable();
      body = { status: 503, message: unavailable.message, backendCode: unavailable.backendCode };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own codes (FST_…) are not the service's: the body carries a code of the catalogue.
      const backendCode = isBackendCode(error.code) ? error.code : 'BAD_REQUEST';
      body = { status: error.statusCode, message: error.message, backendCode };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = {
        status: 500,
        message: 'Sorry, there is a problem with the service',
        backendCode: 'INTERNAL_ERROR',
      };
    }
    if (request.routeOptions.config?.errorRedirect) {
      if (body.status === 429) return reply.redirect('/error?code=max_requests');
      if (body.status === 503) return reply.redirect('/error?code=temporarily_unavailable');
      // The page shows the request id, for the person to quote.
      return reply.redirect(`/error?code=server_error&requestId=${encodeURIComponent(request.id)}`);
    }
    return sendError(request, reply, body);
  });

  app.setNotFoundHandler((request, reply) => {
    return sendError(request, reply, { status: 404, message: 'Not found', backendCode: 'NOT_FOUND' });
  });
}
