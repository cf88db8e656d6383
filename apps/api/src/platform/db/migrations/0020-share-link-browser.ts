import { type Kysely } from 'kysely';

/**
 * A recipient link bound to the first browser that answers its challenge (decision 0039): a keyed hash of a
 * secret kept in that browser's cookie. Unset until the first right answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('share_links').addColumn('browser_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('share_links').dropColumn('browser_hash').execute();
}
