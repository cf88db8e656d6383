import { sql, type Kysely } from 'kysely';
import { createTable, dropTables } from './tables';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'registered_bodies', {
    code: 'text primary key',
    name: 'text not null',
    address: 'jsonb not null',
    email: 'text not null',
    main_phone: 'text not null',
    qualifying_voluntary: 'boolean not null default false',
  });

  await createTable(db, 'countersignatories', {
    id: 'text primary key',
    registered_body_code: 'text not null references registered_bodies (code)',
    countersignatory_code: 'text not null unique',
    role: "text not null check (role in ('CSG', 'LEVEL1_CSG'))",
    is_lead: 'boolean not null default false',
    title: 'text not null',
    forename: 'text not null',
    middle_names: 'text',
    surname: 'text not null',
    email: 'text not null',
  });

  await createTable(
    db,
    'cost_centres',
    {
      registered_body_code: 'text not null references registered_bodies (code)',
      cost_centre_code: 'text not null',
    },
    { cost_centres_pk: 'primary key (registered_body_code, cost_centre_code)' },
  );

  await createTable(db, 'users', {
    id: 'text primary key',
    subject: 'text not null unique',
    roles: 'text[] not null',
    assurance_level: 'text not null',
    forename: 'text not null',
    middle_names: 'text',
    surname: 'text not null',
    date_of_birth: 'date',
    email: 'text',
    phone: 'text',
    countersignatory_id: 'text references countersignatories (id)',
    created_at: 'timestamptz not null default now()',
    last_signed_in_at: 'timestamptz not null',
  });

  await createTable(db, 'sessions', {
    sid: 'text primary key',
    data: 'jsonb not null',
    expires_at: 'timestamptz not null',
  });
  await sql`create index sessions_expires_at on sessions (expires_at)`.execute(db);

  await createTable(db, 'audit_events', {
    id: 'bigserial primary key',
    occurred_at: 'timestamptz not null default now()',
    event: 'text not null',
    outcome: 'text not null',
    user_id: 'text',
    request_id: 'text',
    detail: "jsonb not null default '{}'::jsonb",
  });
  // The audit trail is append-only: the database itself refuses changes and deletions.
  await sql`
    create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_events is append-only';
    end $$`.execute(db);
  await sql`
    create trigger audit_events_no_change before update or delete on audit_events
    for each row execute function audit_events_append_only()`.execute(db);

  await createTable(db, 'jobs', {
    id: 'bigserial primary key',
    kind: 'text not null',
    payload: "jsonb not null default '{}'::jsonb",
    run_at: 'timestamptz not null',
    status: "text not null default 'pending'",
    attempts: 'integer not null default 0',
    last_error: 'text',
    locked_until: 'timestamptz',
    created_at: 'timestamptz not null default now()',
  });
  await sql`create index jobs_due on jobs (status, run_at)`.execute(db);

  await createTable(
    db,
    'declarations',
    {
      user_id: 'text not null references users (id)',
      signed_on: 'date not null',
      signed_at: 'timestamptz not null',
    },
    { declarations_pk: 'primary key (user_id, signed_on)' },
  );

  await createTable(db, 'applications', {
    id: 'text primary key',
    reference: 'text not null unique',
    type_code: 'text not null',
    status: 'text not null',
    channel: "text not null default 'O'",
    organisation_code: 'text references registered_bodies (code)',
    countersignatory_id: 'text references countersignatories (id)',
    applicant_user_id: 'text references users (id)',
    applicant_name: 'text',
    created_at: 'timestamptz not null default now()',
    status_last_changed: 'timestamptz not null',
    expired_duration_days: 'integer',
    data: "jsonb not null default '{}'::jsonb",
    result_id: 'text',
  });
  await sql`create index applications_organisation on applications (organisation_code)`.execute(db);
  await sql`create index applications_applicant on applications (applicant_user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, [
    'applications',
    'declarations',
    'jobs',
    'audit_events',
    'sessions',
    'users',
    'cost_centres',
    'countersignatories',
    'registered_bodies',
  ]);
  await sql`drop function if exists audit_events_append_only()`.execute(db);
}
