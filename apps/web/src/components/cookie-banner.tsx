import { useEffect, useState, type MouseEvent } from 'react';
import { Trans, useTranslation } from '../i18n/react';
import { Link, useLocation, useSearchParams } from '../lib/router';
import {
  COOKIE_BANNER_FORM,
  COOKIE_CHOICE_PARAM,
  CONSENT_EVENT,
  readConsent,
  writeConsent,
} from '../lib/cookie-consent';
import { usePageRender } from '../lib/server-render';
import { FormToken } from './form-token';

type State = 'ask' | 'accepted' | 'rejected' | 'hidden';

/** Asks once; the choice is kept for COOKIE_CONSENT_DAYS and can be changed on the cookies page. */
export function CookieBanner() {
  const { t } = useTranslation();
  const render = usePageRender();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // After a choice posted without JavaScript the page comes back with it in the address, to confirm it.
  const posted = params.get(COOKIE_CHOICE_PARAM);
  const [state, setState] = useState<State>(() => {
    if (posted === 'accepted' || posted === 'rejected') return posted;
    return readConsent(render.server ? (render.cookies ?? '') : undefined) ? 'hidden' : 'ask';
  });
  const withoutChoice = new URLSearchParams(params);
  withoutChoice.delete(COOKIE_CHOICE_PARAM);
  const hideHref = withoutChoice.size ? `${pathname}?${withoutChoice.toString()}` : pathname;

  useEffect(() => {
    // A choice made on the cookies page answers the banner too.
    const onChange = () => setState((current) => (current === 'ask' ? 'hidden' : current));
    window.addEventListener(CONSENT_EVENT, onChange);
    return () => window.removeEventListener(CONSENT_EVENT, onChange);
  }, []);

  if (state === 'hidden') return null;

  // Without JavaScript the buttons post the banner's form and the server keeps the choice (decision 0038).
  const choose = (event: MouseEvent, analytics: boolean) => {
    event.preventDefault();
    writeConsent({ analytics });
    setState(analytics ? 'accepted' : 'rejected');
  };

  return (
    <div className="govuk-cookie-banner" data-nosnippet role="region" aria-label={t('cookieBanner.label')}>
      {state === 'ask' ? (
        <div className="govuk-cookie-banner__message govuk-width-container">
          <div className="govuk-grid-row">
            <div className="govuk-grid-column-two-thirds">
              <h2 className="govuk-cookie-banner__heading govuk-heading-m">{t('cookieBanner.heading')}</h2>
              <div className="govuk-cookie-banner__content">
                <p className="govuk-body">{t('cookieBanner.body1')}</p>
                <p className="govuk-body">{t('cookieBanner.body2')}</p>
              </div>
            </div>
          </div>
          <form method="post" className="govuk-button-group">
            <FormToken />
            <input type="hidden" name="_form" value={COOKIE_BANNER_FORM} />
            {(['accept', 'reject'] as const).map((choice) => (
              <button
                key={choice}
                type="submit"
                name="cookies"
                value={choice}
                className="govuk-button"
                onClick={(event) => choose(event, choice === 'accept')}
              >
                {t(`cookieBanner.${choice}`)}
              </button>
            ))}
            <Link className="govuk-link" to="/static/cookies">
              {t('cookieBanner.view')}
            </Link>
          </form>
        </div>
      ) : (
        <div className="govuk-cookie-banner__message govuk-width-container" role="alert">
          <div className="govuk-grid-row">
            <div className="govuk-grid-column-two-thirds">
              <div className="govuk-cookie-banner__content">
                <p className="govuk-body">
                  <Trans
                    i18nKey={state === 'accepted' ? 'cookieBanner.accepted' : 'cookieBanner.rejected'}
                    components={[<Link className="govuk-link" to="/static/cookies" key="settings" />]}
                  />
                </p>
              </div>
            </div>
          </div>
          <div className="govuk-button-group">
            {/* A link to the page without the choice in its address; with JavaScript it just hides the banner. */}
            <a
              href={hideHref}
              role="button"
              draggable="false"
              className="govuk-button"
              onClick={(event) => {
                event.preventDefault();
                setState('hidden');
              }}
            >
              {t('cookieBanner.hide')}
            </a>
          </div>
        </div>
      )}
    </div>
  );
}
