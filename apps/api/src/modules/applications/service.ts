import { applicantStatusView, daysLeft, type ApplicationStatus } from '@dis/domain';
import type { Db } from '../../platform/db/database';
import { hasExpired } from './draft-store';
import { listSummaries, type SummaryFilter } from './store';

export interface ApplicationSummary {
  id: string;
  reference: string;
  applicantName: string | null;
  status: ApplicationStatus;
  daysRemaining: number | null;
  type: string;
  organisationName: string | null;
  /** Applicants only: the organisation's payment type, which decides between the two Level 2 journeys. */
  onlinePaymentType?: string | null;
}

export async function applicationSummaries(
  db: Db,
  filter: SummaryFilter,
  paging: { page: number; pageSize: number },
  now: Date,
  /** The applicant sees a handed-over application as READY_TO_START (and an overdue one as EXPIRED). */
  audience: 'organisation' | 'applicant' = 'organisation',
): Promise<{ summaries: ApplicationSummary[]; totalElements: number }> {
  const { rows, total } = await listSummaries(db, filter, paging.page, paging.pageSize);
  return {
    totalElements: total,
    summaries: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      applicantName: row.applicant_name,
      status: statusFor(row, now, audience),
      daysRemaining:
        row.expired_duration_days === null
          ? null
          : daysLeft(row.expired_duration_days, row.status_last_changed, now),
      type: row.type_code,
      organisationName: row.organisation_name,
      ...(audience === 'applicant' ? { onlinePaymentType: row.online_payment_type } : {}),
    })),
  };
}

function statusFor(
  row: { status: string; status_last_changed: Date; expired_duration_days: number | null },
  now: Date,
  audience: 'organisation' | 'applicant',
): ApplicationStatus {
  // Between the 14th day and the next run of the expiry job the row still says WITH_APPLICANT.
  if (hasExpired(row, now)) return 'EXPIRED';
  const status = row.status as ApplicationStatus;
  return audience === 'applicant' ? applicantStatusView(status) : status;
}
