import type { Db } from '../../platform/db/database';
import { newestFirst, rowsNewestFirst, setOnce } from '../../platform/db/rows';
import type { BasicApplicationsTable } from '../../platform/db/schema';
import type { Selectable } from 'kysely';

export type BasicApplicationRow = Selectable<BasicApplicationsTable>;

/** The most Basic applications the casework list shows. */
const CASEWORK_LIMIT = 200;

export function insertBasicApplication(
  db: Db,
  row: { appId: string; identityHash: string; applicantUserId: string | null; feePence: number; now: Date },
) {
  return db
    .insertInto('basic_applications')
    .values({
      app_id: row.appId,
      identity_hash: row.identityHash,
      applicant_user_id: row.applicantUserId,
      status: 'RECEIVED',
      fee_pence: row.feePence,
      created_at: row.now,
      status_last_changed: row.now,
    })
    .onConflict((oc) => oc.column('app_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findBasicApplication(db: Db, appId: string, forUpdate = false) {
  const query = db.selectFrom('basic_applications').selectAll().where('app_id', '=', appId);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function listBasicApplications(db: Db) {
  return db
    .selectFrom('basic_applications')
    .selectAll()
    .$call(newestFirst('app_id'))
    .limit(CASEWORK_LIMIT)
    .execute();
}

/** Unclaimed applications registered for this identity become the account's; returns their ids. */
export function claimForUser(db: Db, identityHash: string, userId: string): Promise<string[]> {
  return setOnce(
    db,
    'basic_applications',
    'applicant_user_id',
    userId,
    ['identity_hash', identityHash],
    'app_id',
  );
}

export function applicationsOfUser(db: Db, userId: string) {
  return rowsNewestFirst(db, 'basic_applications', ['applicant_user_id', userId], 'app_id').execute();
}

export function setBasicStatus(db: Db, appId: string, status: BasicApplicationRow['status'], now: Date) {
  return db
    .updateTable('basic_applications')
    .set({ status, status_last_changed: now })
    .where('app_id', '=', appId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
