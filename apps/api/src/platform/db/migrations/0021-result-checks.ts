import { sql, type Kysely } from 'kysely';

/**
 * Signed results and their check codes (issue 32, decision 0051). Each version of a result (its issue, then each
 * appeal outcome or review decision) is signed once; its JWS carries the result's content, so it is kept sealed
 * with the results' content key (AES-256-GCM, decision 0010) and only its digest and key id are plain. A check
 * code belongs to one version and one copy (the applicant's print, or a recipient's view of a share) and is kept
 * only as a keyed hash; each check made with a code that was found is a row of `result_checks`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('result_versions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('result_id', 'uuid', (c) => c.notNull().references('results.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('ISSUED', 'APPEAL_OUTCOME', 'REVIEW_DECISION')`),
    )
    .addColumn('kid', 'text', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('iv', 'text', (c) => c.notNull())
    .addColumn('auth_tag', 'text', (c) => c.notNull())
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('replaced_at', 'timestamptz')
    .addUniqueConstraint('result_versions_result_version', ['result_id', 'version'])
    .execute();

  await db.schema
    .createTable('result_check_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('result_id', 'uuid', (c) => c.notNull().references('results.id'))
    .addColumn('version_id', 'uuid', (c) => c.notNull().references('result_versions.id'))
    .addColumn('copy', 'text', (c) => c.notNull().check(sql`copy in ('APPLICANT', 'RECIPIENT')`))
    .addColumn('share_id', 'uuid', (c) => c.references('result_shares.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('withdrawn_at', 'timestamptz')
    .addCheckConstraint('result_check_codes_copy_share', sql`(copy = 'RECIPIENT') = (share_id is not null)`)
    .execute();
  await db.schema
    .createIndex('result_check_codes_result')
    .on('result_check_codes')
    .columns(['result_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('result_checks')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('code_id', 'uuid', (c) => c.notNull().references('result_check_codes.id'))
    .addColumn('result_id', 'uuid', (c) => c.notNull().references('results.id'))
    .addColumn('outcome', 'text', (c) =>
      c.notNull().check(sql`outcome in ('CURRENT', 'WITHDRAWN', 'REPLACED')`),
    )
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('result_checks_result')
    .on('result_checks')
    .columns(['result_id', 'checked_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('result_checks').ifExists().execute();
  await db.schema.dropTable('result_check_codes').ifExists().execute();
  await db.schema.dropTable('result_versions').ifExists().execute();
}
