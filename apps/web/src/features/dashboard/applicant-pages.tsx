import {
  applicationDetailsPath,
  isApplicationStatus,
  APPLICATION_EXPIRY_DAYS,
  APPLICATION_TYPES,
  getApplicantJourney,
  isApplicationTypeCode,
  type ApplicantDraft,
  addressText,
} from '@dis/domain';
import { submittedApplicationContract } from '@dis/domain/contracts';
import { useTranslation } from '../../i18n/react';
import { Link, useParams } from '../../lib/router';
import { SummaryList } from '../../components/content';
import { Lines } from '../../components/lines';
import { LoadingPage } from '../../components/loading-page';
import { NotificationBanner } from '../../components/notification-banner';
import { callEndpoint } from '../../lib/endpoint-client';
import { formatDateAtTime } from '../../lib/format';
import { NotFoundPage } from '../../components/not-found-page';
import { ApplicationProgress } from './application-progress';
import { useRecordPage } from './record-page';
import { Column } from '../../components/column';
import { DeadEndPage } from '../../components/dead-end-page';

/** An application's dead end, told in the days an application lasts (its keys in full: decision 0046). */
function ExpiryDeadEnd({ titleKey, paragraphsKey }: { titleKey: string; paragraphsKey: string }) {
  const { t } = useTranslation();
  return (
    <DeadEndPage
      title={t(titleKey)}
      paragraphs={t(paragraphsKey, { returnObjects: true, days: APPLICATION_EXPIRY_DAYS }) as string[]}
    />
  );
}

/** /application-expired: 14 days passed; an expired application cannot be reactivated. */
export const ApplicationExpiredPage = () => (
  <ExpiryDeadEnd titleKey="applicationExpired.title" paragraphsKey="applicationExpired.paragraphs" />
);

/** /application-terminated: ask the organisation to start another, to be completed within 14 days. */
export const ApplicationTerminatedPage = () => (
  <ExpiryDeadEnd titleKey="applicationTerminated.title" paragraphsKey="applicationTerminated.paragraphs" />
);

type Submitted = ApplicantDraft & {
  applicationReference?: string;
  status?: string;
  organisationName?: string | null;
  applicationTypeCode?: string;
  /** The applicant journey the server says this application took. */
  journeyId?: string | null;
  /** An unverified Level 1: when its identity documents are due (decision 0055). */
  identityDocumentsDueBy?: string | null;
  applicant?: ApplicantDraft;
};

/**
 * /submitted/{applicationToken}: what was sent (document 2 section 3, submitted application), in the
 * journey's own check-your-answers rows, so the wording is the one the applicant confirmed.
 */
export function SubmittedApplicationPage() {
  const { t } = useTranslation();
  const { applicationToken = '' } = useParams();
  const title = t('submitted.title');
  // The contract passes the journey's answers through as they were stored (a loose object).
  const { query: submitted, notFound } = useRecordPage(
    title,
    ['submitted', applicationToken],
    () =>
      callEndpoint(submittedApplicationContract, {
        params: { token: applicationToken },
      }) as Promise<Submitted>,
  );
  if (notFound) return <NotFoundPage />;
  const data = submitted.data;
  const applicant: ApplicantDraft = data ? { ...data, ...(data.applicant ?? {}) } : {};
  const type = data?.applicationTypeCode ?? applicant.schemeInfo?.applicationType;
  const journey = data?.journeyId ? getApplicantJourney(data.journeyId) : undefined;
  const rows = (journey?.steps ?? [])
    .filter((step) => step.group && !/^address\/\d+$/.test(step.id))
    .flatMap((step) => step.summary(applicant))
    .filter((row) => row.value.length > 0);
  const previous = applicant.previousAddresses ?? [];
  return (
    <Column>
      <Link className="govuk-back-link" to="/dashboard">
        {t('common.backToApplications')}
      </Link>
      <h1 className="govuk-heading-l">{title}</h1>
      {submitted.isPending && <LoadingPage />}
      {submitted.isError && <NotificationBanner type="error" heading={t('submitted.error')} />}
      {data && (
        <>
          {data.identityDocumentsDueBy && data.status === 'SUBMITTED' ? (
            <NotificationBanner heading={t('submitted.identityDocumentsHeading')}>
              <p className="govuk-body">
                {t('submitted.identityDocumentsBody', {
                  due: formatDateAtTime(new Date(data.identityDocumentsDueBy)),
                })}
              </p>
            </NotificationBanner>
          ) : null}
          <ApplicationProgress token={applicationToken} />
          <SummaryList
            rows={[
              { key: t('submitted.reference'), value: data.applicationReference ?? '' },
              ...(type && isApplicationTypeCode(type)
                ? [{ key: t('submitted.type'), value: APPLICATION_TYPES[type] }]
                : []),
              ...(data.organisationName
                ? [{ key: t('submitted.organisation'), value: data.organisationName }]
                : []),
            ]}
          />
          <p className="govuk-body">
            <Link
              className="govuk-link"
              to={applicationDetailsPath(
                applicationToken,
                data.status && isApplicationStatus(data.status) ? data.status : 'SUBMITTED',
              )}
            >
              {t('submitted.applicationDetails')}
            </Link>
          </p>
          <h2 className="govuk-heading-m">{t('submitted.details')}</h2>
          <SummaryList
            rows={[
              ...rows.map((row) => ({
                key: t(row.labelKey, row.labelValues),
                value: <Lines lines={[...row.value]} />,
              })),
              ...previous.map((address, index) => ({
                key: t('addressHistory.previous', { number: index + 1 }),
                value: <Lines lines={addressText(address)} />,
              })),
            ]}
          />
        </>
      )}
    </Column>
  );
}
