import type { Db } from '../db/database';

// The claims of form posts by their one-time key (migration 0027, decision 0076).

export interface StoredClaim {
  route: string;
  claimed_at: Date;
  outcome: string | null;
}

/** Claims a form post: true when this call made the row, false when a claim of that hash was already there. */
export async function insertClaim(db: Db, claimHash: string, route: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('form_post_claims')
    .values({ claim_hash: claimHash, route, claimed_at: now })
    .onConflict((oc) => oc.column('claim_hash').doNothing())
    .returning('claim_hash')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findClaim(db: Db, claimHash: string): Promise<StoredClaim | undefined> {
  return db
    .selectFrom('form_post_claims')
    .select(['route', 'claimed_at', 'outcome'])
    .where('claim_hash', '=', claimHash)
    .executeTakeFirst();
}

/** Records the claimed post's outcome (its redirect, sealed). */
export async function completeClaim(db: Db, claimHash: string, outcome: string, now: Date): Promise<void> {
  await db
    .updateTable('form_post_claims')
    .set({ outcome, completed_at: now })
    .where('claim_hash', '=', claimHash)
    .where('outcome', 'is', null)
    .execute();
}

/** Gives a claim up (its post saved nothing): the key may be posted again. */
export async function deleteClaim(db: Db, claimHash: string): Promise<void> {
  await db
    .deleteFrom('form_post_claims')
    .where('claim_hash', '=', claimHash)
    .where('outcome', 'is', null)
    .execute();
}

/** Deletes the claims made before `before`; how many. */
export async function deleteClaimsBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('form_post_claims').where('claimed_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
