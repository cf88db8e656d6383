import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

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
 * instance that would only fail them.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { db, redis }: { db: Db; redis?: Redis | undefined },
): Promise<void> {
  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' } }, async (request, reply) => {
    const checks: Record<string, () => Promise<unknown>> = {
      database: () => sql`select 1`.execute(db),
      ...(redis ? { redis: () => redis.ping() } : {}),
    };
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await within(check(), READY_CHECK_TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch (error) {
          request.log.error({ err: { message: (error as Error).message } }, `${name} not ready`);
          return [name, 'unavailable'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ok' : 'unavailable', ...Object.fromEntries(results) });
  });
}
