import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { CustomFetch } from 'openid-client';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { isDeclarationSignedToday } from '@dis/domain';
import { usesSecureCookies, type Config } from './config';
import { registerAccessControl, type RouteAccessRecord } from './platform/access';
import { OffsetClock, systemClock, type Clock } from './platform/clock';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './platform/db/database';
import { seedLocalRegister } from './modules/organisations/seed';
import { REQUEST_ID_HEADER, registerErrorHandling } from './platform/errors';
import { registerInputChecks } from './platform/input';
import { createJobRunner, type JobRunner } from './platform/jobs';
import { registerRateLimits } from './platform/rate-limit';
import { registerSecurity, securityHeaderWriter } from './platform/security';
import { DatabaseSessionStore, registerSessions } from './platform/session';
import { registerWebApp } from './platform/web';
import { loadClientKeys } from './integrations/identity/client-key';
import { localUndeliveredRoutes } from './integrations/local/undelivered';
import { LOCAL_IDP_PREFIX } from './integrations/identity/local-provider';
import { registerLocalStandIns } from './integrations/local/stand-ins';
import { createLifecycle, registerDraining, settleWithin, type Lifecycle } from './platform/lifecycle';
import { registerMetrics } from './platform/metrics';
import { registerTracing } from './platform/tracing';
import { jobQueueStats } from './platform/jobs/store';
import { countSessions, sessionCookieName } from './platform/session';
import { applicationRoutes } from './modules/applications/routes';
import { registerOpenApi, tagModuleRoutes } from './platform/openapi';
import { draftApplicationRoutes } from './modules/drafts/routes';
import { addressRoutes } from './modules/addresses/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { referenceDataRoutes } from './modules/reference-data/routes';
import {
  CANCEL_UNVERIFIED_JOB_INTERVAL_MS,
  cancelUnverifiedOverdue,
  expireApplications,
  EXPIRY_JOB_INTERVAL_MS,
} from './modules/applications/service';
import { userById } from './modules/auth/service';
import { PAYMENT_RECONCILE_INTERVAL_MS, reconcilePayments } from './modules/payments/reconciliation';
import { authRoutes } from './modules/auth/routes';
import { batchRoutes } from './modules/batches/routes';
import { BATCH_JOB, processBatch } from './modules/batches/service';
import { caseworkRoutes } from './modules/casework/routes';
import { basicApplicationRoutes } from './modules/basic-applications/routes';
import { resultCheckRoutes } from './modules/result-checks/routes';
import { configRoutes } from './modules/config/routes';
import { cspReportRoutes } from './modules/csp-reports/routes';
import { declarationRoutes } from './modules/declaration/routes';
import { declarationStatus } from './modules/declaration/service';
import { healthRoutes } from './modules/health/routes';
import { oneTimeCodeRoutes } from './modules/one-time-codes/routes';
import { organisationReportRoutes } from './modules/organisation-reports/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { outboxRoutes } from './modules/outbox/routes';
import { OUTBOX_JOB_INTERVAL_MS } from './modules/outbox/service';
import { REMINDERS_JOB_INTERVAL_MS } from './modules/reminders/service';
import { notifyDeliveryCallbackContract } from '@dis/domain/contracts';
import { personalDetailsRoutes } from './modules/personal-details/routes';
import { resultRoutes } from './modules/results/routes';
import { schemeMembershipRoutes } from './modules/scheme-membership/routes';
import { seedSchemeMemberships } from './modules/scheme-membership/store';
import { recipientCookieName, shareLinkExchangeHook, shareLinkRoutes } from './modules/share-links/routes';
import { sharingRoutes } from './modules/sharing/routes';
import { buildServices, type ServiceOverrides, type Services } from './services';

/** Connects at start; a Redis that is down does not stop the service starting (/readyz says so, requests get 503). */
async function connectRedis(redis: Redis, log: FastifyBaseLogger): Promise<void> {
  let lastWarning = 0;
  redis.on('error', (error: Error) => {
    // Reconnect attempts fail every second or two while Redis is down: one line a minute is enough.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    log.warn({ err: { message: error.message } }, 'Redis unavailable');
  });
  await redis.connect().catch(() => {});
}

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

/**
 * What the request log says about a request: its id, method and route template (`/api/draftApplications/:token`),
 * never the path itself, which can carry draft tokens, link ids or (in query strings) names.
 */
export function requestLogFields(req: FastifyRequest): { id: string; method: string; route: string } {
  let route: string | undefined;
  try {
    route = req.routeOptions?.url;
  } catch {
    // The router's own errors (a malformed URL) reach the log before any route is known.
  }
  return { id: req.id, method: req.method, route: route ?? '(no route)' };
}

