import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../platform/db/database';
import type { Lifecycle } from '../../platform/lifecycle';
import { pingDatabase } from './store';

/** How long /readyz waits for a dependency before calling it unavailable. */
const READY_CHECK_TIMEOUT_MS = 1000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

type State = 'ok' | 'unavailable';

export interface HealthDeps {
  db: Db;
  /** Sessions and rate limits live here when REDIS_URL is set. */
  redis: Redis | undefined;
  lifecycle: Lifecycle;
}

/**
 * Whether this instance can serve: every dependency the service needs answers — the database, and Redis when it
 * is configured — and the instance is not stopping (from a graceful stop's first moment it is not ready, so the
 * proxy takes it out before it closes its listener: platform/lifecycle.ts).
 */
export function createHealthService({ db, redis, lifecycle }: HealthDeps) {
  /** A dependency's state; a failure or a timeout is logged (its message only) on `log`. */
  async function check(log: FastifyBaseLogger, name: string, probe: () => Promise<unknown>): Promise<State> {
    try {
      await within(probe(), READY_CHECK_TIMEOUT_MS);
      return 'ok';
    } catch (error) {
      log.error({ err: { message: (error as Error).message } }, `${name} not ready`);
      return 'unavailable';
    }
  }

  return {
    /** Each dependency's state, and whether the instance is ready (on the request's log). */
    async readiness(log: FastifyBaseLogger) {
      const [database, redisState] = await Promise.all([
        check(log, 'database', () => pingDatabase(db)),
        redis ? check(log, 'redis', () => redis.ping()) : undefined,
      ]);
      const draining = lifecycle.draining;
      const ready = database === 'ok' && redisState !== 'unavailable' && !draining;
      return {
        ready,
        status: ready ? ('ok' as const) : ('unavailable' as const),
        database,
        ...(redisState ? { redis: redisState } : {}),
        ...(draining ? { draining: true as const } : {}),
      };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
