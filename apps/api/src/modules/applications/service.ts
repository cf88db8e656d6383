import type { z } from 'zod';
import {
  applicantResultStatus,
  applicantStatusView,
  daysLeft,
  DEFAULT_FEATURE_FLAGS,
  isApplicationTypeCode,
  organisationResultStatus,
  organisationTypesFor,
  RESULT_VIEWING_DAYS,
  type ApplicationStatus,
  type ApplicationTypeCode,
  type FeatureFlags,
  hasApplicationExpired,
  type Role,
} from '@dis/domain';
import type { applicantApplicationsContract, organisationApplicationsContract } from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { userById } from '../auth/service';
import type { OutboxService } from '../outbox/service';
import type { PaperApplicationsService } from '../paper-applications/service';
import type { Application, ApplicationChanges, NewApplication } from './record';
import * as store from './store';
import {
  cancelForMissingDocuments,
  listSummaries,
  overdueIdentityDocuments,
  type SummaryFilter,
} from './store';

// The applications as other modules use them (only this module names the applications table; the others never
// import its store): records of the module's own type (`record.ts`), for drafts, linking, payment state, hand-over
// and expiry.
export { DRAFT_STATUS, type Application, type ApplicationChanges, type NewApplication } from './record';

/** An application by its id (the draft token), locked for the rest of the transaction when asked. */
export function findApplication(db: Db, id: string, lock = false): Promise<Application | undefined> {
  return store.findApplication(db, id, lock);
}

/** A handed-over application by the link identifier of its email. */
export function findApplicationByLinkId(db: Db, linkId: string): Promise<Application | undefined> {
  return store.findApplicationByLinkId(db, linkId);
}

/** The handed-over application of an emailed link, locked for the rest of the transaction. */
export function lockApplicationByLinkId(db: Db, linkId: string): Promise<Application | undefined> {
  return store.findApplicationByLinkId(db, linkId, true);
}

/** Adds an application (a new draft, a paper application). */
export function insertApplication(db: Db, values: NewApplication): Promise<void> {
  return store.insertApplication(db, values);
}

/** Changes an application and returns it as it now is. */
export function updateApplication(db: Db, id: string, changes: ApplicationChanges): Promise<Application> {
  return store.updateApplication(db, id, changes);
}

/** Changes an application. */
export function setApplication(db: Db, id: string, changes: ApplicationChanges): Promise<void> {
  return store.setApplication(db, id, changes);
}

/**
 * The expiry job: organisation-started applications still waiting for the applicant 14 days (their
 * expired_duration_days) after the hand-over become EXPIRED, for good. Returns how many.
 */
export function expireApplications(db: Db, now: Date): Promise<number> {
  return store.expireOverdueApplications(db, now);
}

/** Handed-over applications not yet submitted that expire after `now` and by `by` (the reminders before expiry). */
export function expiringApplications(db: Db, now: Date, by: Date, limit: number): Promise<Application[]> {
  return store.expiringApplications(db, now, by, limit);
}

/** The applicant's parts of their latest applications, newest first (unparsed). */
export function latestApplicantParts(
  db: Db,
  userId: string,
  limit: number,
): Promise<Pick<Application, 'applicant_data'>[]> {
  return store.latestApplicantParts(db, userId, limit);
}

/** Organisation drafts paid by card that were never handed over: their ids. */
export function paidDraftsNotHandedOver(db: Db, finishedBy: Date, limit: number): Promise<{ id: string }[]> {
  return store.paidDraftsNotHandedOver(db, finishedBy, limit);
}

/** Postgres unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/**
 * Whether an application has expired: marked EXPIRED, or 14 days (its expired_duration_days) past the hand-over
 * even before the expiry job has marked it.
 */
export function hasExpired(
  row: { status: string; status_last_changed: Date; expired_duration_days: number | null },
  now: Date,
): boolean {
  return hasApplicationExpired(
    {
      status: row.status,
      statusLastChanged: row.status_last_changed,
      expiredDurationDays: row.expired_duration_days,
    },
    now,
  );
}

export interface ApplicationSummary {
  id: string;
  reference: string;
  applicantName: string | null;
  status: ApplicationStatus;
  daysRemaining: number | null;
  type: string;
  organisationName: string | null;
  /** Applicants only: the organisation's payment type, which decides between the two Level 2 journeys. */
  onlinePaymentType?: string | null;
  /** The issued result's id and disclosure type (a Basic result opens its own page); null without one. */
  resultId: string | null;
  resultType: ApplicationTypeCode | null;
}

