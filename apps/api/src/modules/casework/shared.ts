import { hasApplicationExpired, isApplicationStatus, type ApplicationStatus } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { DRAFT_STATUS } from '../applications/service';
import {
  applicantPartSchema,
  readStored,
  storedOrganisationDraftSchema,
  type ApplicantPart,
  type StoredDraft,
} from '../drafts/service';
import { userById } from '../auth/service';
import type { ApplicantContact, ResultsService } from '../results/service';
import { findSent, type SentRow } from './store';

// What every casework action shares: the stored parts of a sent application read by the drafts module's schemas,
// its status as casework sees it, the applicant's contact, and the audit of a success or a refusal.

/**
 * Statuses a caseworker may terminate: handed over and not yet submitted, submitted (B2B_SUBMITTED is a
 * submitted application too), and payment failed. Never EXPIRED, TERMINATED or any result status.
 */
export const TERMINABLE_STATUSES: readonly ApplicationStatus[] = [
  'WITH_APPLICANT',
  'READY_TO_START',
  'SUBMITTED',
  'B2B_SUBMITTED',
  'PAYMENT_FAILED',
];
/** A result is issued only for a submitted application. */
export const ISSUABLE_STATUSES: readonly ApplicationStatus[] = ['SUBMITTED', 'B2B_SUBMITTED'];

export interface CaseworkCaller {
  requestId?: string | null;
  /** Who asked, for the audit trail ('casework-api', 'local-casework', 'casework-cli'). */
  source: string;
}

export interface CaseworkDeps {
  db: Db;
  clock: Clock;
  results: ResultsService;
}

// The stored parts casework reads, parsed by the drafts module's schemas (never cast). An application an
// organisation has not handed over yet has no applicant part.
export function applicantPart(row: SentRow): Partial<ApplicantPart> {
  return row.applicant_data == null
    ? {}
    : readStored(applicantPartSchema, row.applicant_data, 'applicant part');
}
export function organisationPart(row: SentRow): StoredDraft {
  return row.data == null ? {} : readStored(storedOrganisationDraftSchema, row.data, 'organisation draft');
}

/** The applicant's email as their account knows it, when the answers do not carry one. */
export async function accountEmail(db: Db, userId: string): Promise<string | null> {
  return (await userById(db, userId))?.email ?? null;
}

/** Sent: handed over (it has a sign-in link) or declared by the applicant who started it. */
export function isSent(row: SentRow): boolean {
  if (row.status === DRAFT_STATUS) return false;
  return row.link_id !== null || applicantPart(row).declaration?.agreed === true;
}

/** The sent application with this reference (locked for a change when asked), if there is one. */
export async function findSentApplication(
  db: Db,
  reference: string,
  lock = false,
): Promise<SentRow | undefined> {
  const row = await findSent(db, reference, lock);
  return row && isSent(row) ? row : undefined;
}

/** The status as casework sees it: an application overdue for expiry is EXPIRED even before the job has run. */
export function currentStatus(row: SentRow, now: Date): ApplicationStatus {
  const status = isApplicationStatus(row.status) ? row.status : 'SUBMITTED';
  return hasApplicationExpired(
    {
      status,
      statusLastChanged: row.status_last_changed,
      expiredDurationDays: row.expired_duration_days,
    },
    now,
  )
    ? 'EXPIRED'
    : status;
}

/**
 * What a change to a sent application starts with, inside its transaction: the application with this reference,
 * locked, and its status now, when the change allows that status; otherwise why not (nothing sent with that
 * reference, or the status it is in).
 */
export async function sentApplicationToChange(
  trx: Db,
  reference: string,
  now: Date,
  allowed: readonly ApplicationStatus[],
): Promise<
  | { kind: 'found'; row: SentRow; status: ApplicationStatus }
  | { kind: 'not-found' }
  | { kind: 'wrong-status'; status: ApplicationStatus }
> {
  const row = await findSentApplication(trx, reference, true);
  if (!row) return { kind: 'not-found' };
  const status = currentStatus(row, now);
  return allowed.includes(status) ? { kind: 'found', row, status } : { kind: 'wrong-status', status };
}

/** Who the applicant's emails go to: the address in their answers, the organisation's, or their account's. */
export function contactOf(row: SentRow, accountEmail: string | null): ApplicantContact {
  const part = applicantPart(row);
  return {
    email: part.draft?.contactDetails?.email ?? organisationPart(row).applicant?.email ?? accountEmail,
    name: row.applicant_name ?? '',
    reference: row.reference,
    typeCode: row.type_code,
  };
}

/** The answer to a reference that names no sent application. */
export function noSentApplication(reference: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', `No sent application has the reference ${reference}`);
}

/** Writes a casework audit record outside a transaction, naming who asked. */
export async function auditCasework(
  db: Db,
  event: string,
  outcome: 'success' | 'refused',
  caller: CaseworkCaller,
  detail: object,
): Promise<void> {
  await writeAudit(db, {
    event,
    outcome,
    requestId: caller.requestId ?? null,
    detail: { ...detail, source: caller.source },
  });
}

/** Audits a refused action (the reference cut to its first 40 characters: it may be anything the caller sent). */
export async function auditRefusal(
  db: Db,
  event: string,
  caller: CaseworkCaller,
  reference: string,
  detail: { reason: string; status?: string },
): Promise<void> {
  await auditCasework(db, event, 'refused', caller, {
    applicationReference: reference.slice(0, 40),
    ...detail,
  });
}
