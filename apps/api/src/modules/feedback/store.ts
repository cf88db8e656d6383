import type { Db } from '../../platform/db/database';

export async function insertFeedback(
  db: Db,
  row: { rating: string; journey: string; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('feedback')
    .values({ rating: row.rating, journey: row.journey, created_at: row.createdAt })
    .execute();
}
