import { BASIC_VIEWING_MINUTES } from '@dis/domain';
import { useCallback } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useParams } from '../../lib/router';
import { BackLink } from '../../components/back-link';
import { WarningText } from '../../components/content';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page-title';
import { NOTICES } from '../../lib/notices';
import { NotFoundPage } from '../../components/not-found-page';
import { backendCodeOf, statusOf, useBasicResult } from './api';
import { Countdown } from './countdown';
import { ShareExpiredNote, shareStateOf } from './share-state';
import { ResultDetails } from '../../components/result-details';
import { DeadEndPage } from '../../components/dead-end-page';
import { Column } from '../../components/column';

function BasicEnded() {
  const { t } = useTranslation();
  return (
    <DeadEndPage
      title={t('results.basic.endedTitle')}
      paragraphs={[t('results.basic.ended', { minutes: BASIC_VIEWING_MINUTES })]}
    />
  );
}

/**
 * /results/{resultId}/basic: a Basic disclosure, readable for 15 minutes from its first opening. The
 * server counts the time and refuses afterwards; the page counts down from the server's answer and
 * leaves for the dashboard when the time is up.
 */
export function BasicResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { resultId = '' } = useParams();
  const title = t('results.basicTitle');
  usePageTitle(title);
  const query = useBasicResult(resultId);
  const leave = useCallback(
    () =>
      void navigate('/applicant/dashboard', { replace: true, state: { notice: NOTICES.basicResultEnded } }),
    [navigate],
  );

  if (query.isPending) return <LoadingPage />;
  if (query.isError) {
    if (backendCodeOf(query.error) === 'BASIC_RESULT_TIMED_OUT' || statusOf(query.error) === 410)
      return <BasicEnded />;
    if (statusOf(query.error) === 404) return <NotFoundPage />;
    throw query.error;
  }
  const result = query.data;
  // The server's remaining time, counted on this computer's clock from when the answer arrived, so a
  // difference between the two clocks cannot lengthen or shorten it.
  const endsAt = query.dataUpdatedAt + result.basicViewing.remainingMs;
  return (
    <>
      <BackLink to="/dashboard" text={t('results.backToApplications')} />
      <Column>
        <h1 className="govuk-heading-l">{title}</h1>
        <WarningText>{t('results.basic.warning', { minutes: BASIC_VIEWING_MINUTES })}</WarningText>
        <Countdown endsAt={endsAt} remainingMs={result.basicViewing.remainingMs} onEnd={leave} />
      </Column>
      <ResultDetails result={result} />
      <p className="govuk-body app-no-print">
        <Link
          className="govuk-button govuk-button--secondary"
          role="button"
          to={`/results/${encodeURIComponent(result.resultId)}/basic/print`}
        >
          {t('resultChecks.print.button')}
        </Link>
      </p>
      <Column>
        {result.shareAllowedNow && (
          <>
            <h2 className="govuk-heading-m">{t('results.share.heading')}</h2>
            <p className="govuk-body">{t('results.basic.shareIntro')}</p>
            <p className="govuk-body">
              <Link
                className="govuk-link"
                to={`/share-result?resultId=${encodeURIComponent(result.resultId)}`}
              >
                {t('results.share.link')}
              </Link>
            </p>
          </>
        )}
        {shareStateOf(result) === 'expired' && <ShareExpiredNote />}
      </Column>
    </>
  );
}
