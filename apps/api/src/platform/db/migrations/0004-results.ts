import { sql, type Kysely } from 'kysely';

/**
 * Results: what casework issued for an application, with the facts that rules and lists query as
 * columns (views, release, appeal, review), and the criminal-record content in a table of its own that only the
 * results store reads, encrypted with AES-256-GCM (docs/decisions/0010-results-at-rest.md). Also the casework
 * delay reason shown on the applicant's tracker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('results')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().unique().references('applications.id'))
    .addColumn('organisation_code', 'text', (c) => c.references('registered_bodies.code'))
    .addColumn('countersignatory_id', 'text', (c) => c.references('countersignatories.id'))
    .addColumn('applicant_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('preset', 'text', (c) => c.notNull())
    .addColumn('disclosure_type_code', 'text', (c) => c.notNull())
    .addColumn('disclosure_number', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('O', 'P', 'B')`))
    .addColumn('date_of_issue', 'date', (c) => c.notNull())
    .addColumn('share_expiry_date', 'date', (c) => c.notNull())
    .addColumn('shareable', 'boolean', (c) => c.notNull())
    .addColumn('is_countersigned', 'boolean', (c) => c.notNull())
    .addColumn('is_review_eligible', 'boolean', (c) => c.notNull())
    .addColumn('under_consideration', 'boolean', (c) => c.notNull())
    .addColumn('has_appealable_convictions', 'boolean', (c) => c.notNull())
    .addColumn('scheme_membership_number', 'text')
    .addColumn('scheduled_pending_release_date', 'date')
    .addColumn('appeal_decision', 'text', (c) =>
      c
        .notNull()
        .defaultTo('NOT_SET')
        .check(sql`appeal_decision in ('NOT_SET', 'WONT_APPEAL', 'INTENDS_TO_APPEAL', 'APPEAL_RELEASED')`),
    )
    .addColumn('appeal_decided_at', 'timestamptz')
    .addColumn('appeal_outcome', 'text', (c) =>
      c.check(sql`appeal_outcome in ('CONVICTIONS_REMOVED', 'CONVICTIONS_UNCHANGED')`),
    )
    .addColumn('appeal_outcome_at', 'timestamptz')
    .addColumn('released_to_organisation_at', 'timestamptz')
    .addColumn('released_by', 'text', (c) => c.check(sql`released_by in ('issue', 'applicant', 'schedule')`))
    .addColumn('first_viewed_at', 'timestamptz')
    .addColumn('basic_opened_at', 'timestamptz')
    .addColumn('organisation_viewed_at', 'timestamptz')
    .addColumn('organisation_viewed_by', 'text')
    .addColumn('review_requested_at', 'timestamptz')
    .addColumn('review_expiry_date', 'date')
    .addColumn('review_decision', 'text', (c) =>
      c.check(sql`review_decision in ('SUCCESSFUL', 'UNSUCCESSFUL')`),
    )
    .addColumn('review_decided_at', 'timestamptz')
    // Sharing (a later issue) fills these.
    .addColumn('shared_at', 'timestamptz')
    .addColumn('shared_paper', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // A release is recorded with who made it; an applicant's decision other than NOT_SET is stamped.
    .addCheckConstraint(
      'results_release_consistent',
      sql`(released_to_organisation_at is null) = (released_by is null)`,
    )
    .addCheckConstraint(
      'results_released_decision',
      sql`appeal_decision not in ('WONT_APPEAL', 'APPEAL_RELEASED') or released_to_organisation_at is not null`,
    )
    .addCheckConstraint(
      'results_intent_holds_back',
      sql`appeal_decision <> 'INTENDS_TO_APPEAL' or released_to_organisation_at is null`,
    )
    .addCheckConstraint(
      'results_outcome_after_intent',
      sql`appeal_outcome is null or appeal_decision in ('INTENDS_TO_APPEAL', 'APPEAL_RELEASED')`,
    )
    .addCheckConstraint(
      'results_review_decision_after_request',
      sql`review_decision is null or review_requested_at is not null`,
    )
    .execute();
  await db.schema.createIndex('results_applicant').on('results').column('applicant_user_id').execute();
  await db.schema
    .createIndex('results_organisation')
    .on('results')
    .columns(['organisation_code', 'date_of_issue'])
    .execute();
  // The release job looks only at results still held back with a date.
  await sql`create index results_pending_release on results (scheduled_pending_release_date)
    where released_to_organisation_at is null`.execute(db);

  // The criminal-record content (the Result entity's personal parts), AES-256-GCM encrypted.
  await db.schema
    .createTable('result_contents')
    .addColumn('result_id', 'uuid', (c) => c.primaryKey().references('results.id').onDelete('cascade'))
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('iv', 'text', (c) => c.notNull())
    .addColumn('auth_tag', 'text', (c) => c.notNull())
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .execute();

  // Casework's reason for a delay, shown to the applicant on the tracker.
  await db.schema
    .createTable('casework_delays')
    .addColumn('application_id', 'text', (c) => c.primaryKey().references('applications.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('casework_delays').ifExists().execute();
  await db.schema.dropTable('result_contents').ifExists().execute();
  await db.schema.dropTable('results').ifExists().execute();
}
