import { RESULT_ID_PATTERN } from '@dis/domain/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { pageOfList, readListPage } from '../../platform/db/list-page';
import { nameContains } from '../../platform/db/name-search';
import type { Db } from '../../platform/db/database';
import { columnOf } from '../../platform/db/rows';
import { filteredPageKey, organisationListPage } from '../../platform/list-cache';
import type { ResultsTable } from '../../platform/db/schema';
import type { SealedContent } from './content';

// The only code that reads or writes results and result_contents.

export type ResultRow = Selectable<ResultsTable>;
export type NewResult = Insertable<ResultsTable>;

export async function insertResult(db: Db, row: NewResult, sealed: SealedContent): Promise<void> {
  await db.insertInto('results').values(row).execute();
  await db
    .insertInto('result_contents')
    .values({ result_id: row.id, ...sealed })
    .execute();
}

export async function findResult(db: Db, id: string, lock = false) {
  // Not a UUID: no such result (and never a database error).
  if (!RESULT_ID_PATTERN.test(id)) return undefined;
  const query = db.selectFrom('results').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function findResultByApplication(db: Db, applicationId: string) {
  return db.selectFrom('results').selectAll().where('application_id', '=', applicationId).executeTakeFirst();
}

export async function findContent(db: Db, resultId: string): Promise<SealedContent | undefined> {
  return db
    .selectFrom('result_contents')
    .select(['key_id', 'iv', 'auth_tag', 'ciphertext'])
    .where('result_id', '=', resultId)
    .executeTakeFirst();
}

export async function replaceContent(db: Db, resultId: string, sealed: SealedContent): Promise<void> {
  await db.updateTable('result_contents').set(sealed).where('result_id', '=', resultId).execute();
}

/**
 * Changes a result only while `unless` columns are still null: the guard that makes a first view, a release or
 * a decision happen once even when two requests or two job workers race. Returns whether it changed.
 */
export async function updateResultOnce(
  db: Db,
  id: string,
  changes: Updateable<ResultsTable>,
  unless:
    'first_viewed_at' | 'basic_opened_at' | 'organisation_viewed_at' | 'released_to_organisation_at' | null,
): Promise<boolean> {
  let query = db.updateTable('results').set(changes).where('id', '=', id);
  if (unless) query = query.where(unless, 'is', null);
  const done = await query.executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

const summaryColumns = [
  'results.id',
  'results.disclosure_type_code',
  'results.date_of_issue',
  'results.scheme_membership_number',
  'results.first_viewed_at',
  'results.organisation_viewed_at',
  'results.released_to_organisation_at',
  'results.review_requested_at',
  'results.review_decision',
  'results.shared_at',
  'applications.reference',
  'applications.applicant_name',
] as const;

export function listApplicantResults(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('results')
    .innerJoin('application_facts as applications', 'applications.id', 'results.application_id')
    .select(summaryColumns)
    .where('results.applicant_user_id', '=', userId)
    .orderBy('results.created_at', 'desc')
    .orderBy('results.id')
    .limit(limit)
    .execute();
}

export interface OrganisationResultsFilter {
  organisationCode: string;
  /** Only this countersignatory's applications ("my results"). */
  countersignatoryId?: string;
  /** Only these application types (a Level 1 countersignatory sees Level 1 only). */
  applicationTypes?: readonly string[];
  applicantName?: string;
  csgCode?: string;
  dateOfIssue?: string;
  viewedStatus?: 'VIEWED' | 'NOT_VIEWED';
}

/**
 * Results released to an organisation, newest first. Pages are kept by the organisation's list version
 * (platform/list-cache): an identical request answers from the kept rows until something the summary shows changes.
 */
export function listOrganisationResults(
  db: Db,
  filter: OrganisationResultsFilter,
  page: number,
  pageSize: number,
) {
  return organisationListPage(
    db,
    filter.organisationCode,
    filteredPageKey('results', filter, page, pageSize),
    () => readOrganisationResults(db, filter, page, pageSize),
  );
}

/** The countersignatories with this code (a filter's `IN` sub-query). */
const withCode = (db: Db, csgCode: string) =>
  db
    .selectFrom('countersignatory_facts as countersignatories')
    .select('countersignatories.id')
    .where('countersignatories.countersignatory_code', '=', csgCode);

/** The applications of these types (a filter's `IN` sub-query). */
const ofTypes = (db: Db, types: readonly string[]) =>
  db
    .selectFrom('application_facts as applications')
    .select('applications.id')
    .where('applications.type_code', 'in', [...types]);

/**
 * The results of the summary's filters, from the results table alone: the application's types and the
 * countersignatory's code asked for by a filter are `IN` sub-queries, and the name is the copy each result holds, so
 * a page's results are found from the summary's index (`results_organisation_list` or
 * `results_countersignatory_list`, which carry what the filters read; migration 0018) and only the page's rows are
 * joined to their facts.
 */
function matchingResults(db: Db, filter: OrganisationResultsFilter) {
  let query = db
    .selectFrom('results')
    .where('results.organisation_code', '=', filter.organisationCode)
    .where('results.released_to_organisation_at', 'is not', null);
  if (filter.countersignatoryId)
    query = query.where('results.countersignatory_id', '=', filter.countersignatoryId);
  if (filter.dateOfIssue) query = query.where('results.date_of_issue', '=', filter.dateOfIssue);
  if (filter.viewedStatus === 'VIEWED') query = query.where('results.organisation_viewed_at', 'is not', null);
  if (filter.viewedStatus === 'NOT_VIEWED') query = query.where('results.organisation_viewed_at', 'is', null);
  if (filter.csgCode) query = query.where('results.countersignatory_id', 'in', withCode(db, filter.csgCode));
  if (filter.applicationTypes)
    query = query.where('results.application_id', 'in', ofTypes(db, filter.applicationTypes));
  // The name the result holds: its application's, copied by the database (migration 0018).
  if (filter.applicantName)
    query = query.where(nameContains('results.applicant_name_search', filter.applicantName));
  return query;
}

/**
 * The statements of a results summary page: the page's rows, each carrying the count that stops after the bound,
 * and that count alone (for an empty page past the first). As for the applications list (decision 0024): the page's
 * ids come first, from the index; with a name, the matches are found once (a materialised CTE, up to one past the
 * bound) and both paged and counted. Exported for the scale bench's EXPLAIN.
 */
export function resultsSummaryStatements(
  db: Db,
  filter: OrganisationResultsFilter,
  page: number,
  pageSize: number,
) {
  // Counted up to a bound, never every released result of a large organisation (decision 0024), in list order, so
  // the count walks the summary's index up to the bound instead of scanning the table.
  const inListOrder = matchingResults(db, filter)
    .select([
      'results.id as page_id',
      'results.date_of_issue as page_issued',
      'results.created_at as page_created',
    ])
    .orderBy('results.date_of_issue', 'desc')
    .orderBy('results.created_at', 'desc')
    .orderBy('results.id');
  const { pageIds, count, bound } = pageOfList(
    db,
    inListOrder,
    [
      ['page_issued', 'desc'],
      ['page_created', 'desc'],
      ['page_id', 'asc'],
    ],
    { findOnce: Boolean(filter.applicantName), page, pageSize },
  );
  const rows = db
    .selectFrom(pageIds)
    .innerJoin('results', 'results.id', 'page.page_id')
    .innerJoin('application_facts as applications', 'applications.id', 'results.application_id')
    .leftJoin(
      'countersignatory_facts as countersignatories',
      'countersignatories.id',
      'results.countersignatory_id',
    )
    .select([...summaryColumns, 'countersignatories.countersignatory_code', 'page.total'])
    .orderBy('page.page_issued', 'desc')
    .orderBy('page.page_created', 'desc')
    .orderBy('page.page_id');
  return { rows, count, bound };
}

function readOrganisationResults(db: Db, filter: OrganisationResultsFilter, page: number, pageSize: number) {
  return readListPage(resultsSummaryStatements(db, filter, page, pageSize), page);
}

/** Results still held back whose scheduled pending release date has come (the release job's work list). */
export function listDueForRelease(db: Db, today: string, limit: number) {
  return db
    .selectFrom('results')
    .select('id')
    .where('released_to_organisation_at', 'is', null)
    .where('scheduled_pending_release_date', 'is not', null)
    .where('scheduled_pending_release_date', '<=', today)
    .orderBy('scheduled_pending_release_date')
    .limit(limit)
    .execute();
}

export async function applicationReference(db: Db, applicationId: string): Promise<string> {
  const row = await db
    .selectFrom('application_facts')
    .select('reference')
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return row.reference;
}

export function applicationOf(db: Db, applicationId: string) {
  return db
    .selectFrom('application_facts')
    .select(['reference', 'type_code'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
}

/** The registered body's name, for the organisation a result is shared with. */
export async function organisationName(db: Db, code: string | null): Promise<string | null> {
  if (code === null) return null;
  return (await columnOf(db, 'organisation_facts', 'name', ['code', code])) ?? null;
}

/** The application reference and disclosure number of each result named. */
export function referencesOf(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('results')
    .innerJoin('application_facts as applications', 'applications.id', 'results.application_id')
    .select(['results.id', 'results.disclosure_number', 'applications.reference'])
    .where('results.id', 'in', [...ids])
    .execute();
}

/**
 * Results that may need a reminder now (the exact window is the domain's): not yet viewed and ready at least
 * `unviewedSince` ago but after `unviewedAfter`; viewed after `viewedAfter` (so still viewable); shareable and never
 * shared with a share expiry date from `shareFrom`; or held back for an intended appeal with no outcome yet.
 */
export function reminderCandidates(
  db: Db,
  bounds: { unviewedSince: Date; unviewedAfter: Date; viewedAfter: Date; shareFrom: string },
  limit: number,
) {
  return db
    .selectFrom('results')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([
          eb('first_viewed_at', 'is', null),
          eb('basic_opened_at', 'is', null),
          eb('created_at', '<=', bounds.unviewedSince),
          eb('created_at', '>', bounds.unviewedAfter),
        ]),
        eb.and([eb('first_viewed_at', '>', bounds.viewedAfter), eb('disclosure_type_code', '<>', 'BD')]),
        eb.and([
          eb('shareable', '=', true),
          eb('shared_at', 'is', null),
          eb('share_expiry_date', '>=', bounds.shareFrom),
        ]),
        eb.and([eb('appeal_decision', '=', 'INTENDS_TO_APPEAL'), eb('appeal_outcome', 'is', null)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
