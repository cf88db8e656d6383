import { sql, type Kysely } from 'kysely';
import { createQuietListVersionBump } from './triggers';

/**
 * Each change of an organisation's list version is also announced (docs/decisions/0036-list-versions-by-notification.md):
 * `pg_notify('organisation_list_versions', '<organisation code> <version>')`, which PostgreSQL delivers to every
 * server listening when the changing transaction commits, and never if it rolls back. Servers hold the versions in
 * memory from these instead of reading them on each request. The version is still counted in its table, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function bump_organisation_list_version(code text) returns void language plpgsql as $$
    declare
      bumped bigint;
    begin
      if code is not null then
        insert into organisation_list_versions as v (organisation_code, version) values (code, 1)
        on conflict (organisation_code) do update set version = v.version + 1
        returning version into bumped;
        perform pg_notify('organisation_list_versions', code || ' ' || bumped);
      end if;
    end
  $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createQuietListVersionBump(db, true);
}
