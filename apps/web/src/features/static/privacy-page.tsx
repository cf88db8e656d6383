import { useTranslation } from '../../i18n/react';
import { BulletList } from '../../components/content';
import { InformationPage } from '../../components/information-page';

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <InformationPage title={t('static.privacy.title')}>
      <p className="govuk-body">{t('static.privacy.intro')}</p>
      <h2 className="govuk-heading-m">{t('static.privacy.collectHeading')}</h2>
      <BulletList items={t('static.privacy.collect', { returnObjects: true }) as string[]} />
      {(['use', 'keep', 'rights'] as const).map((section) => (
        <section key={section}>
          <h2 className="govuk-heading-m">{t(`static.privacy.${section}Heading`)}</h2>
          <p className="govuk-body">{t(`static.privacy.${section}`)}</p>
        </section>
      ))}
    </InformationPage>
  );
}
