import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { DRAFT_STATUS } from './draft-store';

export interface SummaryFilter {
  organisationCode?: string;
  countersignatoryId?: string;
  applicantUserId?: string;
  applicantName?: string;
  status?: string;
  csgCode?: string;
  /** Only these application types (the ones the caller's role may reach); an empty list matches nothing. */
  typeCodes?: readonly string[];
}

function filtered(db: Db, filter: SummaryFilter) {
  let query = db
    .selectFrom('applications')
    .leftJoin('registered_bodies', 'registered_bodies.code', 'applications.organisation_code')
    .leftJoin('countersignatories', 'countersignatories.id', 'applications.countersignatory_id')
    // The facts of an issued result that decide each side's status (never its content).
    .leftJoin('results', 'results.application_id', 'applications.id')
    // Organisation drafts are not applications yet: they appear once handed over (or their payment failed).
    .where('applications.status', '!=', DRAFT_STATUS);
  if (filter.organisationCode)
    query = query.where('applications.organisation_code', '=', filter.organisationCode);
  if (filter.countersignatoryId)
    query = query.where('applications.countersignatory_id', '=', filter.countersignatoryId);
  if (filter.applicantUserId)
    query = query.where('applications.applicant_user_id', '=', filter.applicantUserId);
  if (filter.typeCodes)
    query =
      filter.typeCodes.length > 0
        ? query.where('applications.type_code', 'in', filter.typeCodes)
        : query.where(sql<boolean>`false`);
  if (filter.status === 'RESULT_ISSUED')
    query = query
      .where('results.id', 'is not', null)
      .where('results.released_to_organisation_at', 'is', null);
  else if (filter.status === 'RESULT_READY')
    query = query
      .where('results.released_to_organisation_at', 'is not', null)
      .where('results.organisation_viewed_at', 'is', null);
  else if (filter.status === 'RESULT_VIEWED')
    query = query.where('results.organisation_viewed_at', 'is not', null);
  else if (filter.status) query = query.where('applications.status', '=', filter.status);
  if (filter.csgCode) query = query.where('countersignatories.countersignatory_code', '=', filter.csgCode);
  if (filter.applicantName) {
    const escaped = filter.applicantName.replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where('applications.applicant_name', 'ilike', `%${escaped}%`);
  }
  return query;
}

export async function listSummaries(db: Db, filter: SummaryFilter, page: number, pageSize: number) {
  const base = filtered(db, filter);
  const [rows, count] = await Promise.all([
    base
      .select([
        'applications.id',
        'applications.reference',
        'applications.applicant_name',
        'applications.status',
        'applications.type_code',
        'applications.status_last_changed',
        'applications.expired_duration_days',
        'registered_bodies.name as organisation_name',
        sql<string | null>`applications.data -> 'payment' ->> 'type'`.as('online_payment_type'),
        'results.id as result_id',
        'results.disclosure_type_code as result_type',
        'results.released_to_organisation_at',
        'results.organisation_viewed_at',
        'results.first_viewed_at',
        'results.shared_at',
        'results.review_requested_at',
        'results.review_decision',
      ])
      .orderBy('applications.status_last_changed', 'desc')
      .orderBy('applications.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
