import { sql, type Kysely } from 'kysely';
import { createApplicationFactsView } from './replaced';

/**
 * Read views: how a module reads another module's rows when a list needs them joined in one statement (decision
 * 0029). Each view belongs to the module that owns its table, names only the columns others may read, and is
 * never written through (the API's types refuse it). PostgreSQL inlines a plain view into the statement that
 * uses it, so a join through a view is planned exactly as the join to the table, with the same indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The applications module's rows: the lists of results, batches and casework join them.
  await createApplicationFactsView(db);
  // The results module's facts that decide an application's status in the lists (never a result's content).
  await sql`
    create view result_facts as
    select id, application_id, disclosure_type_code, released_to_organisation_at, organisation_viewed_at,
      first_viewed_at, shared_at, review_requested_at, review_decision
    from results`.execute(db);
  // The organisations module's register: an organisation's name, a countersignatory's code.
  await sql`create view organisation_facts as select code, name from registered_bodies`.execute(db);
  await sql`
    create view countersignatory_facts as
    select id, registered_body_code, countersignatory_code from countersignatories`.execute(db);
  // The payments module's settled payments (the reconciliation finds paid drafts never handed over).
  await sql`
    create view payment_facts as
    select application_id, payment_type, state, finished_at from payments`.execute(db);
  // The sharing module's shares, as a recipient's link needs them.
  await sql`
    create view share_facts as
    select id, result_id, revoked_at, recipient_phone from result_shares`.execute(db);
}
