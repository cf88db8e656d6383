import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { columnOf } from '../../platform/db/rows';
// Organisation drafts are not applications yet.
import { DRAFT_STATUS } from '../applications/service';

// The only casework SQL: the sent applications casework sees (through the applications' read view, decision
// 0029) and delay reasons. Status changes go through the applications service.

/** The applicant's declaration, stored in applicant_data. */
const declaredByApplicant = sql<boolean>`coalesce((applications.applicant_data -> 'declaration' ->> 'agreed') = 'true', false)`;

const columns = [
  'applications.id',
  'applications.reference',
  'applications.type_code',
  'applications.status',
  'applications.channel',
  'applications.organisation_code',
  'applications.countersignatory_id',
  'applications.applicant_user_id',
  'applications.applicant_name',
  'applications.created_at',
  'applications.status_last_changed',
  'applications.expired_duration_days',
  'applications.link_id',
  'applications.data',
  'applications.applicant_data',
  'registered_bodies.name as organisation_name',
  'casework_delays.reason as delay_reason',
] as const;

function sent(db: Db) {
  return db
    .selectFrom('application_facts as applications')
    .leftJoin(
      'organisation_facts as registered_bodies',
      'registered_bodies.code',
      'applications.organisation_code',
    )
    .leftJoin('casework_delays', 'casework_delays.application_id', 'applications.id')
    .where('applications.status', '!=', DRAFT_STATUS)
    .where((eb) => eb.or([eb('applications.link_id', 'is not', null), declaredByApplicant]));
}

/**
 * Sent applications, newest first: handed over to the applicant by an organisation (it has a sign-in link), or
 * declared by the applicant who started it. Drafts still being filled in are never listed.
 */
export function listSent(db: Db, limit: number) {
  return sent(db)
    .select(columns)
    .orderBy('applications.created_at', 'desc')
    .orderBy('applications.reference', 'desc')
    .limit(limit)
    .execute();
}

export function findSent(db: Db, reference: string, lock = false) {
  const query = sent(db).select(columns).where('applications.reference', '=', reference);
  return (lock ? query.forUpdate('applications') : query).executeTakeFirst();
}

export type SentRow = NonNullable<Awaited<ReturnType<typeof findSent>>>;

export function findSentById(db: Db, id: string) {
  return sent(db).select(columns).where('applications.id', '=', id).executeTakeFirst();
}

export async function saveDelayReason(
  db: Db,
  applicationId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('casework_delays')
    .values({ application_id: applicationId, reason, recorded_at: now })
    .onConflict((oc) => oc.column('application_id').doUpdateSet({ reason, recorded_at: now }))
    .execute();
}

export async function delayReason(db: Db, applicationId: string): Promise<string | null> {
  return (await columnOf(db, 'casework_delays', 'reason', ['application_id', applicationId])) ?? null;
}
