import { sql, type Kysely } from 'kysely';

/**
 * CSV batches of organisation applications (one row per application, checked at upload, made into
 * applications in the background) and the lead countersignatory's reports of corrected organisation details.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_code', 'text', (c) => c.notNull().references('registered_bodies.code'))
    .addColumn('countersignatory_id', 'text', (c) => c.notNull().references('countersignatories.id'))
    .addColumn('uploaded_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('filename', 'text', (c) => c.notNull())
    // PREVIEW, then AWAITING (submitted, queued), SUBMITTED (being processed), PROCESSED or FAILED.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('processed_at', 'timestamptz')
    .addColumn('declaration_date', 'text')
    .execute();
  // A name is used once per organisation (FILENAME_ALREADY_IN_USE), whatever became of the batch.
  await db.schema
    .createIndex('batches_organisation_filename')
    .on('batches')
    .columns(['organisation_code', 'filename'])
    .unique()
    .execute();

  await db.schema
    .createTable('batch_rows')
    .addColumn('batch_id', 'text', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('row_index', 'integer', (c) => c.notNull())
    // READY or ERRORS at upload; DONE once its application exists.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('applicant_surname', 'text')
    .addColumn('type_code', 'text')
    .addColumn('draft', 'jsonb')
    .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // The idempotency key of a row is (batch_id, row_index); its application, once made, is recorded here.
    .addColumn('application_id', 'text', (c) => c.unique().references('applications.id'))
    .addPrimaryKeyConstraint('batch_rows_pk', ['batch_id', 'row_index'])
    .execute();

  await db.schema
    .createTable('organisation_detail_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_code', 'text', (c) => c.notNull().references('registered_bodies.code'))
    .addColumn('countersignatory_id', 'text', (c) => c.notNull().references('countersignatories.id'))
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('sent_to', 'text', (c) => c.notNull())
    .addColumn('notify_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('organisation_detail_reports').ifExists().execute();
  await db.schema.dropTable('batch_rows').ifExists().execute();
  await db.schema.dropTable('batches').ifExists().execute();
}
