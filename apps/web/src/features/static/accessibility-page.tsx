import { useTranslation } from 'react-i18next';
import { BulletList } from '../../components/content';
import { usePageTitle } from '../../components/page-title';

const SECTIONS = [
  'timeout',
  'feedback',
  'enforcement',
  'technical',
  'compliance',
  'testing',
  'improving',
] as const;

export function AccessibilityPage() {
  const { t } = useTranslation();
  usePageTitle(t('static.accessibility.title'));
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{t('static.accessibility.title')}</h1>
        <p className="govuk-body">{t('static.accessibility.intro')}</p>
        <h2 className="govuk-heading-m">{t('static.accessibility.usingHeading')}</h2>
        <p className="govuk-body">{t('static.accessibility.usingIntro')}</p>
        <BulletList items={t('static.accessibility.using', { returnObjects: true }) as string[]} />
        <p className="govuk-body">{t('static.accessibility.plainEnglish')}</p>
        <p className="govuk-body">
          <a className="govuk-link" href="https://mcmw.abilitynet.org.uk/" rel="noreferrer">
            {t('static.accessibility.abilityNet')}
          </a>
        </p>
        {SECTIONS.map((section) => (
          <section key={section}>
            <h2 className="govuk-heading-m">{t(`static.accessibility.${section}Heading`)}</h2>
            <p className="govuk-body">{t(`static.accessibility.${section}`)}</p>
          </section>
        ))}
        <p className="govuk-body">{t('static.accessibility.prepared')}</p>
      </div>
    </div>
  );
}
