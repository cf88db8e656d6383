import type { FastifyInstance } from 'fastify';
import { tagModuleRoutes } from './platform/openapi';
import { addressRoutes } from './modules/addresses/routes';
import { applicationRoutes } from './modules/applications/routes';
import { authRoutes } from './modules/auth/routes';
import { basicApplicationRoutes } from './modules/basic-applications/routes';
import { batchRoutes } from './modules/batches/routes';
import { caseworkRoutes } from './modules/casework/routes';
import { configRoutes } from './modules/config/routes';
import { cspReportRoutes } from './modules/csp-reports/routes';
import { declarationRoutes } from './modules/declaration/routes';
import { draftApplicationRoutes } from './modules/drafts/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { healthRoutes } from './modules/health/routes';
import { oneTimeCodeRoutes } from './modules/one-time-codes/routes';
import { organisationReportRoutes } from './modules/organisation-reports/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { outboxRoutes } from './modules/outbox/routes';
import { personalDetailsRoutes } from './modules/personal-details/routes';
import { referenceDataRoutes } from './modules/reference-data/routes';
import { resultCheckRoutes } from './modules/result-checks/routes';
import { resultRoutes } from './modules/results/routes';
import { schemeMembershipRoutes } from './modules/scheme-membership/routes';
import { shareLinkExchangeHook, shareLinkRoutes } from './modules/share-links/routes';
import { sharingRoutes } from './modules/sharing/routes';
import type { Services } from './services';

/** Each module's routes, by the module's name (its tag in /openapi.json), in the order they are registered. */
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

/**
 * Every module's routes, each in a context that tags its routes with the module's name; every one is given the
 * services and takes what it needs.
 */
export async function registerModuleRoutes(
  app: FastifyInstance,
  services: Services,
  secureCookies: boolean,
): Promise<void> {
  // Recipients of a shared link: the token in the emailed URL becomes a cookie before any page is served.
  app.addHook('onRequest', shareLinkExchangeHook(services.shareLinks, secureCookies));
  for (const [module, routes] of MODULE_ROUTES) {
    await app.register(async (scoped) => {
      tagModuleRoutes(scoped, module);
      await routes(scoped, services);
    });
  }
}
