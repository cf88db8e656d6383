import { launchNotice } from '@dis/domain';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../lib/router';
import { LinkButton } from '../../components/button';
import { BulletList, LinkParagraph } from '../../components/content';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle } from '../../components/page-title';
import { Column } from '../../components/column';

// Sign-in identifiers the server carries through the identity provider and back (spec section 7).
const PASSED_THROUGH = ['uuid', 'appId', 'applicationType'] as const;

export function signInHref(params: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const name of PASSED_THROUGH) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const text = query.toString();
  return text ? `/oauth2/authorization/dis?${text}` : '/oauth2/authorization/dis';
}

/**
 * The start page, also shown in place of any protected page to someone who is not signed in. At
 * `/?reason=session-ended` (where a session that has ended sends the person) it first says they are no longer
 * signed in.
 */
export function LaunchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  usePageTitle(t('launch.title'));
  return (
    <Column>
      {/* A signed-in page or form reached after the session ended (decision 0055): only this known reason. */}
      {launchNotice(params.get('reason')) === 'sessionEnded' ? (
        <NotificationBanner heading={t('launch.sessionEndedHeading')}>
          <p className="govuk-body">{t('launch.sessionEndedBody')}</p>
        </NotificationBanner>
      ) : null}
      <h1 className="govuk-heading-xl">{t('launch.title')}</h1>
      <p className="govuk-body">{t('launch.intro')}</p>
      <BulletList items={t('launch.uses', { returnObjects: true }) as string[]} />
      <p className="govuk-body">{t('launch.signInIntro')}</p>
      <p className="govuk-body">{t('launch.identityIntro')}</p>
      {/* A full page load: sign-in is the server's redirect to the identity provider. */}
      <LinkButton href={signInHref(params)} external start>
        {t('launch.start')}
      </LinkButton>
      <h2 className="govuk-heading-m">{t('launch.beforeHeading')}</h2>
      <p className="govuk-body">{t('launch.before')}</p>
      <h2 className="govuk-heading-m">{t('launch.helpHeading')}</h2>
      <LinkParagraph to="/help">{t('launch.helpLink')}</LinkParagraph>
    </Column>
  );
}
