import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { registerAccessControl, type AccessOptions, type RouteAccessRecord } from './access';
import type { Clock } from './clock';
import type { DatabaseHandle } from './db/database';
import { registerErrorHandling } from './errors';
import { registerInputChecks } from './input';
import { jobQueueStats } from './jobs/store';
import { registerDraining, type Lifecycle } from './lifecycle';
import { registerMetrics } from './metrics';
import { registerOpenApi } from './openapi';
import { registerRateLimits } from './rate-limit';
import { registerSecurity } from './security';
import { countSessions, registerSessions, sessionCookieName } from './session';
import { registerTracing, type Tracing } from './tracing';

/** The version the OpenAPI document names. */
const API_VERSION = '1.0.0';

export interface PipelineOptions {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  redis: Redis | undefined;
  lifecycle: Lifecycle;
  secureCookies: boolean;
  /** Where trace spans go instead of the OTLP endpoint (tests). */
  traceExporter?: SpanExporter | undefined;
  /** Whether a user signed the declaration today (the declaration module answers; platform/ imports no module). */
  declarationSignedToday: AccessOptions['declarationSignedToday'];
  /** A shared link recipient's cookie, named in the OpenAPI document's security schemes. */
  recipientCookie: string;
}

export interface Pipeline {
  /** Every route with the access rule it was registered with. */
  routes: RouteAccessRecord[];
  tracing: Tracing | undefined;
}

/**
 * Everything a request passes through before a module's route: validation, errors, draining, metrics and traces,
 * rate limits, security headers, the session, the access check, input checks and the OpenAPI collection. The
 * order matters and is written here once.
 */
export async function registerPipeline(app: FastifyInstance, options: PipelineOptions): Promise<Pipeline> {
  const { config, database, clock, redis, lifecycle, secureCookies } = options;
  const { db } = database;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerDraining(app, lifecycle);
  // Every request is counted and timed by its route template, whatever refuses it later.
  registerMetrics(
    app,
    {
      pool: database.pool,
      jobQueue: () => jobQueueStats(db, clock.now()),
      sessions: () => countSessions(db, redis, clock.now()),
      serving: () => !lifecycle.draining,
    },
    { allow: config.metricsAllow },
  );
  // Traces only when an OTLP endpoint is configured.
  const tracing = await registerTracing(app, {
    endpoint: config.otlpTracesEndpoint,
    serviceName: config.serviceName,
    ...(options.traceExporter ? { exporter: options.traceExporter } : {}),
  });

  await app.register(formbody);
  await registerRateLimits(app, { redis, writesPerMinute: config.writeRateLimitPerMinute });
  // Before sessions: the security headers are set even when loading the session fails, and a forged or
  // off-machine request is refused before the session store is touched.
  await registerSecurity(app, config.publicUrl);
  await registerSessions(app, { db, clock, secret: config.sessionSecret, secureCookies, redis });
  // After sessions: the access check reads the user the session hook found.
  const routes = registerAccessControl(app, db, { declarationSignedToday: options.declarationSignedToday });
  // Control characters, broken text and unknown fields are refused before any route reads its input.
  registerInputChecks(app);
  // Before the routes: the OpenAPI document is collected from each route's schemas as it is added.
  await registerOpenApi(app, {
    title: config.serviceName,
    version: API_VERSION,
    cookies: { session: sessionCookieName(secureCookies), recipient: options.recipientCookie },
  });
  return { routes, tracing };
}
