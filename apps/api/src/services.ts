import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { CustomFetch } from 'openid-client';
import type { Config } from './config';
import type { Clock } from './platform/clock';
import type { Db } from './platform/db/database';
import type { NotificationFeed } from './platform/db/notifications';
import type { JobRunner } from './platform/jobs';
import type { Lifecycle } from './platform/lifecycle';
import { enableListCache } from './platform/list-cache';
import { isScottishBankHoliday } from './platform/working-days';
import type { AddressLookup } from './integrations/address/types';
import type { ClientKeys } from './integrations/identity/client-key';
import type { DeliveryReport } from './integrations/notify/local';
import type { IdentityClient } from './integrations/identity/client';
import { buildIntegrations } from './integration-services';
import type { NotifySender } from './integrations/notify/types';
import type { PaymentProvider } from './integrations/payments/types';
import type { VirusScanner } from './integrations/virus-scan/types';
import type { HandoverDeps } from './modules/handover/service';
import { BATCH_JOB, type BatchDeps } from './modules/batches/service';
import { createCaseworkService, type CaseworkService } from './modules/casework/service';
import {
  createPaperApplicationsService,
  type PaperApplicationsService,
} from './modules/paper-applications/service';
import {
  createBasicApplicationsService,
  type BasicApplicationsService,
} from './modules/basic-applications/service';
import { createApplicationsService, type ApplicationsService } from './modules/applications/service';
import { createCspReportService, type CspReportService } from './modules/csp-reports/service';
import { createHealthService, type HealthService } from './modules/health/service';
import { createOneTimeCodeService } from './modules/one-time-codes/service';
import { createOrganisationsService, type OrganisationsService } from './modules/organisations/service';
import { watchOutbox } from './modules/outbox/metrics';
import { createOutboxService, type OutboxService, type OutboxTemplate } from './modules/outbox/service';
import { createReminderService, type ReminderService } from './modules/reminders/service';
import { createResultsService, type ResultsService } from './modules/results/service';
import { createShareLinkService, type ShareLinkService } from './modules/share-links/service';
import {
  createResultChecksService,
  loadResultSigningKeys,
  type ResultChecksService,
} from './modules/result-checks/service';
import { createSharingService } from './modules/sharing/service';
import { createDeclarationService, type DeclarationService } from './modules/declaration/service';
import { draftSides } from './modules/drafts/sides';
import { createFeedbackService, type FeedbackService } from './modules/feedback/service';
import {
  createPersonalDetailsService,
  type PersonalDetailsService,
} from './modules/personal-details/service';
import {
  createSchemeMembershipService,
  type SchemeMembershipService,
} from './modules/scheme-membership/service';
import {
  createOrganisationReportService,
  type OrganisationReportService,
} from './modules/organisation-reports/service';

/**
 * The composition root: every outside service (the real client, or its local stand-in when LOCAL_SERVICES is on
 * or its key is missing) and every module service, each built once. `app.ts` hands each module's routes and jobs
 * the pieces they need from here; tests replace any of them (`test/support/test-app.ts`).
 */
export interface Services {
  /** The shared platform pieces the services were built with. */
  config: Config;
  db: Db;
  /** Sessions and rate limits live here when REDIS_URL is set. */
  redis: Redis | undefined;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobRunner;
  /** Serving or draining (a graceful stop): /readyz answers 503 while draining. */
  lifecycle: Lifecycle;

  // Integrations.
  identity: IdentityClient;
  payments: PaymentProvider;
  notify: NotifySender;
  address: AddressLookup;
  scanner: VirusScanner;

