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
import { isDeclarationSignedToday } from '@dis/domain';
import type { Config } from './config';
import { registerAccessControl, type RouteAccessRecord } from './platform/access';
import { OffsetClock, systemClock, type Clock } from './platform/clock';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './platform/db/database';
import { seedLocalRegister } from './platform/db/seed';
import { REQUEST_ID_HEADER, registerErrorHandling } from './platform/errors';
import { registerInputChecks } from './platform/input';
import { createJobRunner, type JobRunner } from './platform/jobs';
import { registerRateLimits } from './platform/rate-limit';
import { registerSecurity, securityHeaderWriter } from './platform/security';
import { DatabaseSessionStore, registerSessions } from './platform/session';
import { registerWebApp } from './platform/web';
import { createOidcClient } from './integrations/identity/client';
import { LOCAL_IDP_PREFIX, mountLocalIdentityProvider } from './integrations/identity/local-provider';
import { localCaseworkRoutes } from './integrations/local/casework';
import { localClockRoutes } from './integrations/local/clock';
import { localStaticRoutes } from './integrations/local/static';
import { applicationRoutes } from './modules/applications/routes';
import { draftApplicationRoutes } from './modules/applications/draft-routes';
import { createOsPlacesClient } from './integrations/address/client';
import { createLocalAddressLookup } from './integrations/address/local';
import { createGovUkPayClient } from './integrations/payments/client';
import { createLocalPaymentProvider, localPaymentRoutes } from './integrations/payments/local';
import { createNotifyClient } from './integrations/notify/client';
import { createLocalNotify, localNotifyRoutes } from './integrations/notify/local';
import { authRoutes } from './modules/auth/routes';
import { configRoutes } from './modules/config/routes';
import { cspReportRoutes } from './modules/csp-reports/routes';
import { declarationRoutes } from './modules/declaration/routes';
import { declarationStatus } from './modules/declaration/service';
import { healthRoutes } from './modules/health/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { personalDetailsRoutes } from './modules/personal-details/routes';
import { expireApplications, EXPIRY_JOB_INTERVAL_MS } from './modules/applications/applicant-drafts';
import {
  PAYMENT_RECONCILE_INTERVAL_MS,
  reconcilePayments,
} from './modules/applications/payment-reconciliation';
import { schemeMembershipRoutes } from './modules/scheme-membership/routes';
import { caseworkRoutes } from './modules/casework/routes';
import { createCaseworkService } from './modules/casework/service';
import { oneTimeCodeRoutes } from './modules/one-time-codes/routes';
import { createOneTimeCodeService } from './modules/one-time-codes/service';
import { resultRoutes } from './modules/results/routes';
import { sharingRoutes } from './modules/sharing/routes';
import { createSharingService } from './modules/sharing/service';
import { createResultsService } from './modules/results/service';
import { isScottishBankHoliday } from './platform/working-days';
import { batchRoutes } from './modules/batches/routes';
import { BATCH_JOB, processBatch } from './modules/batches/service';
import { organisationReportRoutes } from './modules/organisation-reports/routes';
import { createClamdScanner } from './integrations/virus-scan/client';
import { startLocalClamd, type LocalClamd } from './integrations/virus-scan/local';
import { seedSchemeMemberships } from './modules/scheme-membership/store';

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

