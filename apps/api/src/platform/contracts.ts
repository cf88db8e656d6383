import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointContract, ResponseOf } from '@dis/domain/contracts';
import type { z } from 'zod';

// Registers a route from its domain contract: the contract's zod schemas are the Fastify route schema
// (fastify-type-provider-zod validates the request and serialises the response with them), and the handler is
// typed by the same contract the web client uses.

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
): void {
  app.route({
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { 200: contract.response },
    },
    config,
    handler: async (request, reply) =>
      handler({
        params: request.params as Parsed<C['params']>,
        query: request.query as Parsed<C['query']>,
        body: request.body as Parsed<C['body']>,
        request,
        reply,
      }),
  });
}
