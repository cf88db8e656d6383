import { sql, type Kysely } from 'kysely';

/**
 * The transactional outbox (decision 0041): every email and text message is a row written in the same transaction
 * as the change that causes it, sent by the outbox job (or at once after the commit) with the row's id as Notify's
 * reference; Notify's delivery callbacks record the delivery status on the row. `dedupe_key` makes a reminder at
 * most once per deadline. `reminder_settings` holds a person's choice to receive no reminders (transactional
 * messages are always sent); `reminder_marks` the applications a countersignatory's digest has mentioned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('personalisation', 'jsonb', (c) => c.notNull())
    .addColumn('about_type', 'text')
    .addColumn('about_id', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed', 'expired')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claim', 'uuid')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('send_by', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('notify_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('delivery_status', 'text', (c) =>
      c.check(
        sql`delivery_status in ('delivered', 'permanent-failure', 'temporary-failure', 'technical-failure')`,
      ),
    )
    .addColumn('delivery_at', 'timestamptz')
    .execute();
  // What the job claims: the unsent rows by when they are next due.
  await sql`create index outbox_messages_due on outbox_messages (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await db.schema
    .createIndex('outbox_messages_about')
    .on('outbox_messages')
    .columns(['about_type', 'about_id', 'created_at'])
    .execute();
  // Casework's list of messages that could not be delivered.
  await sql`create index outbox_messages_undelivered on outbox_messages (created_at)
    where status in ('failed', 'expired') or delivery_status in ('permanent-failure', 'technical-failure')`.execute(
    db,
  );

  await db.schema
    .createTable('reminder_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('reminders_off', 'boolean', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Each application a countersignatory's daily digest has mentioned, once per deadline.
  await db.schema
    .createTable('reminder_marks')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminder_marks').execute();
  await db.schema.dropTable('reminder_settings').execute();
  await db.schema.dropTable('outbox_messages').execute();
}