export interface BuiltApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  jobs: JobRunner;
  redis: Redis | undefined;
  routes: RouteAccessRecord[];
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** How often the results release job looks for scheduled pending release dates that have come. */
export const RESULTS_RELEASE_INTERVAL_MS = 15 * 60 * 1000;

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
  const secureCookies = config.publicUrl.startsWith('https://');

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
    genReqId: () => crypto.randomUUID(),
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

  const identity = createOidcClient({
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    redirectUri: `${config.publicUrl}/oauth2/callback`,
    postLogoutRedirectUri: `${config.publicUrl}/oauth2/signed-out`,
    allowInsecure: config.oidc.allowInsecure,
    ...(options.identityFetch ? { fetch: options.identityFetch } : {}),
  });

  await app.register(healthRoutes, { db, redis });
  await app.register(cspReportRoutes, { db, clock, perMinute: config.cspReportRateLimitPerMinute });
  await app.register(configRoutes, {
    serviceName: config.serviceName,
    features: config.features,
    localServices: config.localServices,
  });
  await app.register(authRoutes, {
    db,
    clock,
    identity,
    publicUrl: config.publicUrl,
    signInRateLimitPerMinute: config.signInRateLimitPerMinute,
  });
  await app.register(declarationRoutes, { db, clock });
  await app.register(organisationRoutes, { db });
  await app.register(personalDetailsRoutes, { db, features: config.features });
  await app.register(schemeMembershipRoutes, { db });
  await app.register(applicationRoutes, { db, clock, features: config.features });
  const payments =
    config.localServices || !config.govUkPayApiKey
      ? createLocalPaymentProvider(db, clock, config.publicUrl)
      : createGovUkPayClient({ apiKey: config.govUkPayApiKey, baseUrl: config.govUkPayUrl });
  const notify =
    config.localServices || !config.notifyApiKey
      ? createLocalNotify(db, clock)
      : createNotifyClient(config.notifyApiKey);
  // Issue 4: organisation drafts, payments, hand-over, address lookup, feedback; outside services or their stand-ins.
  // What paying and handing over need, shared by the draft routes and the payment reconciliation job.
  const handover = {
    db,
    clock,
    payments,
    notify,
    publicUrl: config.publicUrl,
    handoverTemplateId: config.notifyHandoverTemplateId,
  };
  await app.register(draftApplicationRoutes, {
    ...handover,
    features: config.features,
    feedbackUrl: config.feedbackUrl,
    address:
      config.localServices || !config.osPlacesApiKey
        ? createLocalAddressLookup()
        : createOsPlacesClient({ apiKey: config.osPlacesApiKey }),
  });

  // Issue 9: results (applicant and organisation), the casework API, and the release job below.
  const results = createResultsService({
    db,
    clock,
    contentKeys: [{ id: config.resultsEncryptionKeyId, key: config.resultsEncryptionKey }],
    notify,
    resultReadyTemplateId: config.notifyResultReadyTemplateId,
    reviewDecisionTemplateId: config.notifyReviewDecisionTemplateId,
    publicUrl: config.publicUrl,
    isHoliday: isScottishBankHoliday,
    log: app.log,
  });
  const casework = createCaseworkService({ db, clock, results });
  await app.register(resultRoutes, {
    db,
    clock,
    results,
    delayReasonFor: (applicationId) => casework.delayReasonFor(applicationId),
  });
  await app.register(caseworkRoutes, { db, casework, token: config.caseworkApiToken });
  // Issue 11: CSV batches (scanned by clamd, or by its local stand-in) and the lead countersignatory's report.
  const localClamd: LocalClamd | undefined =
    config.localServices && !config.clamdHost ? await startLocalClamd() : undefined;
  const batchDeps = {
    ...handover,
    log: app.log,
    features: config.features,
    scanner: createClamdScanner(
      localClamd ?? { host: config.clamdHost ?? '127.0.0.1', port: config.clamdPort },
    ),
    async enqueue(batchId: string) {
      await jobs.enqueue(BATCH_JOB, { batchId });
      jobs.wake();
    },
  };
  await app.register(batchRoutes, batchDeps);
  await app.register(organisationReportRoutes, {
    db,
    clock,
    notify,
    disclosureBodyEmail: config.disclosureBodyEmail,
    templateId: config.notifyOrganisationReportTemplateId,
    log: app.log,
  });

  // Issue 10: the applicant's one-time code (step-up) and sharing.
  const codes = createOneTimeCodeService({
    db,
    clock,
    notify,
    templateId: config.notifyOneTimeCodeTemplateId,
    hashKey: `one-time-codes:${config.sessionSecret}`,
  });
  await app.register(oneTimeCodeRoutes, { clock, codes });
  await app.register(sharingRoutes, { clock, sharing: createSharingService({ db, clock, results }) });

  if (config.localServices) {
    await app.register(localStaticRoutes);
    await app.register(localPaymentRoutes, { db, clock, serviceName: config.serviceName });
    await app.register(localNotifyRoutes, { db, serviceName: config.serviceName });
    await app.register(localCaseworkRoutes, { casework, serviceName: config.serviceName });
    await app.register(localClockRoutes, {
      clock,
      // `jobs` is made below; the page only calls this on a request, once the app is built.
      runDueJobs: () => jobs.runDue(),
      serviceName: config.serviceName,
    });
    await mountLocalIdentityProvider(app, {
      issuer: config.oidc.issuer.startsWith(config.publicUrl)
        ? config.oidc.issuer
        : `${config.publicUrl}${LOCAL_IDP_PREFIX}`,
      clientId: config.oidc.clientId,
      clientSecret: config.oidc.clientSecret,
      redirectUri: `${config.publicUrl}/oauth2/callback`,
      postLogoutRedirectUri: `${config.publicUrl}/oauth2/signed-out`,
      serviceName: config.serviceName,
      trustProxy: config.trustProxy !== false,
    });
  }

  await registerWebApp(app, config.webDist ?? path.resolve(here, '../../web/dist'), {
    serveSourceMaps: config.serveSourceMaps,
  });

  const sessions = new DatabaseSessionStore(db, clock);
  const jobs = createJobRunner(
    db,
    clock,
    {
      'sessions.purge': async () => {
        await sessions.purgeExpired();
        await jobs.enqueue(
          'sessions.purge',
          {},
          { runAt: new Date(clock.now().getTime() + 15 * 60 * 1000), unique: false },
        );
      },
      // Issue 5: organisation-started applications the applicant left for 14 days become EXPIRED.
      'applications.expire': async (_payload, { now }) => {
        const expired = await expireApplications(db, now);
        if (expired > 0) app.log.info({ expired }, 'applications expired');
        await jobs.enqueue(
          'applications.expire',
          {},
          { runAt: new Date(clock.now().getTime() + EXPIRY_JOB_INTERVAL_MS), unique: false },
        );
      },
      // Issue 11: a submitted CSV batch, row by row; safe to run again after a failure.
      [BATCH_JOB]: async (payload) => {
        await processBatch(batchDeps, String(payload.batchId), `job:${BATCH_JOB}`);
      },
      // Card payments whose person never came back from the card page: settled from the provider's state.
      'payments.reconcile': async (_payload, { now }) => {
        const result = await reconcilePayments({ ...handover, log: app.log }, now);
        if (result.checked > 0 || result.handedOver > 0) app.log.info(result, 'payments reconciled');
        await jobs.enqueue(
          'payments.reconcile',
          {},
          { runAt: new Date(clock.now().getTime() + PAYMENT_RECONCILE_INTERVAL_MS), unique: false },
        );
      },
      // Results held back for an appeal whose scheduled pending release date has come go to the organisation.
      'results.release': async (_payload, { now }) => {
        const released = await results.releaseDue(now);
        if (released > 0) app.log.info({ released }, 'results released');
        await jobs.enqueue(
          'results.release',
          {},
          { runAt: new Date(clock.now().getTime() + RESULTS_RELEASE_INTERVAL_MS), unique: false },
        );
      },
    },
    app.log,
  );

  return {
    app,
    database,
    jobs,
    redis,
    routes,
    async close() {
      await jobs.stop();
      await app.close();
      await localClamd?.close();
      redis?.disconnect();
      if (!options.database) await database.close();
    },
  };
}