/**
 * The request's id: the one the proxy gave it (X-Request-Id, so the proxy's log and ours name the same request),
 * when it is a plain token, or a new one. Error bodies repeat it for the person to quote.
 */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
}

/** The version the OpenAPI document names. */
const API_VERSION = '1.0.0';

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

/** Each module's routes, in the order they are registered; every one is given the services. */
/** Each module's routes, by the module's name (its tag in /openapi.json). */
const MODULE_ROUTES: readonly [
  module: string,
  routes: (app: FastifyInstance, services: Services) => Promise<void>,
][] = [
  ['health', healthRoutes],
  ['csp-reports', cspReportRoutes],
  ['config', configRoutes],
  ['auth', authRoutes],
  ['declaration', declarationRoutes],
  ['organisations', organisationRoutes],
  ['personal-details', personalDetailsRoutes],
  ['scheme-membership', schemeMembershipRoutes],
  ['applications', applicationRoutes],
  // Drafts of both sides, payments and hand-over.
  ['drafts', draftApplicationRoutes],
  ['addresses', addressRoutes],
  ['feedback', feedbackRoutes],
  ['reference-data', referenceDataRoutes],
  // Results (applicant and organisation) and the casework API.
  ['results', resultRoutes],
  ['casework', caseworkRoutes],
  // Basic disclosures registered by casework, as their applicant sees them (decision 0052).
  ['basic-applications', basicApplicationRoutes],
  // CSV batches and the lead countersignatory's report.
  ['batches', batchRoutes],
  ['organisation-reports', organisationReportRoutes],
  // The applicant's one-time code (step-up), sharing and recipients' links.
  ['one-time-codes', oneTimeCodeRoutes],
  ['sharing', sharingRoutes],
  ['share-links', shareLinkRoutes],
  // Signed results, check codes, the public check and the published keys (decision 0051).
  ['result-checks', resultCheckRoutes],
  // Notify's delivery callbacks on the outbox's messages.
  ['outbox', outboxRoutes],
];

const here = path.dirname(fileURLToPath(import.meta.url));
/** How often the results release job looks for scheduled pending release dates that have come. */
export const RESULTS_RELEASE_INTERVAL_MS = 15 * 60 * 1000;
/** How often expired sessions are deleted from the database store. */
const SESSIONS_PURGE_INTERVAL_MS = 15 * 60 * 1000;

