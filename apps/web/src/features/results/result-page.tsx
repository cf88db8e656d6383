import { RESULT_VIEWING_DAYS, reviewPresentation, type ShareSectionState } from '@dis/domain';
import { type Result } from '@dis/domain/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useParams } from '../../lib/router';
import { BackLink } from '../../components/back-link';
import { InsetText, LinkParagraph } from '../../components/content';
import { NotificationBanner } from '../../components/notification-banner';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page-title';
import { formatInstantDate, formatLongDate } from '../../lib/format';
import { NotFoundPage } from '../../components/not-found-page';
import { backendCodeOf, statusOf, useResult } from './api';
import { ResultDetails, UnderConsideration } from '../../components/result-details';
import { useYesNoQuestion } from './yes-no-form';
import { ShareExpiredNote, shareStateOf } from './share-state';
import { DeadEndPage } from '../../components/dead-end-page';
import { Column } from '../../components/column';

const enc = encodeURIComponent;
export const resultPath = (id: string) => `/results/${enc(id)}`;

/** The id of the appeal question's fieldset, which the banner at the top of the result links to. */
export const APPEAL_QUESTION_ID = 'appeal-question';

/** After the 14 days from the first view. */
function NoLongerAvailable() {
  const { t } = useTranslation();
  return (
    <DeadEndPage
      title={t('results.noLongerAvailable.title')}
      paragraphs={
        t('results.noLongerAvailable.paragraphs', {
          returnObjects: true,
          days: RESULT_VIEWING_DAYS,
        }) as string[]
      }
    />
  );
}

/** Loads a result of the applicant's own; not found, no longer available and failures are pages. */
export function useResultPage(id: string) {
  const query = useResult(id);
  let fallback: ReactElement | null = null;
  if (query.isPending) fallback = <LoadingPage />;
  else if (query.isError) {
    if (backendCodeOf(query.error) === 'RESULT_VIEWING_EXPIRED' || statusOf(query.error) === 410)
      fallback = <NoLongerAvailable />;
    else if (statusOf(query.error) === 404) fallback = <NotFoundPage />;
    else throw query.error;
  }
  return { result: query.data, fallback };
}

/**
 * A titled page about the applicant's own result, its id in the path: the id, and the result or the page shown
 * instead (loading, not found, no longer available).
 */
export function useOwnResultPage(title: string) {
  const { resultId = '' } = useParams();
  usePageTitle(title);
  return { resultId, ...useResultPage(resultId) };
}

/** What the applicant is told about appeals and reviews, above the result. */
function StatusNotes({ result, state }: { result: Result; state: ShareSectionState }) {
  const { t } = useTranslation();
  return (
    <>
      {result.daysRemaining !== null && (
        <p className="govuk-body">{t('results.status.viewedDays', { count: result.daysRemaining })}</p>
      )}
      {result.releasedToOrganisationOn && (
        <p className="govuk-body">
          {t('results.released', { date: formatInstantDate(result.releasedToOrganisationOn) })}
        </p>
      )}
      {state === 'appeal-pending' && (
        <InsetText>
          <h2 className="govuk-heading-s">{t('results.appeal.pendingHeading')}</h2>
          <p className="govuk-body">
            {result.appealDeadline
              ? t('results.appeal.pending', { date: formatLongDate(result.appealDeadline) })
              : t('results.appeal.pendingNoDate')}
          </p>
        </InsetText>
      )}
      {state === 'review-in-progress' && (
        <InsetText>
          <p className="govuk-body">{t('results.share.reviewInProgress')}</p>
          <LinkParagraph to={`${resultPath(result.resultId)}/how-to-apply-for-review`}>
            {t('results.review.inProgressLink')}
          </LinkParagraph>
        </InsetText>
      )}
    </>
  );
}

/** /results/{resultId}: the applicant's own higher-level result. */
export function ResultPage() {
  const { t } = useTranslation();
  const { result, fallback } = useOwnResultPage(t('results.title'));
  if (fallback || !result) return fallback;
  return <ResultView result={result} />;
}

