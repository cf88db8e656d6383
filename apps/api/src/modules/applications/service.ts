import { daysLeft, type ApplicationStatus } from '@dis/domain';
import type { Db } from '../../platform/db/database';
import { listSummaries, type SummaryFilter } from './store';

export interface ApplicationSummary {
  id: string;
  reference: string;
  applicantName: string | null;
  status: ApplicationStatus;
  daysRemaining: number | null;
  type: string;
  organisationName: string | null;
}

export async function applicationSummaries(
  db: Db,
  filter: SummaryFilter,
  paging: { page: number; pageSize: number },
  now: Date,
): Promise<{ summaries: ApplicationSummary[]; totalElements: number }> {
  const { rows, total } = await listSummaries(db, filter, paging.page, paging.pageSize);
  return {
    totalElements: total,
    summaries: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      applicantName: row.applicant_name,
      status: row.status as ApplicationStatus,
      daysRemaining:
        row.expired_duration_days === null
          ? null
          : daysLeft(row.expired_duration_days, row.status_last_changed, now),
      type: row.type_code,
      organisationName: row.organisation_name,
    })),
  };
}
