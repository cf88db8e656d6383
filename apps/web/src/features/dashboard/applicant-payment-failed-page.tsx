import { canStartNewApplication } from '@dis/domain';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../lib/router';
import { BackLink } from '../../components/back-link';
import { ButtonGroup, LinkButton } from '../../components/button';
import { SummaryList } from '../../components/content';
import { InformationPage } from '../../components/information-page';
import { useFeatureFlags } from '../../lib/config';
import { useUser } from '../../lib/session';
import { useApplicationDetails } from './application-details-page';

/** An applicant's card payment failed: the application was not submitted; the organisation can start again. */
export function ApplicantPaymentFailedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const details = useApplicationDetails(params.get('id') ?? undefined);
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  return (
    <>
      <BackLink to="/dashboard" text={t('common.backToApplications')} />
      <InformationPage title={t('applicantPaymentFailed.title')}>
        {details.data && (
          <SummaryList
            rows={[
              { key: t('applicationDetails.reference'), value: details.data.applicationReference },
              {
                key: t('applicationDetails.applicantName'),
                value: details.data.countersignatory.applicantName ?? t('common.notProvided'),
              },
            ]}
          />
        )}
        <p className="govuk-body">{t('applicantPaymentFailed.body')}</p>
        <p className="govuk-body">{t('applicantPaymentFailed.next')}</p>
        <ButtonGroup>
          {canStartNewApplication(user?.roles ?? [], flags) && (
            <LinkButton href="/csg-apply/select-application-type">{t('dashboard.start')}</LinkButton>
          )}
          <LinkButton href="/dashboard" variant="secondary">
            {t('common.goToDashboard')}
          </LinkButton>
        </ButtonGroup>
      </InformationPage>
    </>
  );
}
