import type { Db } from '../../platform/db/database';
import { newestFirst } from '../../platform/db/rows';

export async function insertReport(
  db: Db,
  report: {
    id: string;
    organisation_code: string;
    countersignatory_id: string;
    details: Record<string, unknown>;
    sent_to: string;
    notify_id: string | null;
    created_at: Date;
  },
): Promise<void> {
  await db
    .insertInto('organisation_detail_reports')
    .values({ ...report, details: JSON.stringify(report.details) })
    .execute();
}

export function listReports(db: Db, organisationCode: string) {
  return db
    .selectFrom('organisation_detail_reports')
    .select(['id', 'created_at', 'details'])
    .where('organisation_code', '=', organisationCode)
    .$call(newestFirst())
    .limit(20)
    .execute();
}
