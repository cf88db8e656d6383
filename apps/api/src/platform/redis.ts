import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { settleWithin } from './lifecycle';

/**
 * The Redis client, when REDIS_URL is set. Redis down must fail a request at once (503), not queue it while
 * reconnecting: no offline queue, no per-command retries, short timeouts. The client keeps reconnecting in the
 * background.
 */
export function createRedis(url: string | undefined): Redis | undefined {
  return url
    ? new Redis(url, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: 2000,
        commandTimeout: 2000,
      })
    : undefined;
}

/** Connects at start; a Redis that is down does not stop the service starting (/readyz says so, requests get 503). */
export async function connectRedis(redis: Redis, log: FastifyBaseLogger): Promise<void> {
  let lastWarning = 0;
  redis.on('error', (error: Error) => {
    // Reconnect attempts fail every second or two while Redis is down: one line a minute is enough.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    log.warn({ err: { message: error.message } }, 'Redis unavailable');
  });
  await redis.connect().catch(() => {});
}

/** QUIT waits for replies still owed; a Redis that is down is simply dropped. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await settleWithin(redis.quit(), 1000).catch(() => undefined);
  redis.disconnect();
}
