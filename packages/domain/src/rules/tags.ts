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
type TagRow = { colour: TagColour; applicant: string; organisation: string };
/** A tag's colour and wording: the organisation's wording is the applicant's unless it is given. */
const tag = (colour: TagColour, applicant: string, organisation = applicant): TagRow => ({
  colour,
  applicant,
  organisation,
});

/**
 * Every application status (spec section 3), in the spec's order, with its tag: the statuses' one list (`codes.ts`
 * reads its keys as APPLICATION_STATUSES).
 */
export const STATUS_TAGS = {
  WITH_APPLICANT: tag('grey', 'With applicant'),
  READY_TO_START: tag('orange', 'Ready to start'),
  SUBMITTED: tag('blue', 'Submitted'),
  B2B_SUBMITTED: tag('blue', 'Submitted'),
  PAYMENT_FAILED: tag('red', 'Payment failed'),
  RESULT_ISSUED: tag('purple', 'Result issued'),
  RESULT_READY: tag('yellow', 'Result ready', 'Not viewed'),
  RESULT_VIEWED: tag('green', 'Result viewed', 'Viewed'),
  REVIEW_REQUESTED: tag('grey', 'Review requested'),
  RESULT_SHARED: tag('purple', 'Result shared'),
  EXPIRED: tag('red', 'Expired'),
  TERMINATED: tag('red', 'Terminated'),
};

export function statusTag(status: ApplicationStatus, audience: TagAudience): StatusTag {
  const tag = STATUS_TAGS[status];
  return { text: tag[audience], colour: tag.colour, classes: `govuk-tag govuk-tag--${tag.colour}` };
}

/** The results-summary table tag: viewed or not viewed. */
export function viewedTag(viewed: boolean): StatusTag {
  return statusTag(viewed ? 'RESULT_VIEWED' : 'RESULT_READY', 'organisation');
}
