import { sql, type Kysely } from 'kysely';
import { createTable } from './tables';

/**
 * The transactional outbox (decision 0041): every email and text message is a row written in the same transaction
 * as the change that causes it, sent by the outbox job (or at once after the commit) with the row's id as Notify's
 * reference; Notify's delivery callbacks record the delivery status on the row. `dedupe_key` makes a reminder at
 * most once per deadline. `reminder_settings` holds a person's choice to receive no reminders (transactional
 * messages are always sent); `reminder_marks` the applications a countersignatory's digest has mentioned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'outbox_messages', {
    id: 'uuid primary key',
    channel: "text not null check (channel in ('email', 'sms'))",
    template: 'text not null',
    template_id: 'text not null',
    recipient: 'text not null',
    personalisation: 'jsonb not null',
    about_type: 'text',
    about_id: 'text',
    dedupe_key: 'text unique',
    status: "text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'expired'))",
    attempts: 'integer not null default 0',
    next_attempt_at: 'timestamptz not null',
    claim: 'uuid',
    locked_until: 'timestamptz',
    send_by: 'timestamptz',
    created_at: 'timestamptz not null',
    sent_at: 'timestamptz',
    notify_id: 'text',
    last_error: 'text',
    delivery_status: `text check (delivery_status in
      ('delivered', 'permanent-failure', 'temporary-failure', 'technical-failure'))`,
    delivery_at: 'timestamptz',
  });
  // What the job claims: the unsent rows by when they are next due.
  await sql`create index outbox_messages_due on outbox_messages (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index outbox_messages_about on outbox_messages (about_type, about_id, created_at)`.execute(
    db,
  );
  // Casework's list of messages that could not be delivered.
  await sql`create index outbox_messages_undelivered on outbox_messages (created_at)
    where status in ('failed', 'expired') or delivery_status in ('permanent-failure', 'technical-failure')`.execute(
    db,
  );

  await createTable(db, 'reminder_settings', {
    user_id: 'text primary key references users (id)',
    reminders_off: 'boolean not null',
    changed_at: 'timestamptz not null',
  });

  // Each application a countersignatory's daily digest has mentioned, once per deadline.
  await createTable(db, 'reminder_marks', {
    key: 'text primary key',
    created_at: 'timestamptz not null',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminder_marks').execute();
  await db.schema.dropTable('reminder_settings').execute();
  await db.schema.dropTable('outbox_messages').execute();
}
