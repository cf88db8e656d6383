import { shareSectionStateFor, type ShareSectionState } from '@dis/domain';
import { type Result } from '@dis/domain/contracts';
import { useTranslation } from '../../i18n/react';
import { InsetText } from '../../components/content';

/**
 * What the share part of a result page shows (spec 02 section 4). Whether the share window is open is the
 * server's answer (`shareWindowOpen`, on its clock), never the browser's: the page rendered on the server and
 * the page in the browser say the same.
 */
export function shareStateOf(result: Result): ShareSectionState {
  return shareSectionStateFor(
    {
      type: result.disclosureTypeShortCode,
      shareable: result.shareable,
      isUnderReview: result.isUnderReview,
      isReviewEligible: result.isReviewEligible,
      convictions: result.vettingInformation.convictions,
      appealDecision: result.appealDecision,
    },
    result.shareWindowOpen,
  );
}

/** In place of the share section once the share window has closed. */
export function ShareExpiredNote() {
  const { t } = useTranslation();
  return (
    <InsetText>
      <p className="govuk-body">{t('results.share.expired')}</p>
    </InsetText>
  );
}
