import { hasApplicationExpired } from '@dis/domain';
import type { Db } from '../../platform/db/database';

/** Internal status of an organisation draft before hand-over; never listed (the spec's statuses start at WITH_APPLICANT). */
export const DRAFT_STATUS = 'DRAFT';

export type Executor = Db;

export function findApplication(db: Executor, id: string, lock = false) {
  const query = db.selectFrom('applications').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function findApplicationByLinkId(db: Executor, linkId: string) {
  return db.selectFrom('applications').selectAll().where('link_id', '=', linkId).executeTakeFirst();
}

export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

export async function organisationQualifiesAsVoluntary(db: Executor, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('registered_bodies')
    .select('qualifying_voluntary')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.qualifying_voluntary === true;
}

export function activePayment(db: Executor, applicationId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('active', '=', true)
    .executeTakeFirst();
}

export function latestPayment(db: Executor, applicationId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof activePayment>>>;

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
