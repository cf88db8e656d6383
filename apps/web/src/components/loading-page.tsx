import { useTranslation } from 'react-i18next';

/** Shown for the moment it takes to learn who is signed in; announced politely, never a heading. */
export function LoadingPage() {
  const { t } = useTranslation();
  return (
    <p className="govuk-body" role="status">
      {t('common.loading')}
    </p>
  );
}
