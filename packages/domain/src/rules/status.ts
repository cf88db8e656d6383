import type { ApplicationStatus, Channel } from '../codes';

export type StatusSource =
  | { kind: 'draft'; summaryStatus: ApplicationStatus }
  | { kind: 'result'; isUnderReview: boolean; shared: boolean; viewed: boolean };

/** Section 4: a draft keeps its summary status; a result is under review, shared, viewed or ready, in that order. */
export function deriveApplicationStatus(source: StatusSource): ApplicationStatus {
  if (source.kind === 'draft') return source.summaryStatus;
  if (source.isUnderReview) return 'REVIEW_REQUESTED';
  if (source.shared) return 'RESULT_SHARED';
  if (source.viewed) return 'RESULT_VIEWED';
  return 'RESULT_READY';
}

/**
 * The status an application takes once submitted (its declaration made and nothing left to pay): B2B_SUBMITTED
 * for one that came through the organisations' B2B channel (a CSV batch row, channel B), SUBMITTED otherwise
 * (decision 0053).
 */
export function submittedStatusFor(channel: Channel | string): 'SUBMITTED' | 'B2B_SUBMITTED' {
  return channel === 'B' ? 'B2B_SUBMITTED' : 'SUBMITTED';
}
