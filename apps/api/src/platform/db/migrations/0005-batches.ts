import { sql, type Kysely } from 'kysely';
import { createTable, dropTables } from './tables';

/**
 * CSV batches of organisation applications (one row per application, checked at upload, made into
 * applications in the background) and the lead countersignatory's reports of corrected organisation details.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'batches', {
    id: 'text primary key',
    organisation_code: 'text not null references registered_bodies (code)',
    countersignatory_id: 'text not null references countersignatories (id)',
    uploaded_by: 'text not null references users (id)',
    filename: 'text not null',
    // PREVIEW, then AWAITING (submitted, queued), SUBMITTED (being processed), PROCESSED or FAILED.
    status: 'text not null',
    created_at: 'timestamptz not null',
    submitted_at: 'timestamptz',
    processed_at: 'timestamptz',
    declaration_date: 'text',
  });
  // A name is used once per organisation (FILENAME_ALREADY_IN_USE), whatever became of the batch.
  await sql`create unique index batches_organisation_filename on batches (organisation_code, filename)`.execute(
    db,
  );

  await createTable(
    db,
    'batch_rows',
    {
      batch_id: 'text not null references batches (id) on delete cascade',
      row_index: 'integer not null',
      // READY or ERRORS at upload; DONE once its application exists.
      status: 'text not null',
      applicant_surname: 'text',
      type_code: 'text',
      draft: 'jsonb',
      errors: "jsonb not null default '[]'::jsonb",
      // The idempotency key of a row is (batch_id, row_index); its application, once made, is recorded here.
      application_id: 'text unique references applications (id)',
    },
    { batch_rows_pk: 'primary key (batch_id, row_index)' },
  );

  await createTable(db, 'organisation_detail_reports', {
    id: 'text primary key',
    organisation_code: 'text not null references registered_bodies (code)',
    countersignatory_id: 'text not null references countersignatories (id)',
    details: 'jsonb not null',
    sent_to: 'text not null',
    notify_id: 'text',
    created_at: 'timestamptz not null',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['organisation_detail_reports', 'batch_rows', 'batches']);
}
