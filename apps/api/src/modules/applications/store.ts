import { sql } from 'kysely';
import { pageOfList, readListPage } from '../../platform/db/list-page';
import { nameContains } from '../../platform/db/name-search';
import { filteredPageKey, organisationListPage } from '../../platform/list-cache';
import type { Db } from '../../platform/db/database';
import {
  APPLICATION_COLUMNS,
  DRAFT_STATUS,
  type Application,
  type ApplicationChanges,
  type NewApplication,
} from './record';

/** A row of the record's columns as the module's record: a fresh copy of its creation time, as read. */
function toApplication(row: Application): Application {
  return { ...row, created_at: new Date(row.created_at) };
}

const toRecord = (row: Application | undefined) => (row ? toApplication(row) : undefined);

/** An application by its id or by its link id, locked for the rest of the transaction when asked. */
async function findBy(db: Db, column: 'id' | 'link_id', value: string, lock: boolean) {
  const query = db.selectFrom('applications').select(APPLICATION_COLUMNS).where(column, '=', value);
  return toRecord(await (lock ? query.forUpdate() : query).executeTakeFirst());
}

export function findApplication(db: Db, id: string, lock = false): Promise<Application | undefined> {
  return findBy(db, 'id', id, lock);
}

/** A handed-over application by the link identifier of its email. */
export function findApplicationByLinkId(
  db: Db,
  linkId: string,
  lock = false,
): Promise<Application | undefined> {
  return findBy(db, 'link_id', linkId, lock);
}

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

/** The RESULT_ statuses by the facts of the issued result: which of its dates is set (true) or not (false). */
const RESULT_STATUS_FACTS = new Map<
  string,
  [fact: 'released_to_organisation_at' | 'organisation_viewed_at', set: boolean][]
>([
  ['RESULT_ISSUED', [['released_to_organisation_at', false]]],
  [
    'RESULT_READY',
    [
      ['released_to_organisation_at', true],
      ['organisation_viewed_at', false],
    ],
  ],
  ['RESULT_VIEWED', [['organisation_viewed_at', true]]],
]);

/**
 * The matching applications, from the applications table alone (the result and countersignatory filters are
 * sub-queries), so that a page or a count can be answered from the list indexes without reading the table.
 */
function filtered(db: Db, filter: SummaryFilter) {
  let query = db
    .selectFrom('applications')
    // Organisation drafts are not applications yet: they appear once handed over (or their payment failed).
    // A literal, so that the planner can use the list indexes, which leave drafts out.
    .where(sql<boolean>`applications.status <> ${sql.lit(DRAFT_STATUS)}`);
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
  // An issued result's facts decide the RESULT_ statuses (decision 0011).
  const facts = filter.status ? RESULT_STATUS_FACTS.get(filter.status) : undefined;
  if (facts)
    query = query.where((eb) => {
      let results = eb
        .selectFrom('result_facts as results')
        .select('results.id')
        .whereRef('results.application_id', '=', 'applications.id');
      for (const [fact, set] of facts)
        results = results.where(`results.${fact}`, set ? 'is not' : 'is', null);
      return eb.exists(results);
    });
  else if (filter.status) query = query.where('applications.status', '=', filter.status);
  if (filter.csgCode)
    query = query.where(
      'applications.countersignatory_id',
      'in',
      db
        .selectFrom('countersignatory_facts as countersignatories')
        .select('countersignatories.id')
        .where('countersignatories.countersignatory_code', '=', filter.csgCode),
    );
  if (filter.applicantName) {
    query = query.where(nameContains('applications.applicant_name_search', filter.applicantName));
  }
  return query;
}

/**
 * The statement of a list page: the page's rows (their ids found first, from an index, then joined to the facts
 * shown, so a deep page never joins the rows it skips), each carrying the count that stops after the bound; and
 * that count alone, for a page past the end.
 *
 * Without a name, the page and the count are found separately, each the cheapest way (the page from the top of a
 * list index, the count by whichever plan suits the filter). With a name, the matches are found once, in list
 * order and only up to one past the bound, and both paged and counted: a name is matched either by walking the
 * list index (a common name) or through the trigram or word-edge index (a rare one, decision 0037), and either costs
 * the same for the page as for the count, so doing it twice would double the cost of every search (`listPage`).
 */
export function summaryStatements(db: Db, filter: SummaryFilter, page: number, pageSize: number) {
  // Counts stop at a bound rather than counting every match of a large organisation on every page
  // (docs/decisions/0024-fast-lists.md): enough for the pages up to the one asked for and some beyond it.
  let matches = filtered(db, filter).select(sql<number>`1`.as('one'));
  // In list order, the count walks the list index that finds the page (or the filter's own index) up to the bound,
  // rather than scanning the table for the first rows that match. Not for a result status: its matches are found
  // from the results side (a join in id order), which list order would turn into a probe per application.
  if (!filter.status?.startsWith('RESULT_'))
    matches = matches.orderBy('applications.status_last_changed', 'desc').orderBy('applications.id');
  const inListOrder = filtered(db, filter)
    .select(['applications.id as page_id', 'applications.status_last_changed as page_changed'])
    .orderBy('applications.status_last_changed', 'desc')
    .orderBy('applications.id');
  const { pageIds, count, bound } = pageOfList(
    db,
    inListOrder,
    [
      ['page_changed', 'desc'],
      ['page_id', 'asc'],
    ],
    { matches, findOnce: Boolean(filter.applicantName), page, pageSize },
  );
  const rows = db
    .selectFrom(pageIds)
    .innerJoin('applications', 'applications.id', 'page.page_id')
    .leftJoin(
      'organisation_facts as registered_bodies',
      'registered_bodies.code',
      'applications.organisation_code',
    )
    // The facts of an issued result that decide each side's status (never its content).
    .leftJoin('result_facts as results', 'results.application_id', 'applications.id')
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
      'page.total',
    ])
    .orderBy('page.page_changed', 'desc')
    .orderBy('page.page_id');
  return { rows, count, bound };
}

