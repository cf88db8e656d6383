import { sql, type Kysely } from 'kysely';
import { createTable, dropTables, sealedColumns } from './tables';

/**
 * Results: what casework issued for an application, with the facts that rules and lists query as
 * columns (views, release, appeal, review), and the criminal-record content in a table of its own that only the
 * results store reads, encrypted with AES-256-GCM (docs/decisions/0010-results-at-rest.md). Also the casework
 * delay reason shown on the applicant's tracker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(
    db,
    'results',
    {
      id: 'uuid primary key',
      application_id: 'text not null unique references applications (id)',
      organisation_code: 'text references registered_bodies (code)',
      countersignatory_id: 'text references countersignatories (id)',
      applicant_user_id: 'text not null references users (id)',
      preset: 'text not null',
      disclosure_type_code: 'text not null',
      disclosure_number: 'text not null unique',
      channel: "text not null check (channel in ('O', 'P', 'B'))",
      date_of_issue: 'date not null',
      share_expiry_date: 'date not null',
      shareable: 'boolean not null',
      is_countersigned: 'boolean not null',
      is_review_eligible: 'boolean not null',
      under_consideration: 'boolean not null',
      has_appealable_convictions: 'boolean not null',
      scheme_membership_number: 'text',
      scheduled_pending_release_date: 'date',
      appeal_decision: `text not null default 'NOT_SET'
        check (appeal_decision in ('NOT_SET', 'WONT_APPEAL', 'INTENDS_TO_APPEAL', 'APPEAL_RELEASED'))`,
      appeal_decided_at: 'timestamptz',
      appeal_outcome: "text check (appeal_outcome in ('CONVICTIONS_REMOVED', 'CONVICTIONS_UNCHANGED'))",
      appeal_outcome_at: 'timestamptz',
      released_to_organisation_at: 'timestamptz',
      released_by: "text check (released_by in ('issue', 'applicant', 'schedule'))",
      first_viewed_at: 'timestamptz',
      basic_opened_at: 'timestamptz',
      organisation_viewed_at: 'timestamptz',
      organisation_viewed_by: 'text',
      review_requested_at: 'timestamptz',
      review_expiry_date: 'date',
      review_decision: "text check (review_decision in ('SUCCESSFUL', 'UNSUCCESSFUL'))",
      review_decided_at: 'timestamptz',
      // Sharing (a later issue) fills these.
      shared_at: 'timestamptz',
      shared_paper: 'boolean not null default false',
      created_at: 'timestamptz not null',
    },
    {
      // A release is recorded with who made it; an applicant's decision other than NOT_SET is stamped.
      results_release_consistent: 'check ((released_to_organisation_at is null) = (released_by is null))',
      results_released_decision: `check (appeal_decision not in ('WONT_APPEAL', 'APPEAL_RELEASED')
        or released_to_organisation_at is not null)`,
      results_intent_holds_back: `check (appeal_decision <> 'INTENDS_TO_APPEAL'
        or released_to_organisation_at is null)`,
      results_outcome_after_intent: `check (appeal_outcome is null
        or appeal_decision in ('INTENDS_TO_APPEAL', 'APPEAL_RELEASED'))`,
      results_review_decision_after_request:
        'check (review_decision is null or review_requested_at is not null)',
    },
  );
  await sql`create index results_applicant on results (applicant_user_id)`.execute(db);
  await sql`create index results_organisation on results (organisation_code, date_of_issue)`.execute(db);
  // The release job looks only at results still held back with a date.
  await sql`create index results_pending_release on results (scheduled_pending_release_date)
    where released_to_organisation_at is null`.execute(db);

  // The criminal-record content (the Result entity's personal parts), AES-256-GCM encrypted.
  await createTable(db, 'result_contents', {
    result_id: 'uuid primary key references results (id) on delete cascade',
    ...sealedColumns,
  });

  // Casework's reason for a delay, shown to the applicant on the tracker.
  await createTable(db, 'casework_delays', {
    application_id: 'text primary key references applications (id)',
    reason: 'text not null',
    recorded_at: 'timestamptz not null',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['casework_delays', 'result_contents', 'results']);
}
