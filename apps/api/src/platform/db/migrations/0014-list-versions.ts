import { sql, type Kysely } from 'kysely';
import { createQuietListVersionBump, createRowTrigger, createTriggerFunction } from './triggers';

/**
 * A version number for each organisation's lists (docs/decisions/0034-organisation-list-cache.md): any change to a
 * row an organisation's applications list or results summary shows or filters by adds one to it, in the same
 * transaction as the change, by triggers. A list page read under a version is the same for as long as the version
 * stands, so the server keeps it (`platform/list-cache`) and answers the next identical request with one
 * primary-key read. Triggers rather than calls in the services: every writer (services, jobs, casework, a
 * migration) is covered, and none can forget.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table organisation_list_versions (
    organisation_code text primary key,
    version bigint not null
  )`.execute(db);

  await createQuietListVersionBump(db, false);

  // Applications: drafts are never listed. The applicant's answers (applicant_data) are not shown in any list, so
  // saving them (every step of the applicant's journey) changes no version.
  await createListChanged(
    db,
    'applications',
    `      if tg_op = 'UPDATE' and (to_jsonb(old) - 'applicant_data') = (to_jsonb(new) - 'applicant_data') then
        return null;
      end if;
      if tg_op <> 'INSERT' and old.status <> 'DRAFT' then
        perform bump_organisation_list_version(old.organisation_code);
      end if;
      if tg_op <> 'DELETE' and new.status <> 'DRAFT'
        and (tg_op = 'INSERT' or old.status = 'DRAFT' or old.organisation_code is distinct from new.organisation_code) then
        perform bump_organisation_list_version(new.organisation_code);
      end if;
      return null;`,
  );

  // Results: the organisation's results summary and the status of the application in its list.
  await createListChanged(
    db,
    'results',
    `      if tg_op <> 'INSERT' then
        perform bump_organisation_list_version(old.organisation_code);
        perform bump_organisation_list_version(
          (select a.organisation_code from applications a where a.id = old.application_id));
      end if;
      if tg_op <> 'DELETE' then
        perform bump_organisation_list_version(new.organisation_code);
        perform bump_organisation_list_version(
          (select a.organisation_code from applications a where a.id = new.application_id));
      end if;
      return null;`,
  );

  // The register: an organisation's name, a countersignatory's code. The trigger names the column that holds the
  // organisation's code.
  await createTriggerFunction(
    db,
    'register_list_changed',
    `      if tg_op <> 'INSERT' then perform bump_organisation_list_version(to_jsonb(old) ->> tg_argv[0]); end if;
      if tg_op <> 'DELETE' then perform bump_organisation_list_version(to_jsonb(new) ->> tg_argv[0]); end if;
      return null;`,
  );
  await createListChangedTrigger(db, 'registered_bodies', "register_list_changed('code')");
  await createListChangedTrigger(db, 'countersignatories', "register_list_changed('registered_body_code')");
}

/** `<table>_list_changed`: after any change to a row of the table, `call` (one of the functions above) runs. */
async function createListChangedTrigger(db: Kysely<unknown>, table: string, call: string): Promise<void> {
  await createRowTrigger(db, {
    name: `${table}_list_changed`,
    timing: 'after insert or update or delete',
    table,
    call,
  });
}

/** A table's own `<table>_list_changed` function, with `body`, and its trigger calling it. */
async function createListChanged(db: Kysely<unknown>, table: string, body: string): Promise<void> {
  await createTriggerFunction(db, `${table}_list_changed`, body);
  await createListChangedTrigger(db, table, `${table}_list_changed()`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger countersignatories_list_changed on countersignatories`.execute(db);
  await sql`drop trigger registered_bodies_list_changed on registered_bodies`.execute(db);
  await sql`drop function register_list_changed()`.execute(db);
  await sql`drop trigger results_list_changed on results`.execute(db);
  await sql`drop function results_list_changed()`.execute(db);
  await sql`drop trigger applications_list_changed on applications`.execute(db);
  await sql`drop function applications_list_changed()`.execute(db);
  await sql`drop function bump_organisation_list_version(text)`.execute(db);
  await sql`drop table organisation_list_versions`.execute(db);
}