  // Module services.
  /** Whether this instance can serve (/readyz): its database, Redis when configured, not draining. */
  health: HealthService;
  /** The browsers' reports of Content-Security-Policy violations. */
  cspReports: CspReportService;
  /** The register: the caller's countersignatory record, their registration and their body's cost centres. */
  organisations: OrganisationsService;
  /** The organisation's and the applicant's lists of applications. */
  applications: ApplicationsService;
  /** Every email and text message: written with its change, sent by the outbox job (decision 0041). */
  outbox: OutboxService;
  /** What paying and handing over need, shared by the draft routes, batches and the payment reconciliation job. */
  handover: HandoverDeps;
  /** The draft API both sides call (organisation and applicant), on the hand-over's dependencies. */
  drafts: ReturnType<typeof draftSides>;
  results: ResultsService;
  casework: CaseworkService;
  /** Basic disclosures registered by casework and shown to their applicant (decision 0052). */
  basicApplications: BasicApplicationsService;
  /** Applications received on paper (channel P), registered by casework (decision 0053). */
  paperApplications: PaperApplicationsService;
  /** Recipients' links of a share: emailed links, the recipient's identity checks, basic SMS codes. */
  shareLinks: ShareLinkService;
  sharing: ReturnType<typeof createSharingService>;
  codes: ReturnType<typeof createOneTimeCodeService>;
  batches: BatchDeps;
  /** Reminders before deadlines, through the outbox (the `reminders.send` job). */
  reminders: ReminderService;
  /** Signed results, their check codes and the public check (decision 0051). */
  resultChecks: ResultChecksService;
  /** The lead countersignatory's reports of corrected organisation details. */
  organisationReports: OrganisationReportService;
  /** The countersignatory's once-a-day declaration. */
  declaration: DeclarationService;
  /** The signed-in person's details and their reminder setting. */
  personalDetails: PersonalDetailsService;
  schemeMembership: SchemeMembershipService;
  /** The confirmation pages' satisfaction rating. */
  feedback: FeedbackService;

  /** Stops what the services started (the local clamd stand-in). */
  close(): Promise<void>;
}

/** Pieces built elsewhere (tests' fakes), used instead of building them. */
export type ServiceOverrides = Partial<
  Omit<Services, 'config' | 'db' | 'redis' | 'clock' | 'log' | 'jobs' | 'lifecycle' | 'close'>
>;

export interface ServiceContext {
  config: Config;
  db: Db;
  /** The database's notifications (PostgreSQL only): the list cache hears of changes to list versions by them. */
  notifications?: NotificationFeed | undefined;
  redis?: Redis | undefined;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobRunner;
  lifecycle: Lifecycle;
  /** Route the identity client's HTTP calls somewhere else (tests send them through inject). */
  identityFetch?: CustomFetch | undefined;
  /** The keys of private_key_jwt client authentication (undefined with client_secret_basic). */
  clientKeys?: ClientKeys | undefined;
  overrides?: ServiceOverrides | undefined;
  /** How the local Notify stand-in calls the service's delivery callback (as Notify would, over HTTP). */
  localNotifyCallback?: ((report: DeliveryReport) => Promise<void>) | undefined;
}

/** The Notify template of each kind of outbox message, from the configuration. */
function outboxTemplateIds(config: Config): Record<OutboxTemplate, string> {
  const reminderTemplates = config.notifyReminderTemplateIds;
  return {
    handover: config.notifyHandoverTemplateId,
    'result-ready': config.notifyResultReadyTemplateId,
    'review-decision': config.notifyReviewDecisionTemplateId,
    'one-time-code': config.notifyOneTimeCodeTemplateId,
    'shared-link': config.notifySharedLinkTemplateId,
    'organisation-report': config.notifyOrganisationReportTemplateId,
    'reminder-handover': reminderTemplates.handover,
    'reminder-draft': reminderTemplates.draft,
    'reminder-result-unviewed': reminderTemplates.resultUnviewed,
    'reminder-viewing-ends': reminderTemplates.viewingEnds,
    'reminder-share-window': reminderTemplates.shareWindow,
    'reminder-appeal': reminderTemplates.appeal,
    'reminder-countersignatory': reminderTemplates.countersignatory,
    'identity-documents-cancelled': config.notifyIdentityDocumentsCancelledTemplateId,
  };
}

/**
 * The results and their signed versions: each new version of a result is signed in the transaction that makes it
 * (late-bound: the checks need results, and results record their versions through the checks).
 */
