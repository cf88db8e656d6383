import type { FastifyInstance } from 'fastify';
import { healthContract, readyContract } from '@dis/domain/contracts';
import { registerContract } from '../../platform/contracts';
import { sql } from 'kysely';
import type { Services } from '../../services';

/** How long /readyz waits for a dependency before calling it unavailable. */
const READY_CHECK_TIMEOUT_MS = 1000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

/**
 * /healthz: the process answers. /readyz: every dependency the service needs answers — the database, and Redis
 * when it is configured (sessions and rate limits live there) — so a load balancer stops sending people to an
 * instance that would only fail them; and the instance is not stopping (from a graceful stop's first moment it
 * answers 503, so the proxy takes it out before it closes its listener: platform/lifecycle.ts).
 */
export async function healthRoutes(app: FastifyInstance, { db, redis, lifecycle }: Services): Promise<void> {
  registerContract(app, healthContract, { access: 'public' }, async () => ({ status: 'ok' as const }));
  registerContract(app, readyContract, { access: 'public' }, async ({ request, reply }) => {
    type State = 'ok' | 'unavailable';
    const check = async (name: string, probe: () => Promise<unknown>): Promise<State> => {
      try {
        await within(probe(), READY_CHECK_TIMEOUT_MS);
        return 'ok';
      } catch (error) {
        request.log.error({ err: { message: (error as Error).message } }, `${name} not ready`);
        return 'unavailable';
      }
    };
    const [database, redisState] = await Promise.all([
      check('database', () => sql`select 1`.execute(db)),
      redis ? check('redis', () => redis.ping()) : undefined,
    ]);
    const draining = lifecycle.draining;
    const ready = database === 'ok' && redisState !== 'unavailable' && !draining;
    if (!ready) reply.status(503);
    return {
      status: ready ? ('ok' as const) : ('unavailable' as const),
      database,
      ...(redisState ? { redis: redisState } : {}),
      ...(draining ? { draining: true as const } : {}),
    };
  });
}