async function applicationSummaries(
  db: Db,
  filter: SummaryFilter,
  paging: { page: number; pageSize: number },
  now: Date,
  /** The applicant sees a handed-over application as READY_TO_START (and an overdue one as EXPIRED). */
  audience: 'organisation' | 'applicant' = 'organisation',
): Promise<{ summaries: ApplicationSummary[]; totalElements: number; totalIsLowerBound?: true }> {
  const { rows, total, totalIsLowerBound } = await listSummaries(db, filter, paging.page, paging.pageSize);
  return {
    totalElements: total,
    // Only past the count's bound: "more than totalElements" (docs/decisions/0024-fast-lists.md).
    ...(totalIsLowerBound ? { totalIsLowerBound: true as const } : {}),
    summaries: rows.map((row) => {
      const status = row.result_id ? resultStatusFor(row, audience) : statusFor(row, now, audience);
      return {
        id: row.id,
        reference: row.reference,
        applicantName: row.applicant_name,
        status,
        daysRemaining: daysRemainingFor(row, audience === 'applicant' ? status : null, now),
        type: row.type_code,
        organisationName: row.organisation_name,
        ...(audience === 'applicant' ? { onlinePaymentType: row.online_payment_type } : {}),
        resultId: row.result_id,
        resultType: row.result_type && isApplicationTypeCode(row.result_type) ? row.result_type : null,
      };
    }),
  };
}

function statusFor(
  row: { status: string; status_last_changed: Date; expired_duration_days: number | null },
  now: Date,
  audience: 'organisation' | 'applicant',
): ApplicationStatus {
  // Between the 14th day and the next run of the expiry job the row still says WITH_APPLICANT.
  if (hasExpired(row, now)) return 'EXPIRED';
  const status = row.status as ApplicationStatus;
  return audience === 'applicant' ? applicantStatusView(status) : status;
}

interface ResultFactsRow {
  released_to_organisation_at: Date | null;
  organisation_viewed_at: Date | null;
  first_viewed_at: Date | null;
  shared_at: Date | null;
  review_requested_at: Date | null;
  review_decision: string | null;
}

/** An application with a result shows the result's status for the side looking (decision 0011). */
function resultStatusFor(row: ResultFactsRow, audience: 'organisation' | 'applicant'): ApplicationStatus {
  if (audience === 'organisation') {
    return organisationResultStatus({
      releasedToOrganisation: row.released_to_organisation_at !== null,
      organisationViewed: row.organisation_viewed_at !== null,
    });
  }
  return applicantResultStatus({
    isUnderReview: row.review_requested_at !== null && row.review_decision === null,
    shared: row.shared_at !== null,
    viewed: row.first_viewed_at !== null,
  });
}

/** Days left: of the application before it expires, or of viewing the result once the applicant has opened it. */
function daysRemainingFor(
  row: ResultFactsRow & {
    result_id: string | null;
    expired_duration_days: number | null;
    status_last_changed: Date;
  },
  /** The applicant's status; null for the organisation, which has no viewing limit. */
  status: ApplicationStatus | null,
  now: Date,
): number | null {
  if (row.result_id) {
    return status === 'RESULT_VIEWED' && row.first_viewed_at
      ? daysLeft(RESULT_VIEWING_DAYS, row.first_viewed_at, now)
      : null;
  }
  return row.expired_duration_days === null
    ? null
    : daysLeft(row.expired_duration_days, row.status_last_changed, now);
}

type OrganisationListQuery = z.output<typeof organisationApplicationsContract.query>;
type ApplicantListQuery = z.output<typeof applicantApplicationsContract.query>;

export interface ApplicationsDeps {
  db: Db;
  clock: Clock;
  features: FeatureFlags | undefined;
  /** Applications received on paper for the caller's verified identity (decision 0053). */
  paperApplications: Pick<PaperApplicationsService, 'claimFor'>;
  /** The cancellation emails of the `applications.cancel-unverified` job. */
  outbox: IdentityDocumentsDeps['outbox'];
  publicUrl: string;
}

