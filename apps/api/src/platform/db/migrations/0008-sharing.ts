import { sql, type Kysely } from 'kysely';
import { createTable, oneTimeCodeColumns } from './tables';

/**
 * Sharing: the applicant's one-time codes (step-up before sharing) and the shares of a result. Codes
 * are stored only as a keyed hash; a share row is the record "who can see my result" lists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'one_time_codes', {
    id: 'uuid primary key',
    user_id: 'text not null references users (id)',
    purpose: 'text not null',
    ...oneTimeCodeColumns,
  });
  await sql`create index one_time_codes_user on one_time_codes (user_id, purpose, issued_at)`.execute(db);

  await createTable(db, 'result_shares', {
    id: 'uuid primary key',
    result_id: 'uuid not null references results (id)',
    applicant_user_id: 'text not null references users (id)',
    channel: "text not null check (channel in ('DIGITAL', 'PAPER'))",
    route: 'text not null',
    recipient: 'text not null',
    created_at: 'timestamptz not null',
    revoked_at: 'timestamptz',
  });
  await sql`create index result_shares_result on result_shares (result_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('result_shares').execute();
  await db.schema.dropTable('one_time_codes').execute();
}
