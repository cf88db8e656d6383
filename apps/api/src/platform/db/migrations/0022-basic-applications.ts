import { sql, type Kysely } from 'kysely';

/**
 * Basic disclosures applied for through the Basic service and registered by casework (decision 0052): the Basic
 * service's id, the applicant's identity as a hash of the email address and date of birth it was registered for
 * (the applicant's account claims it at their first read), its Basic status and the fee at the time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('basic_applications')
    .addColumn('app_id', 'text', (c) => c.primaryKey())
    .addColumn('identity_hash', 'text', (c) => c.notNull())
    .addColumn('applicant_user_id', 'text', (c) => c.references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('fee_pence', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status_last_changed', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('basic_applications_unclaimed')
    .on('basic_applications')
    .column('identity_hash')
    .where(sql.ref('applicant_user_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('basic_applications_applicant')
    .on('basic_applications')
    .columns(['applicant_user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('basic_applications').execute();
}
