import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/page-title';
import { signOut } from '../../lib/session';

/** /sign-out starts a sign-out; signOut() itself ignores the second call of StrictMode's double effect. */
export function SignOutPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  usePageTitle(t('signingOut.title'));
  useEffect(() => {
    void signOut(client);
  }, [client]);
  return (
    <>
      <h1 className="govuk-heading-l">{t('signingOut.title')}</h1>
      <p className="govuk-body" role="status">
        {t('signingOut.body')}
      </p>
    </>
  );
}
