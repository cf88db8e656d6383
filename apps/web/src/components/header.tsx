import { ServiceNavigation } from 'govuk-frontend';
import { useRef } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, useLocation } from '../lib/router';
import { CrownShape } from './crown-shape';
import { LOGOTYPE_PATHS } from './govuk-logo-paths';
import { useGovukModule } from './use-govuk-module';

export interface MenuLink {
  key: string;
  label: string;
  href: string;
}

interface HeaderProps {
  serviceName: string;
  serviceHref: string;
  /** Who the user is acting as ("Countersignatory", "Applicant"...); shown under the service name. */
  tagline?: string | undefined;
  menu: MenuLink[];
}

function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

function Crown() {
  return (
    <svg
      focusable="false"
      role="img"
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 324 60"
      height="30"
      width="162"
      fill="currentcolor"
      className="govuk-header__logotype"
      aria-label="GOV.UK"
    >
      <title>GOV.UK</title>
      <CrownShape />
      <circle className="govuk-logo-dot" cx="226" cy="36" r="7.3" />
      {LOGOTYPE_PATHS.map((d) => (
        <path d={d} key={d} />
      ))}
    </svg>
  );
}

export function Header({ serviceName, serviceHref, tagline, menu }: HeaderProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLDivElement>(null);
  // The module turns the menu into a toggle on narrow screens.
  useGovukModule(navRef, ServiceNavigation);
  return (
    <header className="govuk-template__header">
      <div className="govuk-header">
        <div className="govuk-header__container govuk-width-container">
          <div className="govuk-header__logo">
            <a href="https://www.gov.uk/" className="govuk-header__homepage-link">
              <Crown />
            </a>
          </div>
        </div>
      </div>
      <section
        ref={navRef}
        aria-label={t('header.serviceLabel')}
        className="govuk-service-navigation"
        data-module="govuk-service-navigation"
      >
        <div className="govuk-width-container">
          <div className="govuk-service-navigation__container">
            <span className="govuk-service-navigation__service-name">
              <Link to={serviceHref} className="govuk-service-navigation__link">
                {serviceName}
              </Link>
            </span>
            {tagline && (
              <span className="govuk-service-navigation__text app-tagline">
                <span className="govuk-visually-hidden">{t('header.taglineLabel')} </span>
                {tagline}
              </span>
            )}
            {menu.length > 0 && (
              <nav aria-label={t('common.mainMenu')} className="govuk-service-navigation__wrapper">
                <button
                  type="button"
                  className="govuk-service-navigation__toggle govuk-js-service-navigation-toggle"
                  aria-controls="navigation"
                  hidden
                  aria-hidden="true"
                >
                  {t('common.menu')}
                </button>
                <ul className="govuk-service-navigation__list" id="navigation">
                  {menu.map((item) => {
                    const current = isCurrent(pathname, item.href);
                    return (
                      <li
                        key={item.key}
                        className={
                          current
                            ? 'govuk-service-navigation__item govuk-service-navigation__item--active'
                            : 'govuk-service-navigation__item'
                        }
                      >
                        <Link
                          className="govuk-service-navigation__link"
                          to={item.href}
                          aria-current={current ? 'page' : undefined}
                        >
                          {current ? (
                            <strong className="govuk-service-navigation__active-fallback">
                              {item.label}
                            </strong>
                          ) : (
                            item.label
                          )}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </nav>
            )}
          </div>
        </div>
      </section>
    </header>
  );
}
