import { useTranslation } from '../../i18n/react';
import { BulletList, LinkParagraph } from '../../components/content';
import { InformationPage } from '../../components/information-page';

/** One part of the statement, in the order of the GOV.UK accessibility statement template. */
interface StatementSection {
  heading: string;
  subheading?: string;
  paragraphs: string[];
  items?: string[];
  link?: { text: string; href: string };
}

/**
 * /static/accessibility: the accessibility statement. What was tested and how is the record kept in
 * docs/accessibility.md; the known non-compliance and what is not yet tested are said plainly.
 */
export function AccessibilityPage() {
  const { t } = useTranslation();
  const sections = t('static.accessibility.sections', { returnObjects: true }) as StatementSection[];
  return (
    <InformationPage title={t('static.accessibility.title')}>
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
      {sections.map((section) => (
        <section key={section.heading}>
          <h2 className="govuk-heading-m">{section.heading}</h2>
          {section.subheading && <h3 className="govuk-heading-s">{section.subheading}</h3>}
          {section.paragraphs.map((paragraph) => (
            <p className="govuk-body" key={paragraph}>
              {paragraph}
            </p>
          ))}
          {section.items && <BulletList items={section.items} />}
          {section.link && <LinkParagraph to={section.link.href}>{section.link.text}</LinkParagraph>}
        </section>
      ))}
    </InformationPage>
  );
}
