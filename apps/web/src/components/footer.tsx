import { Trans, useTranslation } from '../i18n/react';
import { Link } from '../lib/router';
import { CrownShape } from './crown-shape';
import { LICENCE_PATH } from './govuk-logo-paths';

const LINKS = [
  { key: 'about', href: '/static/about' },
  { key: 'accessibility', href: '/static/accessibility' },
  { key: 'cookies', href: '/static/cookies' },
  { key: 'privacy', href: '/static/privacy' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="govuk-footer">
      <div className="govuk-width-container">
        <svg
          focusable="false"
          role="presentation"
          xmlns="http://www.w3.org/2000/svg"
          viewBox="0 0 64 60"
          height="30"
          width="32"
          fill="currentcolor"
          className="govuk-footer__crown"
        >
          <CrownShape />
        </svg>
        <div className="govuk-footer__meta">
          <div className="govuk-footer__meta-item govuk-footer__meta-item--grow">
            <h2 className="govuk-visually-hidden">{t('footer.supportLinks')}</h2>
            <ul className="govuk-footer__inline-list">
              {LINKS.map((link) => (
                <li className="govuk-footer__inline-list-item" key={link.key}>
                  <Link className="govuk-footer__link" to={link.href}>
                    {t(`footer.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
            <svg
              aria-hidden="true"
              focusable="false"
              className="govuk-footer__licence-logo"
              xmlns="http://www.w3.org/2000/svg"
              viewBox="0 0 483.2 195.7"
              height="17"
              width="41"
            >
              <path fill="currentColor" d={LICENCE_PATH} />
            </svg>
            <span className="govuk-footer__licence-description">
              <Trans
                i18nKey="footer.licence"
                components={[
                  <a
                    className="govuk-footer__link"
                    href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/"
                    rel="license"
                    key="licence"
                  />,
                ]}
              />
            </span>
          </div>
          <div className="govuk-footer__meta-item">
            <a
              className="govuk-footer__link govuk-footer__copyright-logo"
              href="https://www.nationalarchives.gov.uk/information-management/re-using-public-sector-information/uk-government-licensing-framework/crown-copyright/"
            >
              {t('footer.copyright')}
            </a>
          </div>
        </div>
      </div>
    </footer>
  );
}
