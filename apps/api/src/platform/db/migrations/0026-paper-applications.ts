import { type Kysely } from 'kysely';
import { createTable, createUnclaimedIndex } from './tables';

/**
 * Applications received on paper (channel P, decision 0053): the identity each was registered for, as a hash of
 * the email address and date of birth (the applicant's verified account claims it at its first read), and when it
 * was claimed. The application itself is a row of `applications` with channel P.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'paper_applications', {
    application_id: 'text primary key references applications (id)',
    identity_hash: 'text not null',
    registered_at: 'timestamptz not null',
    claimed_at: 'timestamptz',
  });
  await createUnclaimedIndex(db, 'paper_applications', 'claimed_at');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('paper_applications').execute();
}
