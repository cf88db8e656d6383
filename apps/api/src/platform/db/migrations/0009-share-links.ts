import { type Kysely } from 'kysely';

/**
 * Recipient links: who a result was shared with (the recipient's details beside the share), the link sent to them
 * (only a keyed hash of its token is kept), the recipient's short-lived browser session after opening the link,
 * and the text-message codes of a basic result's link (kept hashed, like the applicant's codes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('result_shares')
    .addColumn('recipient_email', 'text')
    .addColumn('recipient_phone', 'text')
    .addColumn('recipient_name', 'text')
    .addColumn('recipient_position', 'text')
    .addColumn('recipient_address', 'jsonb')
    .addColumn('applicant_email', 'text')
    .execute();

  await db.schema
    .createTable('share_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('share_id', 'uuid', (c) => c.notNull().unique().references('result_shares.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('basic', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('share_link_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('link_id', 'uuid', (c) => c.notNull().references('share_links.id'))
    .addColumn('session_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('opened_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('share_link_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('link_id', 'uuid', (c) => c.notNull().references('share_links.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('share_link_codes_link')
    .on('share_link_codes')
    .columns(['link_id', 'issued_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_link_codes').execute();
  await db.schema.dropTable('share_link_sessions').execute();
  await db.schema.dropTable('share_links').execute();
  await db.schema
    .alterTable('result_shares')
    .dropColumn('recipient_email')
    .dropColumn('recipient_phone')
    .dropColumn('recipient_name')
    .dropColumn('recipient_position')
    .dropColumn('recipient_address')
    .dropColumn('applicant_email')
    .execute();
}
