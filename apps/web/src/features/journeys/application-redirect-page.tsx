import { applicantRedirectPath } from '@dis/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Navigate } from '../../lib/navigate';
import { Button } from '../../components/button';
import { FormToken } from '../../components/form-token';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { useHydrated } from '../../lib/server-render';
import { journeyApi } from './api';

export const ALREADY_LINKED_PATH = '/error?code=application_already_linked';
export const EXPIRED_PATH = '/application-expired';

/** Where the outcome of POST /link/applicant sends the applicant (document 2 sections 4 and 8). */
export function linkFailurePath(error: unknown): string {
  if (error instanceof ApiError) {
    // Whoever opens the link must be the person the organisation named (document 2 section 8 codes).
    if (error.backendCode === 'matching_error' || error.backendCode === 'user_already_linked_or_do_not_exist')
      return `/error?code=${error.backendCode}`;
    if (error.status === 409 || error.backendCode === 'application_already_linked')
      return ALREADY_LINKED_PATH;
    if (error.status === 410) return EXPIRED_PATH;
  }
  return '/error';
}

/**
 * /application-redirect?uuid=… — where the organisation's email link lands after sign-in. Links the
 * application to the applicant (once), then a ready application opens its journey's landing page and
 * anything else the dashboard; an application linked to someone else or expired shows its page.
 * Linking changes what the application is, so a page load (a GET) never does it on the server: without
 * JavaScript the page offers a Continue button that posts (`linkApplicationAction`); with it, the browser
 * links as soon as the page is taken over.
 */
export function ApplicationRedirectPage() {
  const { t } = useTranslation();
  usePageTitle(t('applicationRedirect.title'));
  const [params] = useSearchParams();
  const uuid = params.get('uuid') ?? '';
  const [target, setTarget] = useState<string>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!uuid) return;
    journeyApi
      .link(uuid)
      .then((link) => setTarget(applicantRedirectPath(link)))
      .catch((error: unknown) => setTarget(linkFailurePath(error)));
  }, [uuid]);
  const hydrated = useHydrated();
  if (!uuid) return <Navigate replace to="/applicant/dashboard" />;
  if (target) return <Navigate replace to={target} />;
  if (!hydrated) {
    return (
      <>
        <h1 className="govuk-heading-l">{t('applicationRedirect.title')}</h1>
        <p className="govuk-body">{t('applicationRedirect.continue')}</p>
        <form method="post" noValidate>
          <FormToken />
          <Button data-prevent-double-click="true">{t('common.continue')}</Button>
        </form>
      </>
    );
  }
  return (
    <>
      <h1 className="govuk-heading-l">{t('applicationRedirect.title')}</h1>
      <LoadingPage />
    </>
  );
}
