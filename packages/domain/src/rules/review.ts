import type { ApplicationTypeCode } from '../codes';
import { SCHEME_RECORD_TYPES } from '../codes';

export function isSchemeRecordType(type: ApplicationTypeCode): boolean {
  return (SCHEME_RECORD_TYPES as readonly ApplicationTypeCode[]).includes(type);
}

export interface ReviewFacts {
  type: ApplicationTypeCode;
  isReviewEligible: boolean;
  /** higherLevelResultInformation.underConsideration */
  underConsideration: boolean;
}

export interface ReviewPresentation {
  /** Scheme records that are review-eligible offer share or request a review. */
  shareOrReviewChoice: boolean;
  /** The under-consideration section, shown when review-eligible or under consideration. */
  underConsiderationSection: boolean;
  /** The share button inside that section: under consideration and not review-eligible. */
  underConsiderationShareButton: boolean;
}

export function reviewPresentation(facts: ReviewFacts): ReviewPresentation {
  return {
    shareOrReviewChoice: isSchemeRecordType(facts.type) && facts.isReviewEligible,
    underConsiderationSection: facts.isReviewEligible || facts.underConsideration,
    underConsiderationShareButton: facts.underConsideration && !facts.isReviewEligible,
  };
}

/** Review requested: the page is replaced by how-to-apply, showing the review expiry date. */
export function howToApplyForReviewPath(resultId: string, reviewExpiryDate: string): string {
  return `/results/${encodeURIComponent(resultId)}/how-to-apply-for-review?reviewExpiryDate=${encodeURIComponent(reviewExpiryDate)}`;
}
