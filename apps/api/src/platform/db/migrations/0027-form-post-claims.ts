import { sql, type Kysely } from 'kysely';
import { createTable } from './tables';

/**
 * A page's form posted without JavaScript, claimed by its one-time key (decision 0076, platform/form-keys): one row
 * per browser and key, kept only as a hash of both, so a repeated post (a second press of the button on a slow
 * connection) finds the first and is answered with its outcome instead of running again. `outcome` is the first
 * post's redirect, sealed with a key only the browser's post can give; null while the first post runs. Rows are
 * deleted a day after their claim (the `form-keys.purge` job), by `claimed_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'form_post_claims', {
    claim_hash: 'text primary key',
    route: 'text not null',
    claimed_at: 'timestamptz not null',
    outcome: 'text',
    completed_at: 'timestamptz',
  });
  await sql`create index form_post_claims_claimed_at on form_post_claims (claimed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_post_claims').execute();
}
