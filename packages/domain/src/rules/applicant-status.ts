import type { ApplicationStatus } from '../codes';
import { DAY_MS } from './dates';

/**
 * The applicant's view of an application's status (document 2 section 4): an application the organisation
 * handed over (WITH_APPLICANT) is READY_TO_START for the applicant until it is submitted; every other status
 * reads the same on both sides.
 */
export function applicantStatusView(status: ApplicationStatus): ApplicationStatus {
  return status === 'WITH_APPLICANT' ? 'READY_TO_START' : status;
}

export interface ExpiringApplication {
  status: string;
  statusLastChanged: Date | string;
  /** Null for applications that never expire (the applicant started them). */
  expiredDurationDays: number | null;
}

/** Statuses in which a handed-over application is still waiting for the applicant and so can run out. */
export const EXPIRING_STATUSES: readonly ApplicationStatus[] = ['WITH_APPLICANT', 'READY_TO_START'];

/**
 * Applications expire after their duration (14 days) counted from the hand-over and cannot be reactivated:
 * true once EXPIRED, or while still waiting for the applicant when the whole duration has passed.
 */
export function hasApplicationExpired(application: ExpiringApplication, now: Date): boolean {
  if (application.status === 'EXPIRED') return true;
  if (application.expiredDurationDays === null) return false;
  if (!(EXPIRING_STATUSES as readonly string[]).includes(application.status)) return false;
  const since = now.getTime() - new Date(application.statusLastChanged).getTime();
  return since >= application.expiredDurationDays * DAY_MS;
}