function ResultView({ result }: { result: Result }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const base = resultPath(result.resultId);
  const shareState = shareStateOf(result);
  const appeal = useYesNoQuestion({
    loadSchema: () => import('./validation').then((m) => m.intendToAppealFormSchema),
    name: 'intendsToAppeal',
    legend: t('results.appeal.legend'),
    hint: t('results.appeal.hint'),
    fieldsetId: APPEAL_QUESTION_ID,
    submitText: t('results.appeal.continue'),
    onAnswer: (yes) => void navigate(yes ? `${base}/confirm-appealing` : `${base}/release`),
  });
  const review = reviewPresentation({
    type: result.disclosureTypeShortCode,
    isReviewEligible: result.isReviewEligible,
    underConsideration: result.higherLevelResultInformation?.underConsideration ?? false,
  });
  const canRequestReview =
    review.shareOrReviewChoice && !result.isUnderReview && result.reviewDecision === null;
  // After casework recorded the appeal's outcome the applicant may release the result themselves.
  const canReleaseAfterAppeal =
    result.appealDecision === 'INTENDS_TO_APPEAL' &&
    result.appealOutcome !== null &&
    result.releasedToOrganisationOn === null;

  return (
    <>
      <BackLink to="/dashboard" text={t('results.backToApplications')} />
      <Column>
        {result.appealQuestion && appeal.errorSummary}
        {/* The question comes after the whole result; the banner says at the top that a decision is needed. */}
        {result.appealQuestion && (
          <NotificationBanner heading={t('results.appeal.bannerHeading')}>
            <p className="govuk-body">
              <a className="govuk-notification-banner__link" href={`#${APPEAL_QUESTION_ID}`}>
                {t('results.appeal.bannerLink')}
              </a>
            </p>
          </NotificationBanner>
        )}
        <h1 className="govuk-heading-l">{t('results.title')}</h1>
        <StatusNotes result={result} state={shareState} />
        {review.underConsiderationSection && <UnderConsideration result={result} />}
      </Column>
      {/* The result brings its own rows, so its tables can use the page's full width. */}
      <ResultDetails result={result} />
      <p className="govuk-body app-no-print">
        <Link className="govuk-button govuk-button--secondary" role="button" to={`${base}/print`}>
          {t('resultChecks.print.button')}
        </Link>
      </p>
      <Column>
        {result.appealQuestion && appeal.form}
        {canReleaseAfterAppeal && (
          <LinkParagraph to={`${base}/release`}>{t('results.release.title')}</LinkParagraph>
        )}
        {result.shareAllowedNow && !canRequestReview && (
          <>
            <h2 className="govuk-heading-m">{t('results.share.heading')}</h2>
            <p className="govuk-body">
              {t('results.share.intro', { date: formatLongDate(result.shareExpiryDate) })}
            </p>
            <LinkParagraph to={`/share-result?resultId=${enc(result.resultId)}`}>
              {t('results.share.link')}
            </LinkParagraph>
          </>
        )}
        {/* After the share window (spec 02 section 4) the share section is replaced by the expired note. */}
        {shareState === 'expired' && <ShareExpiredNote />}
        {(result.resultSharedOn !== null || result.sharedPaperResult) && (
          <>
            <h2 className="govuk-heading-m">{t('results.whoCanSee.heading')}</h2>
            <p className="govuk-body">{t('results.whoCanSee.intro')}</p>
            <LinkParagraph to={`/who-can-see-my-result?resultId=${enc(result.resultId)}`}>
              {t('results.whoCanSee.link')}
            </LinkParagraph>
          </>
        )}
        {canRequestReview && (
          <>
            <h2 className="govuk-heading-m">{t('results.review.heading')}</h2>
            <p className="govuk-body">{t('results.review.intro')}</p>
            <LinkParagraph to={`${base}/share-or-review`}>{t('results.review.link')}</LinkParagraph>
          </>
        )}
      </Column>
    </>
  );
}
