import type { FastifyInstance } from 'fastify';
import { healthContract, readyContract } from '@dis/domain/contracts';
import { registerContract } from '../../platform/contracts';
import type { Services } from '../../services';

/**
 * /healthz: the process answers. /readyz: every dependency the service needs answers — the database, and Redis
 * when it is configured (sessions and rate limits live there) — so a load balancer stops sending people to an
 * instance that would only fail them; and the instance is not stopping (from a graceful stop's first moment it
 * answers 503, so the proxy takes it out before it closes its listener: platform/lifecycle.ts).
 */
export async function healthRoutes(app: FastifyInstance, { health }: Services): Promise<void> {
  registerContract(app, healthContract, { access: 'public' }, async () => ({ status: 'ok' as const }));
  registerContract(app, readyContract, { access: 'public' }, async ({ request, reply }) => {
    const { ready, ...states } = await health.readiness(request.log);
    if (!ready) reply.status(503);
    return states;
  });
}
