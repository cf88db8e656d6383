import { type Kysely } from 'kysely';

/**
 * The applicant side of applications: the applicant's part of an application (answers, declaration, payment) beside the
 * organisation's part, date-of-birth mismatch counters, and scheme memberships.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The applicant's answers and submission state; null until an applicant links or starts the application.
  await db.schema.alterTable('applications').addColumn('applicant_data', 'jsonb').execute();

  // Date-of-birth mismatches against the identity record, counted per person.
  await db.schema
    .createTable('dob_mismatch_attempts')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  // Scheme membership of a person, keyed by the identity provider's subject (known before first sign-in).
  await db.schema
    .createTable('scheme_memberships')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('pvg_membership_number', 'text', (c) => c.notNull())
    .addColumn('joined_child_scheme_on', 'date')
    .addColumn('joined_adult_scheme_on', 'date')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheme_memberships').ifExists().execute();
  await db.schema.dropTable('dob_mismatch_attempts').ifExists().execute();
  await db.schema.alterTable('applications').dropColumn('applicant_data').execute();
}
