import { useTranslation } from 'react-i18next';
import { Column } from '../../components/column';
import { LinkParagraph, Paragraphs } from '../../components/content';
import { usePageTitle } from '../../components/page-title';

/** A result that can no longer be read: the page says so and why (not an error), and leads to the dashboard. */
export function ResultGonePage({ title, paragraphs }: { title: string; paragraphs: string[] }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      <Paragraphs items={paragraphs} />
      <LinkParagraph to="/dashboard">{t('common.goToDashboard')}</LinkParagraph>
    </Column>
  );
}
