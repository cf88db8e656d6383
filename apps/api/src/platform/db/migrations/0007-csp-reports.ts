import { type Kysely } from 'kysely';

/**
 * Content-Security-Policy violation reports browsers send, kept so a broken page or an injection
 * attempt is noticed. Only the policy facts and paths with identifiers masked, never a query string.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('csp_reports')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .addColumn('document_path', 'text', (c) => c.notNull())
    .addColumn('directive', 'text', (c) => c.notNull())
    .addColumn('blocked', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('disposition', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('csp_reports').ifExists().execute();
}
