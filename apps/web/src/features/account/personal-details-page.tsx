import { personalDetailsContract } from '@dis/domain/contracts';
import { addressText } from '@dis/domain';
import { useQuery } from '../../lib/query';
import { useTranslation } from '../../i18n/react';
import { InsetText, SummaryList } from '../../components/content';
import { Lines } from '../../components/lines';
import { LoadingPage } from '../../components/loading-page';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle } from '../../components/page-title';
import { callEndpoint } from '../../lib/endpoint-client';
import { formatLongDate } from '../../lib/format';
import { ReminderSettingForm } from './reminder-setting';
import { Column } from '../../components/column';

export function PersonalDetailsPage() {
  const { t } = useTranslation();
  usePageTitle(t('personalDetails.title'));
  const details = useQuery({
    queryKey: ['personal-details', 'me'],
    queryFn: () => callEndpoint(personalDetailsContract),
  });
  const none = t('common.notProvided');

  return (
    <Column>
      <h1 className="govuk-heading-l">{t('personalDetails.title')}</h1>
      {details.isPending && <LoadingPage />}
      {details.isError && <NotificationBanner type="error" heading={t('personalDetails.error')} />}
      {details.data && (
        <>
          <p className="govuk-body">{t('personalDetails.intro')}</p>
          <SummaryList
            rows={[
              {
                key: t('personalDetails.name'),
                value: [details.data.name.forename, details.data.name.middleNames, details.data.name.surname]
                  .filter(Boolean)
                  .join(' '),
              },
              {
                key: t('personalDetails.dateOfBirth'),
                value: details.data.dateOfBirth ? formatLongDate(details.data.dateOfBirth) : none,
              },
              {
                key: t('personalDetails.address'),
                value: details.data.address ? <Lines lines={addressText(details.data.address)} /> : none,
              },
              { key: t('personalDetails.email'), value: details.data.emailAddress || none },
              { key: t('personalDetails.phone'), value: details.data.phoneNumber || none },
            ]}
          />
          <InsetText>{t('personalDetails.change')}</InsetText>
          <ReminderSettingForm />
        </>
      )}
    </Column>
  );
}
