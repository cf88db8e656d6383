import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { loadClientKeys } from './integrations/identity/client-key';
import { registerLocalStandIns } from './integrations/local/stand-ins';
import { createClamdScanner } from './integrations/virus-scan/client';
import { startLocalClamd } from './integrations/virus-scan/local';
import { OffsetClock, systemClock, type Clock } from './platform/clock';
import type { DatabaseHandle } from './platform/db/database';
import { registerErrorHandling } from './platform/errors';
import { createJobRunner } from './platform/jobs';
import { createLifecycle } from './platform/lifecycle';
import { registerSecurity } from './platform/security';
import { openMigratedDatabase, serverLogging } from './platform/server';
import { buildServices } from './services';

export interface StandIns {
  app: FastifyInstance;
  /** The clamd stand-in's port (CLAMD_PORT; 0 picks a free one). */
  clamdPort: number;
  close(): Promise<void>;
}

/**
 * The local stand-ins as a process of their own (`npm run stand-ins`, decision 0043): the identity provider, the
 * card payment pages, the email and SMS outbox, the casework pages and a clamd, shared by every API instance that
 * names them with STAND_INS_URL. Their state is in the shared database (payments, outbox, casework) or in this one
 * process (the identity provider's sign-ins in progress), so a sign-in started through one instance completes
 * through another. The service clock stays with each instance (it is in memory), so it is not served here.
 */
export async function buildStandIns(
  config: Config,
  options: { database?: DatabaseHandle; clock?: Clock; logStream?: DestinationStream } = {},
): Promise<StandIns> {
  const clock = options.clock ?? new OffsetClock(systemClock);
  // The payments and outbox tables the pages read; the instances run the same migrations (one at a time).
  const database = await openMigratedDatabase(config, options.database);
  const { db } = database;
  const app = Fastify({
    ...serverLogging(config.logLevel, options.logStream),
    trustProxy: config.trustProxy === false ? false : true,
  });
  registerErrorHandling(app);
  await app.register(formbody);
  // The same headers and rules as on the API (/local/* answers callers on this machine only; a form is posted from
  // the page's own origin), for the origin these pages are reached at: the identity provider's.
  await registerSecurity(app, new URL(config.oidc.issuer).origin);

  const clamd = await startLocalClamd(config.clamdPort);
  // The casework pages issue results through the same services the API uses; nothing here runs jobs.
  // The service's keys (private_key_jwt): the identity provider here checks the API instances' client assertions.
  const clientKeys = loadClientKeys(config);
  const services = await buildServices({
    clientKeys,
    config,
    db,
    clock,
    log: app.log,
    jobs: createJobRunner(db, clock, app.log),
    lifecycle: createLifecycle(),
    overrides: { scanner: createClamdScanner(clamd) },
  });
  await registerLocalStandIns(app, {
    config,
    db,
    clock,
    services,
    issuer: config.oidc.issuer,
    clientJwks: clientKeys?.publicJwks ?? [],
  });
  return {
    app,
    clamdPort: clamd.port,
    async close() {
      await app.close();
      await services.close();
      await clamd.close();
      if (!options.database) await database.close();
    },
  };
}
