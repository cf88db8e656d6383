import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registered_bodies')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('main_phone', 'text', (c) => c.notNull())
    .addColumn('qualifying_voluntary', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('countersignatories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('registered_body_code', 'text', (c) => c.notNull().references('registered_bodies.code'))
    .addColumn('countersignatory_code', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('CSG', 'LEVEL1_CSG')`))
    .addColumn('is_lead', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('forename', 'text', (c) => c.notNull())
    .addColumn('middle_names', 'text')
    .addColumn('surname', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cost_centres')
    .addColumn('registered_body_code', 'text', (c) => c.notNull().references('registered_bodies.code'))
    .addColumn('cost_centre_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cost_centres_pk', ['registered_body_code', 'cost_centre_code'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull().unique())
    .addColumn('roles', sql`text[]`, (c) => c.notNull())
    .addColumn('assurance_level', 'text', (c) => c.notNull())
    .addColumn('forename', 'text', (c) => c.notNull())
    .addColumn('middle_names', 'text')
    .addColumn('surname', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'date')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('countersignatory_id', 'text', (c) => c.references('countersignatories.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_signed_in_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('request_id', 'text')
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  // The audit trail is append-only: the database itself refuses changes and deletions.
  await sql`
    create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_events is append-only';
    end $$`.execute(db);
  await sql`
    create trigger audit_events_no_change before update or delete on audit_events
    for each row execute function audit_events_append_only()`.execute(db);

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('declarations')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('signed_on', 'date', (c) => c.notNull())
    .addColumn('signed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('declarations_pk', ['user_id', 'signed_on'])
    .execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('type_code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('O'))
    .addColumn('organisation_code', 'text', (c) => c.references('registered_bodies.code'))
    .addColumn('countersignatory_id', 'text', (c) => c.references('countersignatories.id'))
    .addColumn('applicant_user_id', 'text', (c) => c.references('users.id'))
    .addColumn('applicant_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status_last_changed', 'timestamptz', (c) => c.notNull())
    .addColumn('expired_duration_days', 'integer')
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('result_id', 'text')
    .execute();
  await db.schema
    .createIndex('applications_organisation')
    .on('applications')
    .column('organisation_code')
    .execute();
  await db.schema
    .createIndex('applications_applicant')
    .on('applications')
    .column('applicant_user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'applications',
    'declarations',
    'jobs',
    'audit_events',
    'sessions',
    'users',
    'cost_centres',
    'countersignatories',
    'registered_bodies',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop function if exists audit_events_append_only()`.execute(db);
}
