import { countersignatoryInformationContract } from '@dis/domain/contracts';
import { addressText } from '@dis/domain';
import { useQuery } from '../../lib/query';
import { useTranslation } from '../../i18n/react';
import { InsetText, SummaryList } from '../../components/content';
import { Lines } from '../../components/lines';
import { LoadingPage } from '../../components/loading-page';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle } from '../../components/page-title';
import { callEndpoint } from '../../lib/endpoint-client';
import { useUser } from '../../lib/session';
import { OrganisationReportForm } from './organisation-report-form';
import { Column } from '../../components/column';

export function CountersignatoryDetailsPage() {
  const { t } = useTranslation();
  usePageTitle(t('countersignatoryDetails.title'));
  const { data: user } = useUser();
  const id = user?.countersignatoryDetails?.code;
  const details = useQuery({
    queryKey: ['countersignatories', id],
    queryFn: () => callEndpoint(countersignatoryInformationContract, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });

  return (
    <Column>
      <h1 className="govuk-heading-l">{t('countersignatoryDetails.title')}</h1>
      {!id && <NotificationBanner type="error" heading={t('countersignatoryDetails.missing')} />}
      {id && details.isPending && <LoadingPage />}
      {details.isError && <NotificationBanner type="error" heading={t('countersignatoryDetails.error')} />}
      {details.data && (
        <>
          <SummaryList
            rows={[
              { key: t('countersignatoryDetails.organisationName'), value: details.data.organisationName },
              { key: t('countersignatoryDetails.organisationCode'), value: details.data.organisationCode },
              {
                key: t('countersignatoryDetails.countersignatoryCode'),
                value: details.data.countersignatoryCode,
              },
              {
                key: t('countersignatoryDetails.address'),
                value: <Lines lines={addressText(details.data.address)} />,
              },
              { key: t('countersignatoryDetails.email'), value: details.data.emailAddress },
              { key: t('countersignatoryDetails.phone'), value: details.data.mainPhoneNumber },
            ]}
          />
          {user?.countersignatoryDetails?.isLead ? (
            <>
              <InsetText>{t('countersignatoryDetails.leadChange')}</InsetText>
              <OrganisationReportForm organisationCode={details.data.organisationCode} />
            </>
          ) : (
            <InsetText>{t('countersignatoryDetails.change')}</InsetText>
          )}
        </>
      )}
    </Column>
  );
}
