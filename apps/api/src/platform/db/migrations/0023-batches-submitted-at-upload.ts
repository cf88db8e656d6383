import { sql, type Kysely } from 'kysely';

/**
 * The upload submits a CSV batch (spec 01 sections 3 and 4, decision 0053): there is no PREVIEW status any more.
 * A batch left in PREVIEW was checked and never submitted (nothing was made from it), so it goes, its rows with
 * it, and its file name may be used again; from here a batch's status is one of the spec's four.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from batches where status = 'PREVIEW'`.execute(db);
  await db.schema
    .alterTable('batches')
    .addCheckConstraint(
      'batches_status_spec',
      sql`status in ('AWAITING', 'SUBMITTED', 'PROCESSED', 'FAILED')`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batches').dropConstraint('batches_status_spec').execute();
}
