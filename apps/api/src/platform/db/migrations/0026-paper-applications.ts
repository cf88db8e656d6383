import { sql, type Kysely } from 'kysely';

/**
 * Applications received on paper (channel P, decision 0053): the identity each was registered for, as a hash of
 * the email address and date of birth (the applicant's verified account claims it at its first read), and when it
 * was claimed. The application itself is a row of `applications` with channel P.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('paper_applications')
    .addColumn('application_id', 'text', (c) => c.primaryKey().references('applications.id'))
    .addColumn('identity_hash', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('paper_applications_unclaimed')
    .on('paper_applications')
    .column('identity_hash')
    .where(sql.ref('claimed_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('paper_applications').execute();
}
