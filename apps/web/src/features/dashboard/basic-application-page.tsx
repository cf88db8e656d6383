import { basicStatusTag, formatPence } from '@dis/domain';
import { applicantBasicApplicationContract } from '@dis/domain/contracts';
import { useTranslation } from '../../i18n/react';
import { useParams } from '../../lib/router';
import { BackLink } from '../../components/back-link';
import { SummaryList, Tag } from '../../components/content';
import { LoadingPage } from '../../components/loading-page';
import { NotFoundPage } from '../../components/not-found-page';
import { callEndpoint } from '../../lib/endpoint-client';
import { formatInstantDate, formatLongDate } from '../../lib/format';
import { Column } from '../../components/column';
import { useRecordPage } from './record-page';

/**
 * /basic-applications/{appId}: a Basic disclosure application made through the Basic service, as its applicant
 * sees it (decision 0052): its Basic status, fee and dates. Where sign-in with `appId` lands. Anyone else's, or
 * an unknown id, is not found.
 */
export function BasicApplicationPage() {
  const { t } = useTranslation();
  const { appId = '' } = useParams();
  const title = t('basicApplication.title');
  const { query: application, notFound } = useRecordPage(title, ['basic-applications', appId], () =>
    callEndpoint(applicantBasicApplicationContract, { params: { appId } }),
  );
  if (notFound) return <NotFoundPage />;
  if (application.isPending) return <LoadingPage />;
  if (application.isError) throw application.error;
  const data = application.data;
  const tag = basicStatusTag(data.status);
  return (
    <>
      <BackLink to="/applicant/dashboard" text={t('common.backToApplications')} />
      <Column>
        <span className="govuk-caption-l">{data.appId}</span>
        <h1 className="govuk-heading-l">{title}</h1>
        <SummaryList
          rows={[
            { key: t('basicApplication.appId'), value: data.appId },
            { key: t('basicApplication.status'), value: <Tag colour={tag.colour}>{tag.text}</Tag> },
            { key: t('basicApplication.fee'), value: formatPence(data.feePence) },
            { key: t('basicApplication.receivedOn'), value: formatLongDate(data.receivedOn) },
            {
              key: t('basicApplication.statusLastChanged'),
              value: formatInstantDate(data.statusLastChanged),
            },
          ]}
        />
        <p className="govuk-body">{t(`basicApplication.explanation.${data.status}`)}</p>
      </Column>
    </>
  );
}
