import type { Db } from '../../platform/db/database';

// The only code that reads or writes share_links and share_link_sessions (a basic link's codes: one-time-codes).

export interface LinkRow {
  id: string;
  share_id: string;
  basic: boolean;
  expires_at: Date;
  failed_attempts: number;
  locked_at: Date | null;
  result_id: string;
  revoked_at: Date | null;
  /** The phone the applicant gave for the recipient (a basic link's code goes to it). */
  recipient_phone: string | null;
  /** Keyed hash of the browser secret of the first browser that answered the challenge; null until then. */
  browser_hash: string | null;
}

const linkColumns = [
  'share_links.id',
  'share_links.share_id',
  'share_links.basic',
  'share_links.expires_at',
  'share_links.failed_attempts',
  'share_links.locked_at',
  'share_links.browser_hash',
  'result_shares.result_id',
  'result_shares.revoked_at',
  'result_shares.recipient_phone',
] as const;

const asLink = (row: Record<string, unknown>): LinkRow => ({
  ...(row as unknown as LinkRow),
  expires_at: new Date(row.expires_at as Date | string),
  locked_at: row.locked_at ? new Date(row.locked_at as Date | string) : null,
  revoked_at: row.revoked_at ? new Date(row.revoked_at as Date | string) : null,
});

export async function insertLink(
  db: Db,
  row: { id: string; shareId: string; tokenHash: string; basic: boolean; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('share_links')
    .values({
      id: row.id,
      share_id: row.shareId,
      token_hash: row.tokenHash,
      basic: row.basic,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** The link whose token has this hash, with its share's result and whether the share was stopped. */
export async function linkByTokenHash(db: Db, tokenHash: string): Promise<LinkRow | undefined> {
  const row = await db
    .selectFrom('share_links')
    .innerJoin('share_facts as result_shares', 'result_shares.id', 'share_links.share_id')
    .select(linkColumns)
    .where('share_links.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? asLink(row) : undefined;
}

export async function linkById(db: Db, id: string, lock = false): Promise<LinkRow | undefined> {
  let query = db
    .selectFrom('share_links')
    .innerJoin('share_facts as result_shares', 'result_shares.id', 'share_links.share_id')
    .select(linkColumns)
    .where('share_links.id', '=', id);
  if (lock) query = query.forUpdate('share_links');
  const row = await query.executeTakeFirst();
  return row ? asLink(row) : undefined;
}

export async function insertSession(
  db: Db,
  row: { id: string; linkId: string; sessionHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('share_link_sessions')
    .values({
      id: row.id,
      link_id: row.linkId,
      session_hash: row.sessionHash,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** A recipient's session: its link, when it ends, and when it passed the link's check and first read the result. */
export interface RecipientSession {
  id: string;
  linkId: string;
  expiresAt: Date;
  verifiedAt: Date | null;
  openedAt: Date | null;
}

export async function sessionByHash(db: Db, sessionHash: string): Promise<RecipientSession | undefined> {
  const row = await db
    .selectFrom('share_link_sessions')
    .selectAll()
    .where('session_hash', '=', sessionHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const at = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    id: row.id,
    linkId: row.link_id,
    expiresAt: new Date(row.expires_at),
    verifiedAt: at(row.verified_at),
    openedAt: at(row.opened_at),
  };
}

/** When each of these shares' links locked (shares whose link never locked are absent). */
export async function lockTimesOfShares(db: Db, shareIds: readonly string[]): Promise<Map<string, Date>> {
  if (shareIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('share_links')
    .select(['share_id', 'locked_at'])
    .where('share_id', 'in', shareIds)
    .where('locked_at', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.share_id, new Date(r.locked_at!)]));
}

/** A wrong answer to the identity check: the count after it. */
export async function recordFailure(db: Db, linkId: string): Promise<number> {
  const row = await db
    .updateTable('share_links')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', linkId)
    .returning('failed_attempts')
    .executeTakeFirstOrThrow();
  return row.failed_attempts;
}

/** Sets one of the link's write-once columns, only while it is still empty. */
async function setLinkOnce(
  db: Db,
  linkId: string,
  values: { browser_hash: string } | { used_at: Date },
): Promise<void> {
  const column = 'browser_hash' in values ? 'browser_hash' : 'used_at';
  await db
    .updateTable('share_links')
    .set(values)
    .where('id', '=', linkId)
    .where(column, 'is', null)
    .execute();
}

/** Binds the link to the browser that first answered its challenge (only while it is bound to none). */
export async function bindBrowser(db: Db, linkId: string, browserHash: string): Promise<void> {
  await setLinkOnce(db, linkId, { browser_hash: browserHash });
}

export async function lockLink(db: Db, linkId: string, at: Date): Promise<void> {
  await db.updateTable('share_links').set({ locked_at: at }).where('id', '=', linkId).execute();
}

/** The identity check passed: the session may read the result; the link's first use is stamped once. */
export async function markVerified(db: Db, sessionId: string, linkId: string, at: Date): Promise<void> {
  await db.updateTable('share_link_sessions').set({ verified_at: at }).where('id', '=', sessionId).execute();
  await setLinkOnce(db, linkId, { used_at: at });
}

/** Stamps the session's first reading of the result: true only for the first. */
export async function markOpened(db: Db, sessionId: string, at: Date): Promise<boolean> {
  const done = await db
    .updateTable('share_link_sessions')
    .set({ opened_at: at })
    .where('id', '=', sessionId)
    .where('opened_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
