import { useTranslation } from 'react-i18next';
import { Column } from './column';
import { LinkParagraph, Paragraphs } from './content';
import { usePageTitle } from './page-title';

/**
 * A page for something that has come to an end (an expired application, a result no longer readable): it says so
 * and why, not as an error, and leads back to the dashboard.
 */
export function DeadEndPage({ title, paragraphs }: { title: string; paragraphs: string[] }) {
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
