import { sql, type Kysely } from 'kysely';

/**
 * An applicant-only Level 1 application paid for before the identity was verified waits for identity documents
 * by post (spec 02 section 9, decision 0055): when they are due, null when nothing is awaited (verified, another
 * type, or received). The cancellation job finds the overdue ones through the partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('identity_documents_due_at', 'timestamptz').execute();
  await sql`
    create index applications_identity_documents_due
      on applications (identity_documents_due_at)
      where identity_documents_due_at is not null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists applications_identity_documents_due`.execute(db);
  await db.schema.alterTable('applications').dropColumn('identity_documents_due_at').execute();
}
