import { type Kysely } from 'kysely';
import { createTable } from './tables';

/**
 * Content-Security-Policy violation reports browsers send, kept so a broken page or an injection
 * attempt is noticed. Only the policy facts and paths with identifiers masked, never a query string.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'csp_reports', {
    id: 'bigserial primary key',
    received_at: 'timestamptz not null',
    document_path: 'text not null',
    directive: 'text not null',
    blocked: 'text not null',
    source: 'text',
    disposition: 'text not null',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('csp_reports').ifExists().execute();
}
