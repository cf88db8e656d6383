import { csvPollIntervalMs, isApplicationStatus, mustTickSchema, statusTag } from '@dis/domain';
import { type BulkApplicationResult } from '@dis/domain/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from '../../lib/forms';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button, LinkButton } from '../../components/button';
import { Checkboxes } from '../../components/checkboxes';
import { SummaryList, Table, Tag, WarningText } from '../../components/content';
import { ErrorSummary } from '../../components/error-summary';
import { FormToken } from '../../components/form-token';
import { LoadingPage } from '../../components/loading-page';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { useHydrated, usePostedForm } from '../../lib/server-render';
import { useErrorText } from '../../i18n';
import { NotFoundPage } from '../../components/not-found-page';
import { batchQueryKey, errorReportHref, getBatch, submitBatch } from './api';

export const declarationSchema = z.object({ agreed: mustTickSchema('batches.declarationRequired') });

/** A row's tag: ready or errors before processing, then the organisation's tag of its application's status. */
function RowStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  if (isApplicationStatus(status)) {
    const tag = statusTag(status, 'organisation');
    return <Tag colour={tag.colour}>{tag.text}</Tag>;
  }
  return (
    <Tag colour={status === 'ERRORS' ? 'red' : 'green'}>
      {t(`batches.rowStatuses.${status}`, { defaultValue: status })}
    </Tag>
  );
}

export function CsvUploadResultsPage() {
  const { t } = useTranslation();
  usePageTitle(t('batches.resultsTitle'));
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const client = useQueryClient();
  // The page polls in the browser; without JavaScript a link asks again.
  const hydrated = useHydrated();
  const batch = useQuery({
    queryKey: batchQueryKey(id),
    queryFn: () => getBatch(id),
    enabled: id !== '',
    // Spec 01 section 4: every 1000 ms while AWAITING, 1500 ms while SUBMITTED, stop at PROCESSED or FAILED.
    refetchInterval: (query) => {
      const status = query.state.data?.metadata.status;
      return status === 'AWAITING' || status === 'SUBMITTED' ? (csvPollIntervalMs(status) ?? false) : false;
    },
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
        {metadata.status === 'PREVIEW' && (
          <Preview
            result={batch.data}
            errorRows={errorRows}
            onSubmitted={(result) => client.setQueryData(batchQueryKey(id), result)}
          />
        )}
        {metadata.status === 'PROCESSED' && (
          <>
            <h2 className="govuk-heading-m">{t('batches.processedHeading')}</h2>
            <p className="govuk-body">{t('batches.processedBody')}</p>
            <LinkButton href="/dashboard">{t('batches.backToDashboard')}</LinkButton>
          </>
        )}
        {metadata.status === 'FAILED' && <WarningText>{t('batches.failedBody')}</WarningText>}
        {errorRows > 0 && metadata.status !== 'PREVIEW' && (
          <p className="govuk-body">
            <a className="govuk-link" href={errorReportHref(metadata.id)} download>
              {t('batches.errorReport')}
            </a>
          </p>
        )}
        <Table
          caption={t('batches.rowsCaption')}
          firstCellIsHeader
          columns={[
            { key: 'row', header: t('batches.row'), numeric: true },
            { key: 'lastName', header: t('batches.lastName') },
            { key: 'status', header: t('batches.rowStatus') },
            { key: 'reference', header: t('batches.reference') },
            { key: 'errors', header: t('batches.rowErrors') },
          ]}
          rows={applicationSummaries.map((row) => ({
            key: String(row.index),
            cells: {
              row: String(row.index),
              lastName: row.applicantSurname ?? '',
              status: <RowStatus status={row.applicationStatus} />,
              reference: row.applicationReference ?? '',
              errors: row.errors.length ? (
                <ul className="govuk-list">
                  {row.errors.map((error) => (
                    <li key={error.field + error.reason}>
                      <strong>{error.field}</strong>: {error.reason}
                    </li>
                  ))}
                </ul>
              ) : (
                ''
              ),
            },
          }))}
        />
      </div>
    </div>
  );
}

function Preview({
  result,
  errorRows,
  onSubmitted,
}: {
  result: BulkApplicationResult;
  errorRows: number;
  onSubmitted: (result: BulkApplicationResult) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { metadata } = result;
  const form = useForm<z.input<typeof declarationSchema>>({
    resolver: zodResolver(declarationSchema),
    shouldFocusError: false,
  });
  const submit = useMutation({ mutationFn: () => submitBatch(metadata.id), onSuccess: onSubmitted });
  // Refused without JavaScript (actions.ts): the server's answer until the person submits again here.
  const posted = usePostedForm();
  const [showPosted, setShowPosted] = useState(true);
  const fieldError = errorText(
    form.formState.errors.agreed?.message ?? (showPosted ? posted?.errors.agreed : undefined),
  );
  const serverError = submit.isError
    ? submit.error instanceof ApiError && submit.error.status === 400
      ? submit.error.message
      : t('batches.submitError')
    : undefined;
  const message = fieldError ?? serverError;

  return (
    <>
      <ErrorSummary errors={message ? [{ href: '#agreed', text: message }] : []} />
      <h2 className="govuk-heading-m">{t('batches.previewHeading')}</h2>
      {errorRows === 0 && <p className="govuk-body">{t('batches.allReady')}</p>}
      {errorRows > 0 && metadata.readyApplications > 0 && (
        <WarningText>{t('batches.someErrors', { count: errorRows })}</WarningText>
      )}
      {metadata.readyApplications === 0 && <WarningText>{t('batches.noneReady')}</WarningText>}
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
      {metadata.readyApplications > 0 && !metadata.canSubmit && (
        <p className="govuk-body">{t('batches.uploaderSubmits')}</p>
      )}
      {metadata.readyApplications > 0 && metadata.canSubmit && (
        <form
          noValidate
          method="post"
          onSubmit={(event) => {
            setShowPosted(false);
            return form.handleSubmit(() => submit.mutate())(event);
          }}
        >
          <FormToken />
          <Checkboxes
            idPrefix="agreed"
            legend={t('batches.declarationLegend')}
            legendSize="s"
            error={message}
            register={form.register('agreed')}
            items={[{ value: 'true', label: t('batches.declarationLabel') }]}
          />
          <Button disabled={submit.isPending}>
            {t('batches.submit', { count: metadata.readyApplications })}
          </Button>
        </form>
      )}
    </>
  );
}
