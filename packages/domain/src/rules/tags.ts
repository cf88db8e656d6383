import type { ApplicationStatus } from '../codes';

export type TagColour = 'grey' | 'yellow' | 'green' | 'blue' | 'red' | 'orange' | 'purple';
export type TagAudience = 'applicant' | 'organisation';

export interface StatusTag {
  text: string;
  /** Full class list for govuk-tag, e.g. `govuk-tag govuk-tag--grey`. */
  classes: string;
  colour: TagColour;
}

// B2B_SUBMITTED has no colour or wording in the spec: it is a submitted application, so it reads and
// looks like SUBMITTED (docs/decisions/0003-rules-where-the-spec-is-silent.md).
const TAGS: Record<ApplicationStatus, { colour: TagColour; applicant: string; organisation: string }> = {
  READY_TO_START: { colour: 'orange', applicant: 'Ready to start', organisation: 'Ready to start' },
  SUBMITTED: { colour: 'blue', applicant: 'Submitted', organisation: 'Submitted' },
  B2B_SUBMITTED: { colour: 'blue', applicant: 'Submitted', organisation: 'Submitted' },
  RESULT_ISSUED: { colour: 'purple', applicant: 'Result issued', organisation: 'Result issued' },
  RESULT_READY: { colour: 'yellow', applicant: 'Result ready', organisation: 'Not viewed' },
  RESULT_VIEWED: { colour: 'green', applicant: 'Result viewed', organisation: 'Viewed' },
  REVIEW_REQUESTED: { colour: 'grey', applicant: 'Review requested', organisation: 'Review requested' },
  RESULT_SHARED: { colour: 'purple', applicant: 'Result shared', organisation: 'Result shared' },
  EXPIRED: { colour: 'red', applicant: 'Expired', organisation: 'Expired' },
  TERMINATED: { colour: 'red', applicant: 'Terminated', organisation: 'Terminated' },
  WITH_APPLICANT: { colour: 'grey', applicant: 'With applicant', organisation: 'With applicant' },
  PAYMENT_FAILED: { colour: 'red', applicant: 'Payment failed', organisation: 'Payment failed' },
};

export function statusTag(status: ApplicationStatus, audience: TagAudience): StatusTag {
  const tag = TAGS[status];
  return { text: tag[audience], colour: tag.colour, classes: `govuk-tag govuk-tag--${tag.colour}` };
}

/** The results-summary table tag: viewed or not viewed. */
export function viewedTag(viewed: boolean): StatusTag {
  return statusTag(viewed ? 'RESULT_VIEWED' : 'RESULT_READY', 'organisation');
}
