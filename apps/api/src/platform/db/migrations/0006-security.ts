import { sql, type Kysely } from 'kysely';
import { attemptCounterColumns, createTable } from './tables';

/**
 * Hardening: the audit trail is insert-only for the application, TRUNCATE included (0001's row trigger stops
 * UPDATE and DELETE only), and failed identity matches when linking an emailed application are counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger audit_events_no_truncate before truncate on audit_events
    for each statement execute function audit_events_append_only()`.execute(db);
  // Nobody but the owner may change or empty the table; the triggers stop the owner too.
  await sql`revoke update, delete, truncate on audit_events from public`.execute(db);

  // Linking an emailed application: failed matches of the signed-in identity, counted per person.
  await createTable(db, 'link_match_attempts', attemptCounterColumns);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('link_match_attempts').ifExists().execute();
  await sql`drop trigger if exists audit_events_no_truncate on audit_events`.execute(db);
}
