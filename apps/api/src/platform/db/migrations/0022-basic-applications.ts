import { sql, type Kysely } from 'kysely';
import { createTable, createUnclaimedIndex } from './tables';

/**
 * Basic disclosures applied for through the Basic service and registered by casework (decision 0052): the Basic
 * service's id, the applicant's identity as a hash of the email address and date of birth it was registered for
 * (the applicant's account claims it at their first read), its Basic status and the fee at the time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'basic_applications', {
    app_id: 'text primary key',
    identity_hash: 'text not null',
    applicant_user_id: 'text references users (id)',
    status: 'text not null',
    fee_pence: 'integer not null',
    created_at: 'timestamptz not null default now()',
    status_last_changed: 'timestamptz not null',
  });
  await createUnclaimedIndex(db, 'basic_applications', 'applicant_user_id');
  await sql`create index basic_applications_applicant on basic_applications (applicant_user_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('basic_applications').execute();
}
