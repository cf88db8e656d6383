import {
  APPLICATION_TYPES,
  daysLeft,
  daysLeftText,
  isApplicationStatus,
  isApplicationTypeCode,
  showsDaysLeft,
  statusFromSlug,
  statusTag,
  hasOrganisationRole,
  type TagAudience,
} from '@dis/domain';
import { useQuery } from '../../lib/query';
import { useTranslation } from '../../i18n/react';
import { useParams } from '../../lib/router';
import { BackLink } from '../../components/back-link';
import { SummaryList, Tag, WarningText, type SummaryRow } from '../../components/content';
import { Lines } from '../../components/lines';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { currentTime } from '../../lib/clock';
import { formatLongDate } from '../../lib/format';
import { NotFoundPage } from '../../components/not-found-page';
import { useUser } from '../../lib/session';
import { fetchApplicationDetails, type ApplicationDetails } from './api';
import { Column } from '../../components/column';

const WORKFORCE_KEYS: Record<string, string> = {
  CHILD: 'fields.workforces.options.CHILD',
  ADULT: 'fields.workforces.options.ADULT',
};

export function useApplicationDetails(token: string | undefined) {
  return useQuery({
    queryKey: ['application-details', token],
    queryFn: () => fetchApplicationDetails(token ?? ''),
    enabled: Boolean(token),
  });
}

function DetailsRows({ details, audience }: { details: ApplicationDetails; audience: TagAudience }) {
  const { t } = useTranslation();
  const c = details.countersignatory;
  const status = isApplicationStatus(details.status) ? details.status : undefined;
  const tag = status ? statusTag(status, audience) : undefined;
  const left =
    status && showsDaysLeft(status) && details.expiredDurationDays !== null
      ? daysLeftText(daysLeft(details.expiredDurationDays, details.statusLastChanged, currentTime()), status)
      : undefined;
  const other = c.csgAnotherOrganisation;
  const rows: SummaryRow[] = [
    { key: t('applicationDetails.reference'), value: details.applicationReference },
    {
      key: t('applicationDetails.type'),
      value: isApplicationTypeCode(details.applicationTypeCode)
        ? APPLICATION_TYPES[details.applicationTypeCode]
        : details.applicationTypeCode,
    },
    {
      key: t('applicationDetails.status'),
      value: tag ? (
        <>
          <Tag colour={tag.colour}>{tag.text}</Tag>
          {left && <span className="govuk-body-s app-days-left">{left}</span>}
        </>
      ) : (
        details.status
      ),
    },
    { key: t('applicationDetails.created'), value: formatLongDate(details.created) },
    { key: t('applicationDetails.applicantName'), value: c.applicantName ?? t('common.notProvided') },
    {
      key: t('applicationDetails.dateOfBirth'),
      value: c.applicantDateOfBirth ? formatLongDate(c.applicantDateOfBirth) : t('common.notProvided'),
    },
    { key: t('applicationDetails.email'), value: c.applicantEmail ?? t('common.notProvided') },
    { key: t('applicationDetails.position'), value: c.roleDetails?.position ?? t('common.notProvided') },
    ...(c.workforces && c.workforces.length > 0
      ? [
          {
            key: t('applicationDetails.workforces'),
            value: <Lines lines={c.workforces.map((w) => t(WORKFORCE_KEYS[w] ?? w))} />,
          },
        ]
      : []),
    ...(c.roleDetails?.volunteerForQualifyingOrganisation !== undefined
      ? [
          {
            key: t('applicationDetails.volunteer'),
            value: c.roleDetails.volunteerForQualifyingOrganisation ? t('fields.yes') : t('fields.no'),
          },
        ]
      : []),
    {
      key: t('applicationDetails.otherOrganisation'),
      value: other?.isCsgForAnotherOrganisation ? (
        <Lines lines={[other.organisationName, other.organisationEmail]} />
      ) : (
        t('fields.no')
      ),
    },
    {
      key: t('applicationDetails.payment'),
      value: (
        <Lines
          lines={[
            c.onlinePaymentType
              ? t(`applicationDetails.paymentTypes.${c.onlinePaymentType}`, {
                  defaultValue: c.onlinePaymentType,
                })
              : t('common.notProvided'),
            c.invoiceSubAccountCode
              ? t('applicationDetails.subAccount', { code: c.invoiceSubAccountCode })
              : undefined,
          ]}
        />
      ),
    },
  ];
  return <SummaryList rows={rows} />;
}

/**
 * /application/{applicationToken}/{status}: what the organisation submitted, from the API; for the applicant,
 * their own application's details (document 2 section 2), with the applicant's status words.
 */
export function ApplicationDetailsPage() {
  const { t } = useTranslation();
  const title = t('applicationDetails.title');
  usePageTitle(title);
  const { applicationToken, status = '' } = useParams();
  const details = useApplicationDetails(applicationToken);
  const { data: user } = useUser();
  const audience: TagAudience = user && !hasOrganisationRole(user.roles) ? 'applicant' : 'organisation';
  if (!statusFromSlug(status)) return <NotFoundPage />;
  if (details.isPending) return <LoadingPage />;
  if (details.isError) {
    if (details.error instanceof ApiError && details.error.status === 404) return <NotFoundPage />;
    throw details.error;
  }
  return (
    <>
      <BackLink
        to={audience === 'applicant' ? '/applicant/dashboard' : '/dashboard'}
        text={t('common.backToApplications')}
      />
      <Column>
        <h1 className="govuk-heading-l">{title}</h1>
        {details.data.handoverEmail === 'NOT_DELIVERED' && (
          <WarningText>
            {t('applicationDetails.handoverNotDelivered', {
              email: details.data.countersignatory.applicantEmail ?? t('common.notProvided'),
            })}
          </WarningText>
        )}
        <DetailsRows details={details.data} audience={audience} />
      </Column>
    </>
  );
}
