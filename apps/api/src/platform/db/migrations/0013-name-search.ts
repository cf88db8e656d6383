import { sql, type Kysely } from 'kysely';
import { createApplicationFactsView, createNameListIndexes } from './replaced';

/**
 * Name search on a lower-cased copy of the applicant's name (docs/decisions/0024-fast-lists.md): the lists'
 * "contains, any case" filter becomes `applicant_name_search LIKE lower(pattern)`, which matches exactly what
 * `applicant_name ILIKE pattern` matched (ILIKE lower-cases both sides the same way) at a tenth of the cost per row,
 * so a search that walks the organisation's list index is cheap. The copy is a generated column: no writer sets it.
 * The list indexes carry it instead of the name, and the trigram index moves to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table applications
    add column applicant_name_search text generated always as (lower(applicant_name)) stored`.execute(db);

  await sql`drop index if exists applications_organisation_list`.execute(db);
  await sql`create index applications_organisation_list on applications
    (organisation_code, status_last_changed desc, id) include (type_code, status, applicant_name_search)
    where status <> 'DRAFT'`.execute(db);
  await sql`drop index if exists applications_countersignatory_list`.execute(db);
  await sql`create index applications_countersignatory_list on applications
    (countersignatory_id, status_last_changed desc, id)
    include (type_code, status, organisation_code, applicant_name_search)
    where status <> 'DRAFT'`.execute(db);
  await sql`drop index if exists applications_applicant_name_trgm`.execute(db);
  await sql`create index applications_applicant_name_search_trgm on applications
    using gin (applicant_name_search gin_trgm_ops)`.execute(db);

  // Other modules' stores search through the read view (decision 0029): it gains the column at its end.
  await sql`
    create or replace view application_facts as
    select id, reference, type_code, status, channel, organisation_code, countersignatory_id, applicant_user_id,
      applicant_name, created_at, status_last_changed, expired_duration_days, link_id, result_id, data,
      applicant_data, applicant_name_search
    from applications`.execute(db);
  await sql`analyze applications`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view application_facts`.execute(db);
  await createApplicationFactsView(db);
  // Dropping the column drops the indexes that carry it; migration 0010's are put back.
  await sql`alter table applications drop column applicant_name_search`.execute(db);
  await createNameListIndexes(db);
}
