import { DEFAULT_SERVICE_NAME, formatDigest, shareLinkErrorPage } from '@dis/domain';
import type { PrintedCheck } from '@dis/domain/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useParams, useSearchParams } from '../../lib/router';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { SummaryList } from '../../components/content';
import { LoadingPage } from '../../components/loading-page';
import { NotFoundPage } from '../../components/not-found-page';
import { useTitledPage } from '../../components/page-title';
import { ResultDetails, type ResultContentView } from '../../components/result-details';
import { ApiError } from '../../lib/api-client';
import { useConfig } from '../../lib/config';
import { formatLongDate } from '../../lib/format';
import { Navigate } from '../../lib/navigate';
import { useHydrated } from '../../lib/server-render';
import {
  useApplicantCheckCode,
  useBasicResultForPrint,
  useRecipientCheckCode,
  useResultForPrint,
  useSharedBasicResultForPrint,
  useSharedResultForPrint,
} from './api';

// The print layout of a result (issue 32, decision 0051): the applicant's (/results/:resultId/print) and a
// recipient's (/shared-result/print), and the same for a Basic result (/results/:resultId/basic/print and
// /shared-basic-result/print, decision 0057: read through the Basic result's own calls, so the server's time limits
// hold for the print as for the page). Each is a page of its own, so it works without JavaScript (the browser's
// own print command); with JavaScript a "Print or save as PDF" button opens the print dialogue. Printed, it shows
// the service's name, the result's reference, the issue date, the whole result, and the copy's check code with a
// QR code of the check page's address (the print stylesheet in app.css leaves out the service's header and
// footer, links and buttons).

/**
 * The print button where script runs, and how to print where it does not. Until the app has taken the page over
 * (and on a page it never takes over, decision 0074) the button is sent hidden, for the page's plain enhancements
 * (`app/enhance.ts`) to show.
 */
function PrintButton() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <div className="app-no-print">
      <Button
        type="button"
        variant="secondary"
        hidden={!hydrated}
        data-print-button=""
        onClick={() => window.print()}
      >
        {t('resultChecks.print.button')}
      </Button>
      <p className="govuk-body">{t('resultChecks.print.howTo')}</p>
    </div>
  );
}

/** The copy's check code, its QR code and the digest a checker compares. */
export function CheckPanel({ check }: { check: PrintedCheck }) {
  const { t } = useTranslation();
  return (
    <section className="app-check-panel" aria-labelledby="check-panel-heading">
      <h2 className="govuk-heading-m" id="check-panel-heading">
        {t('resultChecks.panel.heading')}
      </h2>
      <div className="app-check-panel__row">
        <div>
          <p className="govuk-body">{t('resultChecks.panel.intro', { url: check.checkUrl.split('?')[0] })}</p>
          <p className="govuk-body govuk-!-margin-bottom-1">{t('resultChecks.panel.codeLabel')}</p>
          <p className="app-check-code" id="check-code">
            {check.checkCode}
          </p>
          <p className="govuk-body-s">{t('resultChecks.panel.dateOfBirth')}</p>
        </div>
        <div
          className="app-qr-code"
          role="img"
          aria-label={t('resultChecks.panel.qrLabel', { url: check.checkUrl })}
          // An SVG the server drew from the check page's address (the qrcode library), no script in it.
          dangerouslySetInnerHTML={{ __html: check.qrSvg }}
        />
      </div>
      <p className="govuk-body-s">
        {t('resultChecks.panel.digest')} <code className="app-digest">{formatDigest(check.digest)}</code>
      </p>
    </section>
  );
}

