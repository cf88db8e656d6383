import { sql, type Kysely } from 'kysely';

// Statements of an earlier migration that a later one replaced and whose down puts back (not a migration itself:
// index.ts lists those), written once so that what a down puts back is the original, as triggers.ts does for the
// quiet list-version bump.

/**
 * The application list indexes that carry the applicant's name (the organisation's list, one countersignatory's,
 * the trigram index for "contains"), as migration 0010 made them before 0013 moved them to the lower-cased copy:
 * created by 0010, put back by 0013's down. The trigram index needs the `pg_trgm` extension.
 */
export async function createNameListIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`create index applications_organisation_list on applications
    (organisation_code, status_last_changed desc, id) include (type_code, status, applicant_name)
    where status <> 'DRAFT'`.execute(db);
  await sql`create index applications_countersignatory_list on applications
    (countersignatory_id, status_last_changed desc, id) include (type_code, status, organisation_code)
    where status <> 'DRAFT'`.execute(db);
  await sql`create index applications_applicant_name_trgm on applications
    using gin (applicant_name gin_trgm_ops)`.execute(db);
}

/**
 * The results summary's indexes (an organisation's released results in the summary's order, and one
 * countersignatory's), as migration 0010 made them before 0018 made them carry what the summary's filters read:
 * created by 0010, put back by 0018's down.
 */
export async function createResultListIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`create index results_organisation_list on results
    (organisation_code, date_of_issue desc, created_at desc, id)
    where released_to_organisation_at is not null`.execute(db);
  await sql`create index results_countersignatory_list on results
    (countersignatory_id, date_of_issue desc, created_at desc, id)
    where released_to_organisation_at is not null`.execute(db);
}

/**
 * The applications module's read view, as migration 0012 made it before 0013 added `applicant_name_search` at its
 * end: created by 0012, put back by 0013's down.
 */
export async function createApplicationFactsView(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view application_facts as
    select id, reference, type_code, status, channel, organisation_code, countersignatory_id, applicant_user_id,
      applicant_name, created_at, status_last_changed, expired_duration_days, link_id, result_id, data,
      applicant_data
    from applications`.execute(db);
}
