import type { ApplicationStatus } from '../codes';

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
