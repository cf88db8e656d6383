import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { FeedbackTable } from '../../platform/db/schema';

export async function insertFeedback(db: Db, row: Insertable<FeedbackTable>): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
}
