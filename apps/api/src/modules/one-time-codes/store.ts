import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';

// The only code that reads or writes one_time_codes (an account's codes) and share_link_codes (a basic link's).

/** Whose codes: an applicant's account (for a purpose, such as the step-up before sharing) or a basic share link. */
export type CodeSubject =
  { kind: 'account'; userId: string; purpose: string } | { kind: 'link'; linkId: string };

/** A code as the life cycle checks it: its keyed hash, when it was sent and its wrong attempts so far. */
export interface StoredCode {
  id: string;
  codeHash: string;
  issuedAt: Date;
  failedAttempts: number;
}

type CodeTable = 'one_time_codes' | 'share_link_codes';

const TABLES = { account: 'one_time_codes', link: 'share_link_codes' } as const satisfies Record<
  CodeSubject['kind'],
  CodeTable
>;

/** The subject's codes among its table's rows. */
function ofSubject(eb: ExpressionBuilder<Database, CodeTable>, subject: CodeSubject): Expression<SqlBool> {
  return subject.kind === 'account'
    ? eb.and([eb('user_id', '=', subject.userId), eb('purpose', '=', subject.purpose)])
    : eb('link_id', '=', subject.linkId);
}

/** A new code replaces any earlier unused one of its subject: only the latest can be used. */
export async function insertCode(
  db: Db,
  subject: CodeSubject,
  code: { id: string; codeHash: string; issuedAt: Date },
): Promise<void> {
  await db
    .updateTable(TABLES[subject.kind])
    .set({ used_at: code.issuedAt })
    .where((eb) => ofSubject(eb, subject))
    .where('used_at', 'is', null)
    .execute();
  const row = { id: code.id, code_hash: code.codeHash, issued_at: code.issuedAt };
  if (subject.kind === 'account')
    await db
      .insertInto('one_time_codes')
      .values({ ...row, user_id: subject.userId, purpose: subject.purpose })
      .execute();
  else
    await db
      .insertInto('share_link_codes')
      .values({ ...row, link_id: subject.linkId })
      .execute();
}

/** When the subject's codes were requested since `since`. */
export async function requestTimes(db: Db, subject: CodeSubject, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom(TABLES[subject.kind])
    .select('issued_at')
    .where((eb) => ofSubject(eb, subject))
    .where('issued_at', '>', since)
    .execute();
  return rows.map((r) => new Date(r.issued_at));
}

/** The subject's one unused code (a new code marks earlier ones used), locked for the check. */
export async function currentCode(db: Db, subject: CodeSubject): Promise<StoredCode | undefined> {
  const row = await db
    .selectFrom(TABLES[subject.kind])
    .select(['id', 'code_hash', 'issued_at', 'failed_attempts'])
    .where((eb) => ofSubject(eb, subject))
    .where('used_at', 'is', null)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    codeHash: row.code_hash,
    issuedAt: new Date(row.issued_at),
    failedAttempts: row.failed_attempts,
  };
}

export async function recordFailure(db: Db, subject: CodeSubject, id: string): Promise<void> {
  await db
    .updateTable(TABLES[subject.kind])
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Uses a code once: false when another request used it first. */
export async function markUsed(db: Db, subject: CodeSubject, id: string, at: Date): Promise<boolean> {
  const done = await db
    .updateTable(TABLES[subject.kind])
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The wrong codes entered for the subject over its whole life, across every code sent for it. */
export async function failedAttempts(db: Db, subject: CodeSubject): Promise<number> {
  const row = await db
    .selectFrom(TABLES[subject.kind])
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('failed_attempts'), eb.lit(0)).as('total'))
    .where((eb) => ofSubject(eb, subject))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
