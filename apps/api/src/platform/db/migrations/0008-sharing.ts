import { sql, type Kysely } from 'kysely';

/**
 * Sharing: the applicant's one-time codes (step-up before sharing) and the shares of a result. Codes
 * are stored only as a keyed hash; a share row is the record "who can see my result" lists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('one_time_codes_user')
    .on('one_time_codes')
    .columns(['user_id', 'purpose', 'issued_at'])
    .execute();

  await db.schema
    .createTable('result_shares')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('result_id', 'uuid', (c) => c.notNull().references('results.id'))
    .addColumn('applicant_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('DIGITAL', 'PAPER')`))
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('result_shares_result')
    .on('result_shares')
    .columns(['result_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('result_shares').execute();
  await db.schema.dropTable('one_time_codes').execute();
}
