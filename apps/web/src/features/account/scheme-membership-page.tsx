import { schemeMembershipContract } from '@dis/domain/contracts';
import { useQuery } from '../../lib/query';
import { useTranslation } from '../../i18n/react';
import { SummaryList } from '../../components/content';
import { LoadingPage } from '../../components/loading-page';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/endpoint-client';
import { formatLongDate } from '../../lib/format';
import { Column } from '../../components/column';

/** /scheme-membership-details (APPLICANT only): the applicant's PVG scheme membership. */
export function SchemeMembershipPage() {
  const { t } = useTranslation();
  const title = t('schemeMembership.title');
  usePageTitle(title);
  const details = useQuery({
    queryKey: ['scheme-membership', 'me'],
    queryFn: () => callEndpoint(schemeMembershipContract),
    retry: false,
  });
  const none = t('schemeMembership.notMember');
  // The API answers 404 SCHEME_MEMBERSHIP_NOT_FOUND for an applicant who is not a member: that is an
  // answer, not a failure to retrieve.
  const notMember =
    details.error instanceof ApiError && details.error.backendCode === 'SCHEME_MEMBERSHIP_NOT_FOUND';
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      {details.isPending && <LoadingPage />}
      {notMember && <p className="govuk-body">{t('schemeMembership.none')}</p>}
      {details.isError && !notMember && (
        <NotificationBanner type="error" heading={t('schemeMembership.error')} />
      )}
      {details.data && (
        <>
          {!details.data.pvgMembershipNumber && <p className="govuk-body">{t('schemeMembership.none')}</p>}
          <SummaryList
            rows={[
              { key: t('schemeMembership.number'), value: details.data.pvgMembershipNumber || none },
              {
                key: t('schemeMembership.children'),
                value: details.data.joinedChildSchemeOn
                  ? formatLongDate(details.data.joinedChildSchemeOn)
                  : none,
              },
              {
                key: t('schemeMembership.adults'),
                value: details.data.joinedAdultSchemeOn
                  ? formatLongDate(details.data.joinedAdultSchemeOn)
                  : none,
              },
            ]}
          />
        </>
      )}
    </Column>
  );
}
