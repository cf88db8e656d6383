import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { LOCAL_PREFIX } from './security';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RateLimitOptions {
  /** Counters in Redis when configured, so every instance of the service shares them. */
  redis: Redis | undefined;
  /** State-changing calls per account (or per client when signed out) per route per minute. */
  writesPerMinute: number;
}

/**
 * Per account when signed in, else per client address. The address is Fastify's `request.ip`, which believes
 * only the hops TRUST_PROXY names, so a made-up X-Forwarded-For does not give a fresh allowance.
 */
export const accountOrClient = (request: FastifyRequest): string =>
  request.user ? `account:${request.user.id}` : `client:${request.ip}`;

/**
 * Rate limits: routes name their own (sign-in, CSP reports); every other state-changing route (draft saves,
 * payments, link, declaration) gets the write limit. Over the limit: 429 with the standard error body, which the
 * web shows as the too-many-requests page.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  // Added before the plugin's own onRoute hook, so the plugin sees the default this one sets.
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITES.has(m))) return;
    const config = (route.config ??= {} as NonNullable<RouteOptions['config']>);
    // Protocol routes guard themselves; the local stand-ins answer only this machine (never in production).
    if (config.access === 'service' || config.rateLimit !== undefined) return;
    if (route.url.startsWith(LOCAL_PREFIX)) return;
    config.rateLimit = {
      max: options.writesPerMinute,
      timeWindow: '1 minute',
      keyGenerator: accountOrClient,
    };
  });
  await app.register(rateLimit, {
    global: false,
    nameSpace: 'dis:rate-limit:',
    ...(options.redis ? { redis: options.redis } : {}),
  });
}
