import { APPLICATION_EXPIRY_DAYS } from '@dis/domain';
import { useEffect } from 'react';
import { LinkParagraph, Paragraphs } from '../../components/content';
import { useTitledPage } from '../../components/page-title';
import { resetNavigationHistory } from '../../lib/navigation-history';
import { Column } from '../../components/column';

/** Too many date-of-birth mismatches: the application is locked, so there is no way back into it. */
export function DateOfBirthMismatchPage() {
  const { t, title } = useTitledPage('errorPages.dobMismatchLockout.title');
  useEffect(() => {
    resetNavigationHistory();
  }, []);
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      <Paragraphs
        items={
          t('errorPages.dobMismatchLockout.paragraphs', {
            returnObjects: true,
            days: APPLICATION_EXPIRY_DAYS,
          }) as string[]
        }
      />
      <LinkParagraph to="/dashboard">{t('common.goToDashboard')}</LinkParagraph>
    </Column>
  );
}
