import { describe, expect, it } from 'vitest';
import { howToApplyForReviewPath, isSchemeRecordType, reviewPresentation } from './review';

describe('reviewPresentation', () => {
  it('offers the share-or-review choice to review-eligible scheme records only', () => {
    expect(isSchemeRecordType('SR')).toBe(true);
    expect(isSchemeRecordType('LB')).toBe(false);
    expect(
      reviewPresentation({ type: 'SR', isReviewEligible: true, underConsideration: false })
        .shareOrReviewChoice,
    ).toBe(true);
    expect(
      reviewPresentation({ type: 'ER', isReviewEligible: false, underConsideration: false })
        .shareOrReviewChoice,
    ).toBe(false);
    expect(
      reviewPresentation({ type: 'LC', isReviewEligible: true, underConsideration: false })
        .shareOrReviewChoice,
    ).toBe(false);
  });

  it.each([
    [false, false, false, false],
    [true, false, true, false],
    [false, true, true, true],
    [true, true, true, false],
  ])(
    'eligible %s, under consideration %s -> section %s, share button %s',
    (isReviewEligible, underConsideration, section, button) => {
      const view = reviewPresentation({ type: 'PA', isReviewEligible, underConsideration });
      expect(view.underConsiderationSection).toBe(section);
      expect(view.underConsiderationShareButton).toBe(button);
    },
  );

  it('builds the how-to-apply path with the review expiry date', () => {
    expect(howToApplyForReviewPath('r1', '2026-06-01')).toBe(
      '/results/r1/how-to-apply-for-review?reviewExpiryDate=2026-06-01',
    );
  });
});
