import { hasOrganisationRole } from '@dis/domain';
import { useTranslation } from '../../i18n/react';
import { BulletList } from '../../components/content';
import { InformationPage } from '../../components/information-page';
import { useUser } from '../../lib/session';

/** One page with an applicant and a countersignatory variant, chosen by the signed-in user's role. */
export function HelpPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const organisation = Boolean(user && hasOrganisationRole(user.roles));
  return (
    <InformationPage title={t('help.title')}>
      <p className="govuk-body">{organisation ? t('help.csgIntro') : t('help.applicantIntro')}</p>
      <h2 className="govuk-heading-m">
        {organisation ? t('help.csgTopicsHeading') : t('help.applicantTopicsHeading')}
      </h2>
      <BulletList
        items={
          t(organisation ? 'help.csgTopics' : 'help.applicantTopics', { returnObjects: true }) as string[]
        }
      />
      <h2 className="govuk-heading-m">{t('help.contactHeading')}</h2>
      <h3 className="govuk-heading-s">{t('help.hoursHeading')}</h3>
      <ul className="govuk-list">
        {(t('help.hours', { returnObjects: true }) as string[]).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="govuk-body">{t('help.closed')}</p>
    </InformationPage>
  );
}
