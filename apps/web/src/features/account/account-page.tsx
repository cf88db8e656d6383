import { accountLinksFor } from '@dis/domain';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../lib/router';
import { usePageTitle } from '../../components/page-title';
import { useUser } from '../../lib/session';
import { Column } from '../../components/column';

/**
 * /account: the header's Account item (spec 01 section 2, decision 0055). The person's account pages for their
 * role, each with what it holds (Scheme membership is the applicant's PVG scheme membership), and sign-out.
 * Links only, so it works without JavaScript.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  usePageTitle(t('account.title'));
  const links = user ? accountLinksFor(user.roles) : [];
  return (
    <Column>
      <h1 className="govuk-heading-l">{t('account.title')}</h1>
      {user ? (
        <p className="govuk-body">
          {t('account.signedInAs', { name: `${user.name.forename} ${user.name.surname}` })}
        </p>
      ) : null}
      {links.map((link) => (
        <div key={link.key}>
          <h2 className="govuk-heading-m">
            <Link className="govuk-link" to={link.href}>
              {t(`account.links.${link.key}.label`)}
            </Link>
          </h2>
          <p className="govuk-body">{t(`account.links.${link.key}.description`)}</p>
        </div>
      ))}
      <h2 className="govuk-heading-m">{t('account.identityHeading')}</h2>
      <p className="govuk-body">{t('account.identity')}</p>
      <p className="govuk-body">
        <a className="govuk-link" href="/sign-out">
          {t('menu.signOut')}
        </a>
      </p>
    </Column>
  );
}