/** The application lists' service, built once in `services.ts`: the organisation's and the applicant's. */
export function createApplicationsService({
  db,
  clock,
  features,
  paperApplications,
  outbox,
  publicUrl,
}: ApplicationsDeps) {
  const emailOf = async (userId: string) => (await userById(db, userId))?.email ?? null;
  return {
    /** The `applications.expire` job's run: see `expireApplications`. */
    expireOverdue: (now: Date) => expireApplications(db, now),

    /** The `applications.cancel-unverified` job's run: see `cancelUnverifiedOverdue`. */
    cancelUnverifiedOverdue: (now: Date) => cancelUnverifiedOverdue({ db, outbox, publicUrl, emailOf }, now),

    /**
     * The applications of the countersignatory's organisation, or only their own; never another organisation's.
     */
    organisationList(
      caller: { roles: readonly string[]; countersignatory: { code: string; organisationCode: string } },
      q: OrganisationListQuery,
    ) {
      const wholeOrganisation = q.showOrganisationDisclosures !== 'false';
      return applicationSummaries(
        db,
        {
          organisationCode: caller.countersignatory.organisationCode,
          // A LEVEL1_CSG lists only the Level 1 applications of its organisation (spec 01 section 6).
          typeCodes: organisationTypesFor(caller.roles as Role[], features ?? DEFAULT_FEATURE_FLAGS),
          ...(wholeOrganisation ? {} : { countersignatoryId: caller.countersignatory.code }),
          ...(q.applicantName ? { applicantName: q.applicantName } : {}),
          ...(q.status ? { status: q.status } : {}),
          // The CSG code filter exists only behind its feature flag (spec 01 section 6).
          ...(q.csgCode && features?.csgCodeFilter ? { csgCode: q.csgCode } : {}),
        },
        { page: q.page, pageSize: q.pageSize },
        clock.now(),
      );
    },

    /** The applicant's own applications; those received on paper for their verified identity become theirs first. */
    async applicantList(caller: { userId: string; requestId: string }, query: ApplicantListQuery) {
      await paperApplications.claimFor(caller);
      return applicationSummaries(
        db,
        { applicantUserId: caller.userId },
        { page: query.page, pageSize: query.pageSize },
        clock.now(),
        'applicant',
      );
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;

/** How often the expiry job runs. */
export const EXPIRY_JOB_INTERVAL_MS = 60 * 60 * 1000;

/** A caseworker's change of status (issued with its result, or terminated). */
export async function setApplicationStatus(
  db: Db,
  id: string,
  changes: { status: string; statusLastChanged: Date; resultId?: string },
): Promise<void> {
  await store.setApplication(db, id, {
    status: changes.status,
    status_last_changed: changes.statusLastChanged,
    ...(changes.resultId ? { result_id: changes.resultId } : {}),
  });
}

/** How often the cancellation of unverified Level 1 applications without their identity documents runs. */
export const CANCEL_UNVERIFIED_JOB_INTERVAL_MS = 60 * 60 * 1000;
const CANCEL_BATCH = 200;

export interface IdentityDocumentsDeps {
  db: Db;
  outbox: Pick<OutboxService, 'enqueue' | 'dispatch'>;
  publicUrl: string;
  /** The applicant's email address (their user record), or null. */
  emailOf(userId: string): Promise<string | null>;
}

/** A date as the emails write it: 3 April 2026 (UK time). */
function emailDate(instant: Date): string {
  return instant.toLocaleDateString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/**
 * The `applications.cancel-unverified` job (spec 02 section 9, decision 0055): each submitted applicant-only
 * Level 1 whose identity documents were due by `now` and never received is cancelled without refund (TERMINATED,
 * for good), in one transaction with its audit record and the applicant's email through the outbox; the email is
 * then sent at once. Each row is checked again as it is changed, so two instances never cancel it twice.
 * Returns how many were cancelled.
 */
export async function cancelUnverifiedOverdue(deps: IdentityDocumentsDeps, now: Date): Promise<number> {
  const rows = await overdueIdentityDocuments(deps.db, now, CANCEL_BATCH);
  const ids: (string | null)[] = [];
  let cancelled = 0;
  for (const row of rows) {
    const email = row.applicant_user_id ? await deps.emailOf(row.applicant_user_id) : null;
    const messageId = await deps.db.transaction().execute(async (trx) => {
      if (!(await cancelForMissingDocuments(trx, row.id, now))) return undefined;
      await writeAudit(trx, {
        event: 'application.cancelled',
        outcome: 'success',
        userId: row.applicant_user_id,
        detail: { applicationReference: row.reference, reason: 'identity_documents_not_received' },
      });
      if (!email) return null;
      return deps.outbox.enqueue(trx, {
        channel: 'email',
        template: 'identity-documents-cancelled',
        to: email,
        personalisation: {
          applicationReference: row.reference,
          deadline: emailDate(row.identity_documents_due_at!),
          signInLink: `${deps.publicUrl}/oauth2/authorization/dis`,
        },
        about: { type: 'application', id: row.id },
        dedupeKey: `identity-documents-cancelled:${row.id}`,
      });
    });
    if (messageId === undefined) continue;
    cancelled += 1;
    ids.push(messageId);
  }
  if (ids.length > 0) await deps.outbox.dispatch(ids);
  return cancelled;
}
