import { useTranslation } from 'react-i18next';
import { BulletList, Paragraphs } from '../../components/content';
import { usePageTitle } from '../../components/page-title';
import { Column } from '../../components/column';

export function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('static.about.title'));
  return (
    <Column>
      <h1 className="govuk-heading-l">{t('static.about.title')}</h1>
      <Paragraphs items={t('static.about.paragraphs', { returnObjects: true }) as string[]} />
      <h2 className="govuk-heading-m">{t('static.about.levelsHeading')}</h2>
      <BulletList items={t('static.about.levels', { returnObjects: true }) as string[]} />
    </Column>
  );
}
