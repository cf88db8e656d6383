import { sql, type Kysely } from 'kysely';
import { createTable, dropTables } from './tables';

/**
 * The organisation side of applications: the applicant's sign-in link identifier on applications, card payments
 * (ours and the local payment provider's), the local email/SMS outbox and locally stored feedback.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A separate random UUID for the applicant's sign-in link: the draft token never leaves the organisation.
  await db.schema.alterTable('applications').addColumn('link_id', 'uuid').execute();
  await sql`create unique index applications_link_id on applications (link_id)`.execute(db);
  await sql`create index applications_status on applications (status)`.execute(db);

  // Card payments of an application, as this service knows them.
  await createTable(db, 'payments', {
    id: 'text primary key',
    application_id: 'text not null references applications (id)',
    provider_payment_id: 'text unique',
    amount: 'integer not null',
    payment_type: 'text not null',
    description: 'text not null',
    return_path: 'text not null',
    state: 'text not null',
    next_url: 'text',
    active: 'boolean not null default true',
    created_at: 'timestamptz not null',
    finished_at: 'timestamptz',
  });
  // One active (unfinished) payment per application, whatever the number of instances and clicks.
  await sql`create unique index payments_one_active on payments (application_id) where active`.execute(db);

  // The local card-payment provider's own store (stand-in for GOV.UK Pay).
  await createTable(db, 'local_payments', {
    payment_id: 'text primary key',
    amount: 'integer not null',
    reference: 'text not null',
    description: 'text not null',
    return_url: 'text not null',
    status: 'text not null',
    created_at: 'timestamptz not null',
  });

  // The local outbox (stand-in for GOV.UK Notify).
  await createTable(db, 'notify_outbox', {
    id: 'text primary key',
    kind: 'text not null',
    template_id: 'text not null',
    to_address: 'text not null',
    subject: 'text not null',
    body: 'text not null',
    personalisation: "jsonb not null default '{}'::jsonb",
    reference: 'text',
    created_at: 'timestamptz not null',
  });
  await sql`create index notify_outbox_created on notify_outbox (created_at)`.execute(db);

  // Feedback ratings when no survey endpoint is configured.
  await createTable(db, 'feedback', {
    id: 'bigserial primary key',
    rating: 'text not null',
    journey: 'text not null',
    created_at: 'timestamptz not null',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['feedback', 'notify_outbox', 'local_payments', 'payments']);
  await db.schema.dropIndex('applications_status').ifExists().execute();
  await db.schema.dropIndex('applications_link_id').ifExists().execute();
  await db.schema.alterTable('applications').dropColumn('link_id').execute();
}
