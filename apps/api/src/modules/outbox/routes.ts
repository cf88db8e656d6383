import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { notifyDeliveryCallbackContract } from '@dis/domain/contracts';
import { registerContract } from '../../platform/contracts';
import { ApiError } from '../../platform/errors';
import type { Services } from '../../services';

/** Whether the Authorization header is the expected bearer token (never true when no token is configured). */
export function bearerMatches(header: string | undefined, expected: string | undefined): boolean {
  if (!expected) return false;
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!, 'utf8');
  const wanted = Buffer.from(expected, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Notify's delivery-status callback: the status goes on the outbox row whose id is the reference. Refused (401)
 * without the configured bearer token, and when none is configured. A refusal and a permanent failure are audited.
 */
export async function outboxRoutes(app: FastifyInstance, { outbox, config }: Services): Promise<void> {
  // This plugin's routes only: the token is checked before the body is read.
  app.addHook('onRequest', async (request) => {
    if (bearerMatches(request.headers.authorization, config.notifyCallbackToken)) return;
    await outbox.callbackRefused(request.id);
    throw new ApiError(401, 'UNAUTHENTICATED', 'The delivery callback needs its bearer token');
  });
  registerContract(app, notifyDeliveryCallbackContract, { access: 'service' }, async ({ body, request }) => {
    await outbox.deliveryReported(body, request.id);
  });
}
