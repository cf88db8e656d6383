import { sql, type Kysely } from 'kysely';
import { createTable, oneTimeCodeColumns } from './tables';

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

  await createTable(db, 'share_links', {
    id: 'uuid primary key',
    share_id: 'uuid not null unique references result_shares (id)',
    token_hash: 'text not null unique',
    basic: 'boolean not null',
    created_at: 'timestamptz not null',
    expires_at: 'timestamptz not null',
    failed_attempts: 'integer not null default 0',
    locked_at: 'timestamptz',
    used_at: 'timestamptz',
  });

  await createTable(db, 'share_link_sessions', {
    id: 'uuid primary key',
    link_id: 'uuid not null references share_links (id)',
    session_hash: 'text not null unique',
    created_at: 'timestamptz not null',
    expires_at: 'timestamptz not null',
    verified_at: 'timestamptz',
    opened_at: 'timestamptz',
  });

  await createTable(db, 'share_link_codes', {
    id: 'uuid primary key',
    link_id: 'uuid not null references share_links (id)',
    ...oneTimeCodeColumns,
  });
  await sql`create index share_link_codes_link on share_link_codes (link_id, issued_at)`.execute(db);
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
