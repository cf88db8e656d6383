import { sql, type Kysely } from 'kysely';
import { createResultListIndexes } from './replaced';
import { createTriggerWithFunction } from './triggers';

/**
 * The results summary is searched and paged from the results table alone (docs/decisions/0037-name-search-by-words.md).
 *
 * - Each result holds the lower-cased name of its application's applicant (`applicant_name_search`), copied by the
 *   database: when a result is added (or moved to another application), and whenever the application's name
 *   changes. No module writes another's table for it, and every writer is covered. A name search of the summary
 *   then looks at released results only, not at every application with that name.
 * - The summary's indexes carry what its filters read: the application (a Level 1 countersignatory's types are asked
 *   of the applications by id), the countersignatory ("my results", a countersignatory code), whether the
 *   organisation has viewed it, and the name. A page and its bounded count are read from the index alone: page 500
 *   no longer reads 10,000 results from the table.
 * - The name's word-edge and trigram indexes, as on applications (migrations 0013 and 0017), for released results.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table results add column applicant_name_search text`.execute(db);
  // The copy changes nothing a list shows (the name shown is the application's): the list-version trigger is held
  // for it, rather than counting two versions for each result, and each organisation's version moves once after.
  await sql`alter table results disable trigger results_list_changed`.execute(db);
  await sql`update results r set applicant_name_search = a.applicant_name_search
    from applications a where a.id = r.application_id`.execute(db);
  await sql`alter table results enable trigger results_list_changed`.execute(db);
  await sql`select bump_organisation_list_version(code)
    from (select distinct organisation_code as code from results) organisations`.execute(db);

  await createTriggerWithFunction(db, {
    name: 'results_take_applicant_name',
    timing: 'before insert or update of application_id',
    table: 'results',
    body: `      new.applicant_name_search := (select a.applicant_name_search from applications a where a.id = new.application_id);
      return new;`,
  });
  await createTriggerWithFunction(db, {
    name: 'applications_name_to_results',
    timing: 'after update of applicant_name',
    table: 'applications',
    when: 'old.applicant_name is distinct from new.applicant_name',
    body: `      update results set applicant_name_search = new.applicant_name_search
        where application_id = new.id and applicant_name_search is distinct from new.applicant_name_search;
      return null;`,
  });

  await sql`drop index if exists results_organisation_list`.execute(db);
  await sql`create index results_organisation_list on results
    (organisation_code, date_of_issue desc, created_at desc, id)
    include (application_id, countersignatory_id, organisation_viewed_at, applicant_name_search)
    where released_to_organisation_at is not null`.execute(db);
  await sql`drop index if exists results_countersignatory_list`.execute(db);
  await sql`create index results_countersignatory_list on results
    (countersignatory_id, date_of_issue desc, created_at desc, id)
    include (application_id, organisation_code, organisation_viewed_at, applicant_name_search)
    where released_to_organisation_at is not null`.execute(db);
  await sql`create index results_applicant_name_words on results
    using gin (applicant_name_words(applicant_name_search)) where released_to_organisation_at is not null`.execute(
    db,
  );
  await sql`create index results_applicant_name_search_trgm on results
    using gin (applicant_name_search gin_trgm_ops) where released_to_organisation_at is not null`.execute(db);
  await sql`analyze results`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists applications_name_to_results on applications`.execute(db);
  await sql`drop function if exists applications_name_to_results()`.execute(db);
  await sql`drop trigger if exists results_take_applicant_name on results`.execute(db);
  await sql`drop function if exists results_take_applicant_name()`.execute(db);
  // Dropping the column drops the indexes that carry it; migration 0010's are put back.
  await sql`alter table results drop column applicant_name_search`.execute(db);
  await createResultListIndexes(db);
}
