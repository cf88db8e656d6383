import type { Db } from '../../platform/db/database';

// The identities paper applications were registered for (decision 0053). The applications themselves are rows of
// the applications module's table, written through its service.

export async function insertPaperIdentity(
  db: Db,
  row: { applicationId: string; identityHash: string; now: Date },
): Promise<void> {
  await db
    .insertInto('paper_applications')
    .values({ application_id: row.applicationId, identity_hash: row.identityHash, registered_at: row.now })
    .execute();
}

/** Marks the unclaimed paper applications of this identity claimed; returns their application ids. */
export async function claimIdentity(db: Db, identityHash: string, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable('paper_applications')
    .set({ claimed_at: now })
    .where('identity_hash', '=', identityHash)
    .where('claimed_at', 'is', null)
    .returning('application_id')
    .execute();
  return rows.map((r) => r.application_id);
}
