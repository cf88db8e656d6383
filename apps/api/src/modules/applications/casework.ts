import type { ApplicationStatus } from '@dis/domain';
import { sql } from 'kysely';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { DRAFT_STATUS, hasExpired, type ApplicationRow } from './draft-store';

/**
 * What the disclosure body's caseworkers do to an application once it has been sent (today only the local
 * casework page at /local/casework calls this): terminate it, for example when documents were not received.
 */

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

/** The most applications the casework list shows. */
export const CASEWORK_LIST_LIMIT = 200;

/** The applicant's declaration, stored in applicant_data (see ApplicantPart in applicant-drafts.ts). */
const declaredByApplicant = sql<boolean>`coalesce((applications.applicant_data -> 'declaration' ->> 'agreed') = 'true', false)`;

type SentRow = Pick<
  ApplicationRow,
  'status' | 'status_last_changed' | 'expired_duration_days' | 'link_id' | 'applicant_data'
>;

/**
 * Sent: handed over to the applicant by an organisation (it has a sign-in link), or declared by the applicant
 * who started it. An organisation's draft (including one whose card payment failed before the hand-over) and an
 * applicant's own draft before the declaration are still being filled in, so casework never sees them.
 */
function isSent(row: SentRow): boolean {
  if (row.status === DRAFT_STATUS) return false;
  if (row.link_id !== null) return true;
  const declaration = (row.applicant_data as { declaration?: { agreed?: boolean } } | null)?.declaration;
  return declaration?.agreed === true;
}

/** The status as casework sees it: an application overdue for expiry is EXPIRED even before the job has run. */
function currentStatus(row: SentRow, now: Date): ApplicationStatus {
  return hasExpired(row, now) ? 'EXPIRED' : (row.status as ApplicationStatus);
}

export interface CaseworkApplication {
  reference: string;
  typeCode: string;
  status: ApplicationStatus;
  organisationName: string | null;
  applicantName: string | null;
  createdAt: Date;
  terminable: boolean;
}

/** Applications that have been sent, newest first. */
export async function caseworkApplications(
  db: Db,
  now: Date,
  limit = CASEWORK_LIST_LIMIT,
): Promise<CaseworkApplication[]> {
  const rows = await db
    .selectFrom('applications')
    .leftJoin('registered_bodies', 'registered_bodies.code', 'applications.organisation_code')
    .select([
      'applications.reference',
      'applications.type_code',
      'applications.status',
      'applications.status_last_changed',
      'applications.expired_duration_days',
      'applications.link_id',
      'applications.applicant_data',
      'applications.applicant_name',
      'applications.created_at',
      'registered_bodies.name as organisation_name',
    ])
    .where('applications.status', '!=', DRAFT_STATUS)
    .where((eb) => eb.or([eb('applications.link_id', 'is not', null), declaredByApplicant]))
    .orderBy('applications.created_at', 'desc')
    .orderBy('applications.reference', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const status = currentStatus(row, now);
    return {
      reference: row.reference,
      typeCode: row.type_code,
      status,
      organisationName: row.organisation_name,
      applicantName: row.applicant_name,
      createdAt: new Date(row.created_at as unknown as Date),
      terminable: TERMINABLE_STATUSES.includes(status),
    };
  });
}

export interface TerminateOptions {
  requestId?: string | null;
  /** Who asked, for the audit trail (for example 'local-casework'). */
  source: string;
}

export interface Terminated {
  reference: string;
  previousStatus: ApplicationStatus;
  status: 'TERMINATED';
}

/**
 * Terminates a sent application, for good: one transaction sets TERMINATED and the time of the change and writes
 * the audit record. Refuses an unknown or unsent application (404) and one that is not in a terminable status
 * (409, naming the status); refusals are audited too.
 */
export async function terminateApplication(
  db: Db,
  clock: Clock,
  reference: string,
  { requestId = null, source }: TerminateOptions,
): Promise<Terminated> {
  const now = clock.now();
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('applications')
      .select([
        'id',
        'reference',
        'status',
        'status_last_changed',
        'expired_duration_days',
        'link_id',
        'applicant_data',
      ])
      .where('reference', '=', reference)
      .forUpdate()
      .executeTakeFirst();
    if (!row || !isSent(row)) return { kind: 'not-found' as const };
    const status = currentStatus(row, now);
    if (!TERMINABLE_STATUSES.includes(status)) return { kind: 'not-terminable' as const, status };
    await trx
      .updateTable('applications')
      .set({ status: 'TERMINATED', status_last_changed: now })
      .where('id', '=', row.id)
      .execute();
    await writeAudit(trx, {
      event: 'application.terminated',
      outcome: 'success',
      requestId,
      detail: { applicationReference: row.reference, previousStatus: status, source },
    });
    return { kind: 'terminated' as const, previousStatus: status, reference: row.reference };
  });

  if (outcome.kind === 'terminated') {
    return { reference: outcome.reference, previousStatus: outcome.previousStatus, status: 'TERMINATED' };
  }
  await writeAudit(db, {
    event: 'application.terminated',
    outcome: 'refused',
    requestId,
    detail: {
      applicationReference: reference.slice(0, 40),
      reason: outcome.kind === 'not-found' ? 'not_found' : 'not_terminable',
      ...(outcome.kind === 'not-terminable' ? { status: outcome.status } : {}),
      source,
    },
  });
  if (outcome.kind === 'not-found')
    throw new ApiError(404, 'NOT_FOUND', `No sent application has the reference ${reference}`);
  throw new ApiError(
    409,
    'CONFLICT',
    `Application ${reference} cannot be terminated: its status is ${outcome.status}. Only applications ` +
      `waiting for the applicant, submitted, or whose payment failed can be terminated.`,
  );
}
