import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { CustomFetch } from 'openid-client';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { installStepSchemas, isDeclarationSignedToday, STEP_SCHEMAS } from '@dis/domain';
import { notifyDeliveryCallbackContract } from '@dis/domain/contracts';
import { usesSecureCookies, type Config } from './config';
import type { RouteAccessRecord } from './platform/access';
import { OffsetClock, systemClock, type Clock } from './platform/clock';
import type { Db, DatabaseHandle } from './platform/db/database';
import { createJobRunner, type JobRunner } from './platform/jobs';
import { createLifecycle, settleWithin, type Lifecycle } from './platform/lifecycle';
import { registerPipeline } from './platform/pipeline';
import { closeRedis, connectRedis, createRedis } from './platform/redis';
import { createApiServer, openMigratedDatabase } from './platform/server';
import { registerWebApp } from './platform/web';
import { createFormKeys } from './platform/form-keys';
import { loadClientKeys, type ClientKeys } from './integrations/identity/client-key';
import { LOCAL_IDP_PREFIX } from './integrations/identity/local-provider';
import { registerLocalStandIns } from './integrations/local/stand-ins';
import { localUndeliveredRoutes } from './integrations/local/undelivered';
import type { DeliveryReport } from './integrations/notify/local';
import { declarationStatus } from './modules/declaration/service';
import { seedLocalRegister } from './modules/organisations/seed';
import { seedSchemeMemberships } from './modules/scheme-membership/store';
import { recipientCookieName } from './modules/share-links/routes';
import { registerModuleJobs } from './module-jobs';
import { registerModuleRoutes } from './module-routes';
import { buildServices, type ServiceOverrides, type Services } from './services';
// The journeys check each step's form with the step schemas by name (decision 0077). Loading the domain installs
// them, but the production build leaves out a module nothing reads (the domain says it has no side effects):
// installing them here reads it.
installStepSchemas(STEP_SCHEMAS);

export { requestIdOf, requestLogFields } from './platform/server';
export { RESULTS_RELEASE_INTERVAL_MS } from './module-jobs';

export interface AppOptions {
  clock?: Clock;
  /** Reuse an open database (tests share one per file). */
  database?: DatabaseHandle;
  /** Route the identity client's HTTP calls somewhere else (tests send them through inject). */
  identityFetch?: CustomFetch;
  /** Where the request log goes (tests read it); standard output when absent. */
  logStream?: DestinationStream;
  /** Use these instead of building them (tests' fakes; see `test/support/test-app.ts`). */
  services?: ServiceOverrides;
  /** Where trace spans go instead of the OTLP endpoint (tests). */
  traceExporter?: SpanExporter;
}

export interface BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  jobs: JobRunner;
  /** Serving or draining (a graceful stop: /readyz 503 first, platform/lifecycle.ts). */
  lifecycle: Lifecycle;
  redis: Redis | undefined;
  /** The integrations and module services the routes were given. */
  services: Services;
  routes: RouteAccessRecord[];
  /**
   * Stops the instance: drains, stops listening and finishes the requests in flight, stops the job runner (a job
   * still running after the configured grace has its lease given back), then closes Redis and the database.
   */
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Declarations are only ever added, so one read as today's is kept in the session for the rest of the day. */
function declarationCheck(db: Db, clock: Clock) {
  return async (request: FastifyRequest, userId: string): Promise<boolean> => {
    const now = clock.now();
    if (isDeclarationSignedToday(request.session.get('declarationSignedOn') ?? null, now)) return true;
    const status = await declarationStatus(db, userId, now);
    if (status.signedToday && status.signedOn) request.session.set('declarationSignedOn', status.signedOn);
    return status.signedToday;
  };
}

/** The local Notify stand-in reports delivery through the real callback route, with the token, as Notify does. */
function localNotifyCallback(app: FastifyInstance, config: Config) {
  return async (report: DeliveryReport): Promise<void> => {
    const res = await app.inject({
      method: 'POST',
      url: notifyDeliveryCallbackContract.path,
      headers: { authorization: `Bearer ${config.notifyCallbackToken ?? ''}` },
      payload: report,
    });
    if (res.statusCode !== 204) app.log.warn({ status: res.statusCode }, 'local Notify callback refused');
  };
}

