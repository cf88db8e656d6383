import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { notifyDeliveryCallbackContract } from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
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
export async function outboxRoutes(app: FastifyInstance, { db, outbox, config }: Services): Promise<void> {
  // This plugin's routes only: the token is checked before the body is read.
  app.addHook('onRequest', async (request) => {
    if (bearerMatches(request.headers.authorization, config.notifyCallbackToken)) return;
    await writeAudit(db, {
      event: 'notify.callback',
      outcome: 'refused',
      requestId: request.id,
      detail: { reason: 'token' },
    });
    throw new ApiError(401, 'UNAUTHENTICATED', 'The delivery callback needs its bearer token');
  });
  registerContract(app, notifyDeliveryCallbackContract, { access: 'service' }, async ({ body, request }) => {
    const known =
      body.reference !== null &&
      /^[0-9a-f-]{36}$/i.test(body.reference) &&
      (await outbox.recordDelivery({ reference: body.reference, id: body.id, status: body.status }));
    if (!known || body.status !== 'delivered')
      await writeAudit(db, {
        event: 'notify.callback',
        outcome: known ? 'failure' : 'refused',
        requestId: request.id,
        detail: known ? { outboxId: body.reference, status: body.status } : { reason: 'unknown_reference' },
      });
  });
}
