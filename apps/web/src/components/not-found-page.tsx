import { Trans, useTranslation } from '../i18n/react';
import { Link } from '../lib/router';
import { InformationPage } from './information-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <InformationPage title={t('notFound.title')} status={404}>
      <p className="govuk-body">{t('notFound.body1')}</p>
      <p className="govuk-body">{t('notFound.body2')}</p>
      <p className="govuk-body">
        <Trans
          i18nKey="notFound.body3"
          components={[<Link className="govuk-link" to="/dashboard" key="home" />]}
        />
      </p>
    </InformationPage>
  );
}
