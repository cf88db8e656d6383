import { sql, type Kysely } from 'kysely';

/**
 * The organisation list's result statuses (decision 0011: RESULT_ISSUED, RESULT_READY, RESULT_VIEWED) each match
 * the applications whose result is in one state. Their matches are found from the results side (decision 0024), and
 * without an index for the state that meant reading the results table until enough matched: at a million
 * applications a sequential scan that the count's bound stopped early. Each state now has a partial index of the
 * results in it, by application, so the page and its bounded count read only those results.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index results_unreleased_application on results (application_id)
    where released_to_organisation_at is null`.execute(db);
  await sql`create index results_ready_application on results (application_id)
    where released_to_organisation_at is not null and organisation_viewed_at is null`.execute(db);
  await sql`create index results_viewed_application on results (application_id)
    where organisation_viewed_at is not null`.execute(db);
  await sql`analyze results`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists results_viewed_application`.execute(db);
  await sql`drop index if exists results_ready_application`.execute(db);
  await sql`drop index if exists results_unreleased_application`.execute(db);
}
