import { useTranslation } from '../i18n/react';
import { LinkParagraph, Paragraphs } from './content';
import { InformationPage } from './information-page';

/**
 * A page for something that has come to an end (an expired application, a result no longer readable): it says so
 * and why, not as an error, and leads back to the dashboard.
 */
export function DeadEndPage({ title, paragraphs }: { title: string; paragraphs: string[] }) {
  const { t } = useTranslation();
  return (
    <InformationPage title={title}>
      <Paragraphs items={paragraphs} />
      <LinkParagraph to="/dashboard">{t('common.goToDashboard')}</LinkParagraph>
    </InformationPage>
  );
}
