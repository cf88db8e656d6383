import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointContract, ResponseOf } from '@dis/domain/contracts';
import type { z } from 'zod';

// Registers a route from its domain contract: the contract's zod schemas are the Fastify route schema
// (fastify-type-provider-zod validates the request and serialises the response with them), and the handler is
// typed by the same contract the web client uses.

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A body the handler reads itself, against schemas that depend on the stored record (the two draft saves):
     * /openapi.json shows it as the request body, but it is not the route's schema, so the handler's own strict
     * reading and its errors stand.
     */
    documentedBody?: z.ZodType;
  }
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface ContractInput<C extends EndpointContract> {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  body: Parsed<C['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export function registerContract<C extends EndpointContract>(
  app: FastifyInstance,
  contract: C,
  config: FastifyContextConfig,
  handler: (input: ContractInput<C>) => Promise<ResponseOf<C>>,
  /**
   * Route options beyond the contract: a body limit of its own, or the body a handler reads itself (shown in
   * /openapi.json only).
   */
  { documentedBody, ...routeOptions }: { bodyLimit?: number; documentedBody?: z.ZodType } = {},
): void {
  const status = contract.status ?? 200;
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: {
        [status]: contract.produces
          ? { content: { [contract.produces]: { schema: contract.response } } }
          : contract.response,
      },
    },
    ...routeOptions,
    config: { ...config, contract: true, ...(documentedBody ? { documentedBody } : {}) },
    handler: async (request, reply) => {
      const answer = await handler({
        params: request.params as Parsed<C['params']>,
        query: request.query as Parsed<C['query']>,
        body: request.body as Parsed<C['body']>,
        request,
        reply,
      });
      if (status === 204) return reply.status(204).send();
      if (status !== 200) reply.status(status);
      return answer;
    },
  });
}
