import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { mountLocalIdentityProvider } from '../identity/local-provider';
import { localNotifyRoutes } from '../notify/local';
import { localPaymentRoutes } from '../payments/local';
import { localCaseworkRoutes, type CaseworkPort, type PrintingPort } from './casework';
import { localBasicCaseworkRoutes, type BasicCaseworkPort } from './casework-basic';
import { localPaperCaseworkRoutes, type PaperCaseworkPort } from './casework-paper';
import { localClockRoutes } from './clock';
import { localStaticRoutes } from './static';

export interface LocalCaseworkServices {
  casework: CaseworkPort;
  /** Printing a paper result (the sharing service). */
  sharing: PrintingPort;
  /** Casework's Basic disclosures (decision 0052). */
  basicApplications: BasicCaseworkPort;
  /** Casework's applications received on paper (decision 0053). */
  paperApplications: PaperCaseworkPort;
}

export interface LocalStandInsOptions {
  config: Config;
  db: Db;
  clock: Clock;
  /** The module services the casework pages act through (the composition root's `Services` fits). */
  services: LocalCaseworkServices;
  /** The identity provider's issuer: its own address, which the browser and the API both reach. */
  issuer: string;
  /** The service's public keys, with which the identity provider checks its client assertions (private_key_jwt). */
  clientJwks: object[];
  /**
   * The service clock's page runs the jobs that fall due; only where the API's own clock lives (the stand-ins
   * mounted on the API server), as the clock is in memory and each process has its own.
   */
  runDueJobs?: () => Promise<number>;
}

/**
 * The local stand-ins' pages under /local/: identity provider, card payments, the email and SMS outbox,
 * casework pages, and the service clock where the API mounts them itself. Mounted on the API server (`npm start`)
 * or in the stand-ins process of their own (`npm run stand-ins`, `stand-ins.ts`) that several instances share.
 */
export async function registerLocalStandIns(
  app: FastifyInstance,
  options: LocalStandInsOptions,
): Promise<void> {
  const { config, db, clock, services } = options;
  await app.register(localStaticRoutes);
  await app.register(localPaymentRoutes, { db, clock, serviceName: config.serviceName });
  await app.register(localNotifyRoutes, { db, serviceName: config.serviceName });
  await app.register(localCaseworkRoutes, {
    casework: services.casework,
    printing: services.sharing,
    serviceName: config.serviceName,
  });
  await app.register(localBasicCaseworkRoutes, {
    basic: services.basicApplications,
    serviceName: config.serviceName,
  });
  await app.register(localPaperCaseworkRoutes, {
    paper: services.paperApplications,
    serviceName: config.serviceName,
  });
  if (options.runDueJobs) {
    await app.register(localClockRoutes, {
      clock,
      runDueJobs: options.runDueJobs,
      serviceName: config.serviceName,
    });
  }
  await mountLocalIdentityProvider(app, {
    issuer: options.issuer,
    clientId: config.oidc.clientId,
    clientJwks: options.clientJwks,
    redirectUri: `${config.publicUrl}/oauth2/callback`,
    postLogoutRedirectUri: `${config.publicUrl}/oauth2/signed-out`,
    serviceName: config.serviceName,
    trustProxy: config.trustProxy !== false,
  });
}