async function buildResultServices(
  context: ServiceContext,
  outbox: OutboxService,
): Promise<{ results: ResultsService; resultChecks: ResultChecksService }> {
  const { config, db, clock, log } = context;
  const overrides = context.overrides ?? {};
  const contentKeys = [{ id: config.resultsEncryptionKeyId, key: config.resultsEncryptionKey }];
  const results =
    overrides.results ??
    createResultsService({
      db,
      clock,
      contentKeys,
      outbox,
      publicUrl: config.publicUrl,
      isHoliday: isScottishBankHoliday,
      log,
      versions: { record: (trx, resultId, reason) => resultChecks.record(trx, resultId, reason) },
    });
  const resultChecks: ResultChecksService =
    overrides.resultChecks ??
    createResultChecksService({
      db,
      clock,
      keys: await loadResultSigningKeys(config),
      contentKey: contentKeys[0]!,
      contentKeys,
      hashKey: `result-checks:${config.sessionSecret}`,
      publicUrl: config.publicUrl,
      serviceName: config.serviceName,
      results,
    });
  return { results, resultChecks };
}

export async function buildServices(context: ServiceContext): Promise<Services> {
  const { config, db, clock, log, jobs } = context;
  const overrides = context.overrides ?? {};
  enableListCache(db, config.listCacheEntries, context.notifications);

  const { identity, payments, notify, address, scanner, localClamd } = await buildIntegrations(context);

  const health =
    overrides.health ?? createHealthService({ db, redis: context.redis, lifecycle: context.lifecycle });
  const cspReports = overrides.cspReports ?? createCspReportService({ db, clock });
  const organisations = overrides.organisations ?? createOrganisationsService({ db });
  const outbox =
    overrides.outbox ??
    createOutboxService({ db, clock, notify, templateIds: outboxTemplateIds(config), log });
  watchOutbox(outbox.depth, () => clock.now());

  const handover: HandoverDeps = overrides.handover ?? {
    db,
    clock,
    payments,
    outbox,
    publicUrl: config.publicUrl,
    log,
  };
  const drafts = overrides.drafts ?? draftSides({ handover, features: config.features });
  const { results, resultChecks } = await buildResultServices(context, outbox);
  const casework = overrides.casework ?? createCaseworkService({ db, clock, results });
  const basicApplications = overrides.basicApplications ?? createBasicApplicationsService({ db, clock });
  const paperApplications = overrides.paperApplications ?? createPaperApplicationsService({ db, clock });
  const applications =
    overrides.applications ??
    createApplicationsService({
      db,
      clock,
      features: config.features,
      paperApplications,
      outbox,
      publicUrl: config.publicUrl,
    });
  const shareLinks =
    overrides.shareLinks ??
    createShareLinkService({
      db,
      clock,
      results,
      outbox,
      publicUrl: config.publicUrl,
      hashKey: `share-links:${config.sessionSecret}`,
      log,
    });
  const sharing =
    overrides.sharing ?? createSharingService({ db, clock, results, links: shareLinks, outbox });
  const codes =
    overrides.codes ??
    createOneTimeCodeService({
      db,
      clock,
      outbox,
      hashKey: `one-time-codes:${config.sessionSecret}`,
    });
  const reminders =
    overrides.reminders ?? createReminderService({ db, clock, outbox, results, publicUrl: config.publicUrl });
  const organisationReports =
    overrides.organisationReports ??
    createOrganisationReportService({
      db,
      clock,
      outbox,
      disclosureBodyEmail: config.disclosureBodyEmail,
      log,
    });
  const declaration = overrides.declaration ?? createDeclarationService({ db, clock });
  const personalDetails = overrides.personalDetails ?? createPersonalDetailsService({ db, outbox });
  const schemeMembership = overrides.schemeMembership ?? createSchemeMembershipService({ db });
  const feedback =
    overrides.feedback ?? createFeedbackService({ db, clock, feedbackUrl: config.feedbackUrl });
  const batches: BatchDeps = overrides.batches ?? {
    ...handover,
    features: config.features,
    scanner,
    async enqueue(batchId: string) {
      await jobs.enqueue(BATCH_JOB, { batchId });
      jobs.wake();
    },
  };

  return {
    config,
    db,
    redis: context.redis,
    clock,
    log,
    jobs,
    lifecycle: context.lifecycle,
    identity,
    payments,
    notify,
    address,
    scanner,
    health,
    cspReports,
    organisations,
    applications,
    outbox,
    handover,
    drafts,
    results,
    casework,
    basicApplications,
    paperApplications,
    shareLinks,
    sharing,
    codes,
    batches,
    reminders,
    resultChecks,
    organisationReports,
    declaration,
    personalDetails,
    schemeMembership,
    feedback,
    async close() {
      await localClamd?.close();
    },
  };
}
