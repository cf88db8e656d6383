import { useTranslation } from '../../i18n/react';
import { BulletList, Paragraphs } from '../../components/content';
import { InformationPage } from '../../components/information-page';

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <InformationPage title={t('static.about.title')}>
      <Paragraphs items={t('static.about.paragraphs', { returnObjects: true }) as string[]} />
      <h2 className="govuk-heading-m">{t('static.about.levelsHeading')}</h2>
      <BulletList items={t('static.about.levels', { returnObjects: true }) as string[]} />
    </InformationPage>
  );
}
