import { COOKIE_CONSENT_DAYS } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from '../../lib/forms';
import { useTranslation } from '../../i18n/react';
import { z } from 'zod';
import { Button } from '../../components/button';
import { columnsOf, Table } from '../../components/content';
import { ErrorSummary } from '../../components/error-summary';
import { usePageTitle } from '../../components/page-title';
import { Radios } from '../../components/radios';
import { useErrorText } from '../../i18n';
import { useSearchParams } from '../../lib/router';
import { FormToken } from '../../components/form-token';
import { NotificationBanner } from '../../components/notification-banner';
import { consentCookie, readConsent, writeConsent } from '../../lib/cookie-consent';
import { useNotifications } from '../../lib/notifications';
import type { PageAction } from '../../lib/page-action';
import { usePageRender, usePostedForm } from '../../lib/server-render';
import { Column } from '../../components/column';

// The choice is a preference, not a legal declaration, so its one rule lives here rather than in the domain.
const schema = z.object({ analytics: z.enum(['yes', 'no'], { error: 'static.cookies.required' }) });
type CookieForm = z.input<typeof schema>;

/** The choice posted without JavaScript: kept in its cookie by the server, then the page says it is saved. */
export const cookiesAction: PageAction = async ({ form, secureCookies }) => {
  const parsed = schema.safeParse({ analytics: form.get('analytics') ?? undefined });
  if (!parsed.success) return { posted: { values: {}, errors: { analytics: 'static.cookies.required' } } };
  return {
    redirect: '/static/cookies?saved=true',
    setCookies: [consentCookie(parsed.data.analytics === 'yes', secureCookies)],
  };
};

export function CookiesPage() {
  const { t } = useTranslation();
  usePageTitle(t('static.cookies.title'));
  const { notify } = useNotifications();
  const render = usePageRender();
  const posted = usePostedForm();
  const [params] = useSearchParams();
  const current = readConsent(render.server ? (render.cookies ?? '') : undefined);
  const form = useForm<CookieForm>({
    resolver: zodResolver(schema),
    // The error summary takes focus (GOV.UK pattern), not the first field.
    shouldFocusError: false,
    defaultValues: current ? { analytics: current.analytics ? 'yes' : 'no' } : {},
  });
  const error = form.formState.errors.analytics?.message ?? posted?.errors.analytics;
  const errorText = useErrorText();

  const onSubmit = form.handleSubmit(({ analytics }) => {
    writeConsent({ analytics: analytics === 'yes' });
    notify({ type: 'success', heading: t('static.cookies.saved') });
  });

  return (
    <Column>
      {params.get('saved') === 'true' && (
        <NotificationBanner type="success" heading={t('static.cookies.saved')} />
      )}
      <ErrorSummary errors={error ? [{ href: '#analytics', text: errorText(error) ?? error }] : []} />
      <h1 className="govuk-heading-l">{t('static.cookies.title')}</h1>
      <p className="govuk-body">{t('static.cookies.intro')}</p>
      <h2 className="govuk-heading-m">{t('static.cookies.essentialHeading')}</h2>
      <p className="govuk-body">{t('static.cookies.essential')}</p>
      <Table
        caption={t('static.cookies.tableCaption')}
        captionSize="s"
        columns={columnsOf(['name', 'purpose', 'expires'], (key) => t(`static.cookies.${key}`))}
        rows={[
          {
            key: 'session',
            cells: {
              name: '__Host-dis-session',
              purpose: t('static.cookies.sessionCookie'),
              expires: t('static.cookies.sessionExpires'),
            },
          },
          {
            key: 'form',
            cells: {
              name: 'dis-form',
              purpose: t('static.cookies.formCookie'),
              expires: t('static.cookies.formExpires'),
            },
          },
          {
            key: 'consent',
            cells: {
              name: 'cookies_policy',
              purpose: t('static.cookies.consentCookie'),
              expires: t('static.cookies.consentExpires', { days: COOKIE_CONSENT_DAYS }),
            },
          },
        ]}
      />
      <h2 className="govuk-heading-m">{t('static.cookies.analyticsHeading')}</h2>
      <p className="govuk-body">{t('static.cookies.analytics')}</p>
      <form method="post" onSubmit={onSubmit} noValidate>
        <FormToken />
        <Radios
          legend={t('static.cookies.question')}
          legendSize="s"
          error={errorText(error)}
          register={form.register('analytics')}
          items={[
            { value: 'yes', label: t('static.cookies.yes') },
            { value: 'no', label: t('static.cookies.no') },
          ]}
        />
        <Button>{t('static.cookies.save')}</Button>
      </form>
    </Column>
  );
}