function PrintLayout({
  back,
  check,
  reference,
  result,
  extra,
}: {
  back: ReactNode;
  check: PrintedCheck;
  reference: string;
  result: ResultContentView;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  return (
    <>
      {back}
      <div className="govuk-grid-row app-print-copy">
        <div className="govuk-grid-column-full">
          <p className="govuk-caption-l">{config?.serviceName ?? DEFAULT_SERVICE_NAME}</p>
          <h1 className="govuk-heading-l">
            {t('resultChecks.print.title', { type: result.disclosureType })}
          </h1>
          <PrintButton />
          {extra}
          <SummaryList
            rows={[
              { key: t('resultChecks.print.reference'), value: reference },
              { key: t('resultChecks.print.disclosureNumber'), value: check.disclosureNumber },
              { key: t('resultChecks.print.issued'), value: formatLongDate(check.dateOfIssue) },
              { key: t('resultChecks.print.checkCode'), value: check.checkCode },
            ]}
          />
          <CheckPanel check={check} />
          <ResultDetails result={result} />
        </div>
      </div>
    </>
  );
}

/** The recipient's way back from the print to the result shared with them (not printed). */
function BackToShared({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <p className="govuk-body app-no-print">
      <Link className="govuk-link" to={to}>
        {t('resultChecks.print.backToShared')}
      </Link>
    </p>
  );
}

/** /results/:resultId/print: the applicant's print of their result. */
export function ResultPrintPage() {
  const { t } = useTitledPage('resultChecks.print.pageTitle');
  const { resultId = '' } = useParams();
  const result = useResultForPrint(resultId);
  const check = useApplicantCheckCode(resultId);
  if (result.isError || check.isError) return <NotFoundPage />;
  if (!result.data || !check.data) return <LoadingPage />;
  const enc = encodeURIComponent(resultId);
  return (
    <PrintLayout
      back={<BackLink to={`/results/${enc}`} text={t('common.back')} />}
      check={check.data}
      reference={result.data.applicationReference}
      result={result.data}
      extra={
        <p className="govuk-body app-no-print">
          <a className="govuk-link" href={`/api/results/${enc}/signed`} download>
            {t('resultChecks.print.download')}
          </a>
          <br />
          <span className="govuk-body-s">{t('resultChecks.print.downloadHint')}</span>
        </p>
      }
    />
  );
}

/** /shared-result/print?sharedResultId=: the recipient's print of a result shared with them. */
export function SharedResultPrintPage() {
  useTitledPage('resultChecks.print.pageTitle');
  const [search] = useSearchParams();
  const id = search.get('sharedResultId') ?? '';
  const result = useSharedResultForPrint(id);
  const check = useRecipientCheckCode(id);
  if (!id || result.isError || check.isError)
    return <Navigate to="/error?code=invalid_link_broken_or_replaced" replace />;
  if (!result.data || !check.data) return <LoadingPage />;
  return (
    <PrintLayout
      back={<BackToShared to={`/shared-result?sharedResultId=${encodeURIComponent(id)}`} />}
      check={check.data}
      reference={check.data.applicationReference}
      result={result.data}
    />
  );
}

/** /results/:resultId/basic/print: the applicant's print of their Basic result, within its 15 minutes. */
export function BasicResultPrintPage() {
  const { t } = useTitledPage('resultChecks.print.pageTitle');
  const { resultId = '' } = useParams();
  const result = useBasicResultForPrint(resultId);
  const check = useApplicantCheckCode(resultId);
  const enc = encodeURIComponent(resultId);
  // The time to view it has ended: the Basic result page says so.
  if (result.error instanceof ApiError && result.error.status === 410)
    return <Navigate to={`/results/${enc}/basic`} replace />;
  if (result.isError || check.isError) return <NotFoundPage />;
  if (!result.data || !check.data) return <LoadingPage />;
  return (
    <PrintLayout
      back={<BackLink to={`/results/${enc}/basic`} text={t('common.back')} />}
      check={check.data}
      reference={result.data.applicationReference}
      result={result.data}
    />
  );
}

/** /shared-basic-result/print?sharedResultId=&viewId=: the recipient's print of a Basic result, within their time. */
export function SharedBasicResultPrintPage() {
  useTitledPage('resultChecks.print.pageTitle');
  const [search] = useSearchParams();
  const id = search.get('sharedResultId') ?? '';
  const viewId = search.get('viewId') ?? '';
  const result = useSharedBasicResultForPrint(id, viewId);
  const check = useRecipientCheckCode(id);
  const error = result.error ?? check.error;
  if (!id || !viewId || error) {
    const page = shareLinkErrorPage(
      error instanceof ApiError ? { backendCode: error.backendCode, status: error.status } : {},
      true,
    );
    return <Navigate to={page ? `/error?code=${page}` : '/error'} replace />;
  }
  if (!result.data || !check.data) return <LoadingPage />;
  return (
    <PrintLayout
      back={
        <BackToShared
          to={`/shared-basic-result?sharedResultId=${encodeURIComponent(id)}&viewId=${encodeURIComponent(viewId)}`}
        />
      }
      check={check.data}
      reference={check.data.applicationReference}
      result={result.data}
    />
  );
}
