import { sql, type Kysely } from 'kysely';
import { createNameListIndexes, createResultListIndexes } from './replaced';

/**
 * Indexes that match the list queries, so a list at a million applications reads one page of an index instead
 * of scanning and sorting the table (docs/decisions/0024-fast-lists.md). Every list index excludes organisation
 * drafts (which no list shows) and ends with the sort order and its tie-breaker; the columns the lists filter on
 * as well are included, so counting and paging can be answered from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Name search ("contains", any case) has a trigram index. The embedded engine loads the same extension (the
  // database module passes it to PGlite), so both engines have it.
  await sql`create extension if not exists pg_trgm`.execute(db);
  // The organisation's list, newest change first; "only mine", one countersignatory's applications; the name's
  // trigram index.
  await createNameListIndexes(db);
  // The organisation's list within one status (the status filter).
  await sql`create index applications_organisation_status_list on applications
    (organisation_code, status, status_last_changed desc, id) include (type_code)
    where status <> 'DRAFT'`.execute(db);
  // The applicant's own list.
  await sql`create index applications_applicant_list on applications
    (applicant_user_id, status_last_changed desc, id)
    where status <> 'DRAFT'`.execute(db);

  // Results released to an organisation, in the results summary's order; and one countersignatory's.
  await createResultListIndexes(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'results_countersignatory_list',
    'results_organisation_list',
    'applications_applicant_name_trgm',
    'applications_applicant_list',
    'applications_countersignatory_list',
    'applications_organisation_status_list',
    'applications_organisation_list',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
