import { sql, type Kysely } from 'kysely';

/**
 * The organisation side of applications: the applicant's sign-in link identifier on applications, card payments
 * (ours and the local payment provider's), the local email/SMS outbox and locally stored feedback.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A separate random UUID for the applicant's sign-in link: the draft token never leaves the organisation.
  await db.schema.alterTable('applications').addColumn('link_id', 'uuid').execute();
  await db.schema.createIndex('applications_link_id').on('applications').column('link_id').unique().execute();
  await db.schema.createIndex('applications_status').on('applications').column('status').execute();

  // Card payments of an application, as this service knows them.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id'))
    .addColumn('provider_payment_id', 'text', (c) => c.unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('return_path', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('next_url', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // One active (unfinished) payment per application, whatever the number of instances and clicks.
  await sql`create unique index payments_one_active on payments (application_id) where active`.execute(db);

  // The local card-payment provider's own store (stand-in for GOV.UK Pay).
  await db.schema
    .createTable('local_payments')
    .addColumn('payment_id', 'text', (c) => c.primaryKey())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // The local outbox (stand-in for GOV.UK Notify).
  await db.schema
    .createTable('notify_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('personalisation', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notify_outbox_created').on('notify_outbox').column('created_at').execute();

  // Feedback ratings when no survey endpoint is configured.
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('rating', 'text', (c) => c.notNull())
    .addColumn('journey', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['feedback', 'notify_outbox', 'local_payments', 'payments']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('applications_status').ifExists().execute();
  await db.schema.dropIndex('applications_link_id').ifExists().execute();
  await db.schema.alterTable('applications').dropColumn('link_id').execute();
}
