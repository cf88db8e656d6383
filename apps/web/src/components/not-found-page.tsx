import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResponseStatus } from '../lib/server-render';
import { usePageTitle } from './page-title';
import { Column } from './column';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  useResponseStatus(404);
  return (
    <Column>
      <h1 className="govuk-heading-l">{t('notFound.title')}</h1>
      <p className="govuk-body">{t('notFound.body1')}</p>
      <p className="govuk-body">{t('notFound.body2')}</p>
      <p className="govuk-body">
        <Trans
          i18nKey="notFound.body3"
          components={[<Link className="govuk-link" to="/dashboard" key="home" />]}
        />
      </p>
    </Column>
  );
}
