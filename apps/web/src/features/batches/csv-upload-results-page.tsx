import { csvPollIntervalMs } from '@dis/domain';
import type { BatchStatus } from '@dis/domain/contracts';
import { useQuery } from '../../lib/query';
import { useTranslation } from '../../i18n/react';
import { Link, useSearchParams } from '../../lib/router';
import { LinkButton } from '../../components/button';
import { SummaryList, WarningText } from '../../components/content';
import { LoadingPage } from '../../components/loading-page';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { useHydrated } from '../../lib/server-render';
import { NotFoundPage } from '../../components/not-found-page';
import { batchQueryKey, errorReportHref, getBatch } from './api';
import { BatchRows } from './batch-rows';

/**
 * Spec 01 section 4: every 1000 ms while AWAITING, 1500 ms while SUBMITTED, stop at PROCESSED or FAILED. Decided
 * from the status last received each time, and kept up while the page is in the background: polling paused in a
 * hidden tab (react-query's default) was how the page once stayed on "Waiting to be processed" with no further
 * calls while the batch was processed (decision 0053).
 */
export function batchPollInterval(status: BatchStatus | undefined): number | false {
  return status === 'AWAITING' || status === 'SUBMITTED' ? (csvPollIntervalMs(status) ?? false) : false;
}

/** /b2b/csv-upload-results?id=: the uploaded file's status, polled until it is processed, and its rows. */
export function CsvUploadResultsPage() {
  const { t } = useTranslation();
  usePageTitle(t('batches.resultsTitle'));
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // The page polls in the browser; without JavaScript a link asks again.
  const hydrated = useHydrated();
  const batch = useQuery({
    queryKey: batchQueryKey(id),
    queryFn: () => getBatch(id),
    enabled: id !== '',
    refetchInterval: (query) => batchPollInterval(query.state.data?.metadata.status),
    refetchIntervalInBackground: true,
  });

  if (!id || (batch.error instanceof ApiError && batch.error.status === 404)) return <NotFoundPage />;
  if (batch.isPending) return <LoadingPage />;
  if (batch.isError) return <NotificationBanner type="error" heading={t('batches.notFound')} />;

  const { metadata, applicationSummaries } = batch.data;
  const statusText = t(`batches.status.${metadata.status}`);
  const errorRows = applicationSummaries.filter((row) => row.errors.length > 0).length;

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-full">
        <h1 className="govuk-heading-l">{t('batches.resultsTitle')}</h1>
        {/* Announces each change of status while the page polls. */}
        <div className="govuk-visually-hidden" role="status" aria-live="polite">
          {t('batches.liveStatus', { status: statusText })}
        </div>
        <SummaryList
          rows={[
            { key: t('batches.fileName'), value: metadata.filename },
            { key: t('batches.statusLabel'), value: statusText },
            { key: t('batches.applications'), value: String(metadata.applications) },
            { key: t('batches.ready'), value: String(metadata.readyApplications) },
            { key: t('batches.submitted'), value: String(metadata.submittedApplications) },
          ]}
        />
        {!hydrated && (metadata.status === 'AWAITING' || metadata.status === 'SUBMITTED') && (
          <p className="govuk-body">
            <a className="govuk-link" href={`/b2b/csv-upload-results?id=${encodeURIComponent(id)}`}>
              {t('batches.checkProgress')}
            </a>
          </p>
        )}
        {metadata.status === 'PROCESSED' && (
          <>
            <h2 className="govuk-heading-m">{t('batches.processedHeading')}</h2>
            <p className="govuk-body">{t('batches.processedBody')}</p>
            <LinkButton href="/dashboard">{t('batches.backToDashboard')}</LinkButton>
          </>
        )}
        {metadata.status === 'FAILED' && <WarningText>{t('batches.failedBody')}</WarningText>}
        <ul className="govuk-list">
          {errorRows > 0 && (
            <li>
              <a className="govuk-link" href={errorReportHref(metadata.id)} download>
                {t('batches.errorReport')}
              </a>
            </li>
          )}
          <li>
            <Link className="govuk-link" to="/b2b/csv-upload">
              {t('batches.uploadAgain')}
            </Link>
          </li>
        </ul>
        <BatchRows rows={applicationSummaries} />
      </div>
    </div>
  );
}