export async function buildApp(config: Config, options: AppOptions = {}): Promise<BuiltApp> {
  // With the local stand-ins on, the service's clock can be moved forward from /local/clock (in memory, this
  // process only); the tests' clock, when given, wins.
  const clock = options.clock ?? (config.localServices ? new OffsetClock(systemClock) : systemClock);
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const { db } = database;
  await migrateToLatest(db);
  if (config.localServices) {
    await seedLocalRegister(db);
    await seedSchemeMemberships(db);
  }

  // Redis down must fail a request at once (503), not queue it while reconnecting: no offline queue, no
  // per-command retries, short timeouts. The client keeps reconnecting in the background.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: 2000,
        commandTimeout: 2000,
      })
    : undefined;
  const secureCookies = usesSecureCookies(config);

  const writeSecurityHeaders = securityHeaderWriter(config.publicUrl);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestLogFields },
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // A hop count N believes the nearest N proxies (the hops closest to this server), as proxy-addr does.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    genReqId: requestIdOf,
    // The router's own refusals (a malformed URL such as `/%`, an over-long parameter) run no hooks: they get the
    // same security headers, request id and error body here.
    frameworkErrors: (error, request, reply) => {
      writeSecurityHeaders(request.raw, reply.raw);
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply)
        .code(status)
        .header(REQUEST_ID_HEADER, request.id)
        .header('Cache-Control', 'no-store')
        .send({
          status,
          message: 'The address of this request is not valid',
          backendCode: 'BAD_URL',
          requestId: request.id,
        });
    },
  });
  if (redis) await connectRedis(redis, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const lifecycle = createLifecycle();
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
  const routes = registerAccessControl(app, db, {
    // Declarations are only ever added, so one read as today's is kept in the session for the rest of the day.
    declarationSignedToday: async (request, userId) => {
      const now = clock.now();
      if (isDeclarationSignedToday(request.session.get('declarationSignedOn') ?? null, now)) return true;
      const status = await declarationStatus(db, userId, now);
      if (status.signedToday && status.signedOn) request.session.set('declarationSignedOn', status.signedOn);
      return status.signedToday;
    },
  });
  // Control characters, broken text and unknown fields are refused before any route reads its input.
  registerInputChecks(app);
  // Before the routes: the OpenAPI document is collected from each route's schemas as it is added.
  await registerOpenApi(app, {
    title: config.serviceName,
    version: API_VERSION,
    cookies: { session: sessionCookieName(secureCookies), recipient: recipientCookieName(secureCookies) },
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
    // The local Notify stand-in reports delivery through the real callback route, with the token, as Notify does.
    localNotifyCallback: async (report) => {
      const res = await app.inject({
        method: 'POST',
        url: notifyDeliveryCallbackContract.path,
        headers: { authorization: `Bearer ${config.notifyCallbackToken ?? ''}` },
        payload: report,
      });
      if (res.statusCode !== 204) app.log.warn({ status: res.statusCode }, 'local Notify callback refused');
    },
  });
  const { handover, results, casework, sharing, shareLinks, batches } = services;

  // Recipients of a shared link: the token in the emailed URL becomes a cookie before any page is served.
  app.addHook('onRequest', shareLinkExchangeHook(shareLinks, secureCookies));
  // Every module's routes get the services; each takes what it needs.
  for (const [module, routes] of MODULE_ROUTES) {
    await app.register(async (scoped) => {
      tagModuleRoutes(scoped, module);
      await routes(scoped, services);
    });
  }

  // The local stand-ins' pages, unless a shared stand-ins process serves them (STAND_INS_URL).
  if (config.localServices && !config.standInsUrl) {
    await registerLocalStandIns(app, {
      config,
      db,
      clock,
      casework,
      printing: sharing,
      basic: services.basicApplications,
      paper: services.paperApplications,
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

  await registerWebApp(app, config.webDist ?? path.resolve(here, '../../web/dist'), {
    serveSourceMaps: config.serveSourceMaps,
    publicUrl: config.publicUrl,
    secureCookies,
  });

  // Jobs. Recurring ones queue their own next run (`every`); `main.ts` queues their first run once.
  const sessions = new DatabaseSessionStore(db, clock);
  jobs.every('sessions.purge', SESSIONS_PURGE_INTERVAL_MS, async () => {
    await sessions.purgeExpired();
  });
  // Organisation-started applications the applicant left for 14 days become EXPIRED.
  jobs.every('applications.expire', EXPIRY_JOB_INTERVAL_MS, async (_payload, { now }) => {
    const expired = await expireApplications(db, now);
    if (expired > 0) app.log.info({ expired }, 'applications expired');
  });
  // Unverified applicant-only Level 1 applications whose identity documents did not come within 14 days are
  // cancelled without refund, and the applicant told by email (spec 02 section 9, decision 0055).
  jobs.every(
    'applications.cancel-unverified',
    CANCEL_UNVERIFIED_JOB_INTERVAL_MS,
    async (_payload, { now }) => {
      const cancelled = await cancelUnverifiedOverdue(
        {
          db,
          outbox: services.outbox,
          publicUrl: config.publicUrl,
          emailOf: async (userId) => (await userById(db, userId))?.email ?? null,
        },
        now,
      );
      if (cancelled > 0) app.log.info({ cancelled }, 'unverified applications cancelled');
    },
  );
  // Card payments whose person never came back from the card page: settled from the provider's state.
  jobs.every('payments.reconcile', PAYMENT_RECONCILE_INTERVAL_MS, async (_payload, { now }) => {
    const result = await reconcilePayments(handover, now);
    if (result.checked > 0 || result.handedOver > 0) app.log.info(result, 'payments reconciled');
  });
  // Results held back for an appeal whose scheduled pending release date has come go to the organisation.
  jobs.every('results.release', RESULTS_RELEASE_INTERVAL_MS, async (_payload, { now }) => {
    const released = await results.releaseDue(now);
    if (released > 0) app.log.info({ released }, 'results released');
  });
  // Emails and text messages not sent at once after their change committed (a crash, Notify down): with back-off.
  jobs.every('outbox.send', OUTBOX_JOB_INTERVAL_MS, async () => {
    const sent = await services.outbox.sendDue();
    if (sent.sent + sent.retried + sent.failed + sent.expired > 0) app.log.info(sent, 'outbox sent');
  });
  // Reminders before deadlines whose moment has come, once per deadline each (decision 0041).
  jobs.every('reminders.send', REMINDERS_JOB_INTERVAL_MS, async (_payload, { now }) => {
    const written = await services.reminders.sendDue(now);
    if (written > 0) app.log.info({ written }, 'reminders written');
  });
  // A submitted CSV batch, row by row (a one-off job per batch); safe to run again after a failure.
  jobs.handle(BATCH_JOB, async (payload) => {
    await processBatch(batches, String(payload.batchId), `job:${BATCH_JOB}`);
  });

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
      if (redis) {
        // QUIT waits for replies still owed; a Redis that is down is simply dropped.
        if (redis.status === 'ready') await settleWithin(redis.quit(), 1000).catch(() => undefined);
        redis.disconnect();
      }
      if (!options.database) await database.close();
    },
  };
}
