import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { rowOf, setOnce } from '../../platform/db/rows';
import type { ResultCheckCodesTable, ResultChecksTable, ResultVersionsTable } from '../../platform/db/schema';

// The only code that reads or writes result_versions, result_check_codes and result_checks.

export type VersionRow = Selectable<ResultVersionsTable>;
export type CodeRow = Selectable<ResultCheckCodesTable>;

export function latestVersion(db: Db, resultId: string, lock = false): Promise<VersionRow | undefined> {
  const query = db
    .selectFrom('result_versions')
    .selectAll()
    .where('result_id', '=', resultId)
    .orderBy('version', 'desc')
    .limit(1);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function versionById(db: Db, id: string): Promise<VersionRow | undefined> {
  return db.selectFrom('result_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertVersion(db: Db, row: Insertable<ResultVersionsTable>): Promise<void> {
  await db.insertInto('result_versions').values(row).execute();
}

export async function markReplaced(db: Db, id: string, at: Date): Promise<void> {
  await setOnce(db, 'result_versions', 'replaced_at', at, ['id', id]);
}

/** The copy's code still in use for this version (not withdrawn), if one was made. */
export function activeCode(
  db: Db,
  versionId: string,
  copy: 'APPLICANT' | 'RECIPIENT',
  shareId: string | null,
): Promise<CodeRow | undefined> {
  let query = db
    .selectFrom('result_check_codes')
    .selectAll()
    .where('version_id', '=', versionId)
    .where('copy', '=', copy)
    .where('withdrawn_at', 'is', null);
  query = shareId === null ? query.where('share_id', 'is', null) : query.where('share_id', '=', shareId);
  return query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

export async function insertCode(db: Db, row: Insertable<ResultCheckCodesTable>): Promise<void> {
  await db.insertInto('result_check_codes').values(row).execute();
}

/** The code with this keyed hash, with whether its share (a recipient's copy) has been stopped. */
export function codeByHash(db: Db, codeHash: string) {
  return db
    .selectFrom('result_check_codes as codes')
    .leftJoin('share_facts as shares', 'shares.id', 'codes.share_id')
    .selectAll('codes')
    .select('shares.revoked_at as share_revoked_at')
    .where('codes.code_hash', '=', codeHash)
    .executeTakeFirst();
}

export function codesOf(db: Db, resultId: string) {
  return db
    .selectFrom('result_check_codes as codes')
    .innerJoin('result_versions as versions', 'versions.id', 'codes.version_id')
    .leftJoin('share_facts as shares', 'shares.id', 'codes.share_id')
    .selectAll('codes')
    .select(['versions.version', 'versions.replaced_at', 'shares.revoked_at as share_revoked_at'])
    .where('codes.result_id', '=', resultId)
    .orderBy('codes.created_at', 'desc')
    .orderBy('codes.id')
    .execute();
}

export function codeById(db: Db, resultId: string, id: string, lock = false) {
  return rowOf(db, 'result_check_codes', id, ['result_id', resultId], lock);
}

export async function withdrawCode(db: Db, id: string, at: Date): Promise<void> {
  await setOnce(db, 'result_check_codes', 'withdrawn_at', at, ['id', id]);
}

export async function insertCheck(db: Db, row: Insertable<ResultChecksTable>): Promise<void> {
  await db.insertInto('result_checks').values(row).execute();
}

export function checksOf(db: Db, resultId: string, limit: number) {
  return db
    .selectFrom('result_checks')
    .select(['code_id', 'outcome', 'checked_at'])
    .where('result_id', '=', resultId)
    .orderBy('checked_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
