import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { setOnce } from '../../platform/db/rows';
import type { PaperApplicationsTable } from '../../platform/db/schema';

// The identities paper applications were registered for (decision 0053). The applications themselves are rows of
// the applications module's table, written through its service.

export async function insertPaperIdentity(db: Db, row: Insertable<PaperApplicationsTable>): Promise<void> {
  await db.insertInto('paper_applications').values(row).execute();
}

/** Marks the unclaimed paper applications of this identity claimed; returns their application ids. */
export function claimIdentity(db: Db, identityHash: string, now: Date): Promise<string[]> {
  return setOnce(
    db,
    'paper_applications',
    'claimed_at',
    now,
    ['identity_hash', identityHash],
    'application_id',
  );
}