/** The local stand-ins' pages, unless a shared stand-ins process serves them (STAND_INS_URL). */
async function registerStandInsOnApi(
  app: FastifyInstance,
  services: Services,
  clientKeys: ClientKeys | undefined,
): Promise<void> {
  const { config, db, clock, jobs } = services;
  if (!config.localServices || config.standInsUrl) return;
  await registerLocalStandIns(app, {
    config,
    db,
    clock,
    services,
    // Under the service's own address unless another issuer is named.
    issuer: config.oidc.issuer.startsWith(config.publicUrl)
      ? config.oidc.issuer
      : `${config.publicUrl}${LOCAL_IDP_PREFIX}`,
    clientJwks: clientKeys?.publicJwks ?? [],
    runDueJobs: () => jobs.runDue(),
  });
  // The outbox's undelivered messages (this instance's own outbox service).
  await app.register(localUndeliveredRoutes, { outbox: services.outbox, serviceName: config.serviceName });
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<BuiltApp> {
  // With the local stand-ins on, the service's clock can be moved forward from /local/clock (in memory, this
  // process only); the tests' clock, when given, wins.
  const clock = options.clock ?? (config.localServices ? new OffsetClock(systemClock) : systemClock);
  const database = await openMigratedDatabase(config, options.database);
  const { db } = database;
  if (config.localServices) {
    await seedLocalRegister(db);
    await seedSchemeMemberships(db);
  }
  const redis = createRedis(config.redisUrl);
  const secureCookies = usesSecureCookies(config);
  const app = createApiServer(config, options.logStream);
  if (redis) await connectRedis(redis, app.log);
  const lifecycle = createLifecycle();
  const { routes, tracing } = await registerPipeline(app, {
    config,
    database,
    clock,
    redis,
    lifecycle,
    secureCookies,
    traceExporter: options.traceExporter,
    declarationSignedToday: declarationCheck(db, clock),
    recipientCookie: recipientCookieName(secureCookies),
  });

  // Background work: the runner is made here so services can queue jobs; handlers are added below.
  const jobs = createJobRunner(db, clock, app.log);
  // The keys of private_key_jwt: the identity client signs with them, the local provider verifies with them.
  const clientKeys = loadClientKeys(config);
  const services = await buildServices({
    clientKeys,
    config,
    db,
    notifications: database.notifications,
    clock,
    log: app.log,
    jobs,
    lifecycle,
    identityFetch: options.identityFetch,
    overrides: options.services,
    redis,
    localNotifyCallback: localNotifyCallback(app, config),
  });
  await registerModuleRoutes(app, services, secureCookies);
  await registerStandInsOnApi(app, services, clientKeys);
  await registerWebApp(app, config.webDist ?? path.resolve(here, '../../web/dist'), {
    serveSourceMaps: config.serveSourceMaps,
    publicUrl: config.publicUrl,
    secureCookies,
    formKeys: createFormKeys({ db, clock }),
  });
  registerModuleJobs(services);

  const stopJobs = async () => {
    // A job that outlives the grace keeps running until the process ends, but its lease goes back at once.
    const stopped = jobs.stop().then(() => true);
    if (!(await settleWithin(stopped, config.shutdownJobGraceMs))) {
      const released = await jobs.releaseLeases();
      app.log.warn({ released }, 'job leases given back at stop');
    }
  };
  return {
    app,
    database,
    jobs,
    lifecycle,
    redis,
    routes,
    services,
    async close() {
      lifecycle.drain();
      // Stops listening at once, answers the requests in flight, closes idle keep-alive connections.
      await Promise.all([app.close(), stopJobs()]);
      await services.close();
      await tracing?.shutdown();
      if (redis) await closeRedis(redis);
      if (!options.database) await database.close();
    },
  };
}