/**
 * A page of the list and its count. An organisation's pages are kept by the organisation's list version
 * (platform/list-cache): an identical request answers from the kept rows until something the list shows changes.
 */
export function listSummaries(db: Db, filter: SummaryFilter, page: number, pageSize: number) {
  if (!filter.organisationCode) return readSummaries(db, filter, page, pageSize);
  return organisationListPage(
    db,
    filter.organisationCode,
    filteredPageKey('applications', filter, page, pageSize),
    () => readSummaries(db, filter, page, pageSize),
  );
}

function readSummaries(db: Db, filter: SummaryFilter, page: number, pageSize: number) {
  return readListPage(summaryStatements(db, filter, page, pageSize), page);
}

// ---------- application rows: drafts, linking, payment state, hand-over, expiry ----------

/** Adds an application row (a new draft). */
export async function insertApplication(db: Db, values: NewApplication): Promise<void> {
  const { created_at: createdAt, ...rest } = values;
  await db
    .insertInto('applications')
    .values({ ...rest, ...(createdAt ? { created_at: createdAt as never } : {}) })
    .execute();
}

/** Changes an application row and returns it as it now is. */
export async function updateApplication(
  db: Db,
  id: string,
  changes: ApplicationChanges,
): Promise<Application> {
  return toApplication(
    await db
      .updateTable('applications')
      .set(changes)
      .where('id', '=', id)
      .returning(APPLICATION_COLUMNS)
      .executeTakeFirstOrThrow(),
  );
}

/** Changes an application row. */
export async function setApplication(db: Db, id: string, changes: ApplicationChanges): Promise<void> {
  await db.updateTable('applications').set(changes).where('id', '=', id).execute();
}

/**
 * The expiry job's statement: organisation-started applications still waiting for the applicant 14 days (their
 * expired_duration_days) after the hand-over become EXPIRED. Returns how many.
 */
export async function expireOverdueApplications(db: Db, now: Date): Promise<number> {
  const result = await db
    .updateTable('applications')
    .set({ status: 'EXPIRED', status_last_changed: now })
    .where('status', 'in', ['WITH_APPLICANT', 'READY_TO_START'])
    .where('link_id', 'is not', null)
    .where('expired_duration_days', 'is not', null)
    .where(sql<boolean>`status_last_changed + expired_duration_days * interval '1 day' <= ${now}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Submitted applications whose identity documents were due by `now` and never received (decision 0055), oldest
 * due first, through the partial index of migration 0025.
 */
export function overdueIdentityDocuments(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('applications')
    .select(['id', 'reference', 'applicant_user_id', 'identity_documents_due_at'])
    .where('identity_documents_due_at', 'is not', null)
    .where('identity_documents_due_at', '<=', now)
    .where('status', '=', 'SUBMITTED')
    .orderBy('identity_documents_due_at')
    .limit(limit)
    .execute();
}

/** Cancels one such application, if it still is one (locked, checked again): TERMINATED, nothing awaited. */
export async function cancelForMissingDocuments(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ status: 'TERMINATED', status_last_changed: now, identity_documents_due_at: null })
    .where('id', '=', id)
    .where('status', '=', 'SUBMITTED')
    .where('identity_documents_due_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The applicant's parts of their latest applications, newest first. */
export function latestApplicantParts(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('applications')
    .select(['applicant_data'])
    .where('applicant_user_id', '=', userId)
    .where('applicant_data', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Organisation drafts paid by card (the countersignatory paid, the browser's return settled it) that were never
 * handed over: their successful payment finished before `finishedBy`.
 */
export function paidDraftsNotHandedOver(db: Db, finishedBy: Date, limit: number) {
  return db
    .selectFrom('applications')
    .select('applications.id')
    .where('applications.status', '=', DRAFT_STATUS)
    .where('applications.link_id', 'is', null)
    .where(sql<boolean>`applications.data -> 'payment' ->> 'type' = 'CARD_CSG'`)
    .where(sql<boolean>`applications.data -> 'payment' ->> 'status' = 'SUCCESS'`)
    .where(sql<boolean>`(applications.data -> 'declaration' ->> 'agreed') = 'true'`)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('payment_facts as payments')
          .select('payments.application_id')
          .whereRef('payments.application_id', '=', 'applications.id')
          .where('payments.payment_type', '=', 'CARD_CSG')
          .where('payments.state', '=', 'success')
          .where('payments.finished_at', '<=', finishedBy),
      ),
    )
    .limit(limit)
    .execute();
}

/**
 * Handed-over applications not yet submitted that expire after `now` and by `by` (the reminders before expiry),
 * soonest first.
 */
export async function expiringApplications(
  db: Db,
  now: Date,
  by: Date,
  limit: number,
): Promise<Application[]> {
  const expiry = sql<Date>`status_last_changed + expired_duration_days * interval '1 day'`;
  const rows = await db
    .selectFrom('applications')
    .select(APPLICATION_COLUMNS)
    .where('status', 'in', ['WITH_APPLICANT', 'READY_TO_START'])
    .where('link_id', 'is not', null)
    .where('expired_duration_days', 'is not', null)
    .where(expiry, '>', now)
    .where(expiry, '<=', by)
    .orderBy(expiry)
    .limit(limit)
    .execute();
  return rows.map(toApplication);
}
