import { useTranslation } from '../i18n/react';

/**
 * Shown for the moment it takes to learn who is signed in, or for a page's code or data to arrive; announced
 * politely, never a heading. It holds a screen's height so the footer stays below the fold until the page is
 * drawn, instead of jumping down when it arrives. `blank` draws nothing (the status is still announced): for the
 * first moment of a page, while the header may still grow with the menu of someone signed in, so nothing on
 * screen is pushed down.
 */
export function LoadingPage({ blank = false }: { blank?: boolean }) {
  const { t } = useTranslation();
  if (blank) return <div className="app-loading" aria-busy="true" />;
  return (
    <p className="govuk-body app-loading" role="status">
      {t('common.loading')}
    </p>
  );
}
