import { sql, type Kysely } from 'kysely';

// Shared by the migrations that add triggers (not a migration itself: index.ts lists those). Each helper writes
// the statement a migration used to spell out; what the database ends up with is the same.

/** `create function <name>() returns trigger`, in PL/pgSQL, with `body` between its begin and end. */
export async function createTriggerFunction(db: Kysely<unknown>, name: string, body: string): Promise<void> {
  await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
    begin
${sql.raw(body)}
    end
  $$`.execute(db);
}

/** `create trigger <name> <timing> on <table> for each row [when (...)] execute function <call>`. */
export async function createRowTrigger(
  db: Kysely<unknown>,
  trigger: { name: string; timing: string; table: string; call: string; when?: string },
): Promise<void> {
  const when = trigger.when ? ` when (${trigger.when})` : '';
  await sql`create trigger ${sql.raw(trigger.name)} ${sql.raw(trigger.timing)} on ${sql.raw(trigger.table)}
    for each row${sql.raw(when)} execute function ${sql.raw(trigger.call)}`.execute(db);
}

/**
 * A row trigger and the function it runs, both named `name` (the trigger calls `name()`): the function's `body` as
 * `createTriggerFunction` takes it, the trigger as `createRowTrigger` takes it.
 */
export async function createTriggerWithFunction(
  db: Kysely<unknown>,
  trigger: { name: string; timing: string; table: string; when?: string; body: string },
): Promise<void> {
  const { body, ...rest } = trigger;
  await createTriggerFunction(db, trigger.name, body);
  await createRowTrigger(db, { ...rest, call: `${trigger.name}()` });
}

/**
 * An organisation's list version plus one (migration 0014), without the notification migration 0016 added:
 * created by 0014, put back by 0016's down.
 */
export async function createQuietListVersionBump(db: Kysely<unknown>, replace: boolean): Promise<void> {
  await sql`create ${sql.raw(replace ? 'or replace ' : '')}function bump_organisation_list_version(code text) returns void language plpgsql as $$
    begin
      if code is not null then
        insert into organisation_list_versions as v (organisation_code, version) values (code, 1)
        on conflict (organisation_code) do update set version = v.version + 1;
      end if;
    end
  $$`.execute(db);
}
