import { type Kysely } from 'kysely';
import { attemptCounterColumns, createTable, dropTables } from './tables';

/**
 * The applicant side of applications: the applicant's part of an application (answers, declaration, payment) beside the
 * organisation's part, date-of-birth mismatch counters, and scheme memberships.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The applicant's answers and submission state; null until an applicant links or starts the application.
  await db.schema.alterTable('applications').addColumn('applicant_data', 'jsonb').execute();

  // Date-of-birth mismatches against the identity record, counted per person.
  await createTable(db, 'dob_mismatch_attempts', attemptCounterColumns);

  // Scheme membership of a person, keyed by the identity provider's subject (known before first sign-in).
  await createTable(db, 'scheme_memberships', {
    subject: 'text primary key',
    pvg_membership_number: 'text not null',
    joined_child_scheme_on: 'date',
    joined_adult_scheme_on: 'date',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['scheme_memberships', 'dob_mismatch_attempts']);
  await db.schema.alterTable('applications').dropColumn('applicant_data').execute();
}
