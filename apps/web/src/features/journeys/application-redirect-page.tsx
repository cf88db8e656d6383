import { applicantRedirectPath } from '@dis/domain';
import { useQuery } from '../../lib/query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../lib/router';
import { Navigate } from '../../lib/navigate';
import { usePageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { useHydrated, useResponseStatus } from '../../lib/server-render';
import { journeyApi } from './api';
import { PostOrWait } from './shared';
import { InformationPage } from '../../components/information-page';

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

/** The hand-over of the link is missing (document 2 section 8: 'ApplicationDetails.NotFound'). */
export function isApplicationNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Application not found: the link's hand-over is missing. Its own page state, a 404. */
export function ApplicationNotFound() {
  const { t } = useTranslation();
  useResponseStatus(404);
  return (
    <InformationPage title={t('applicationNotFound.title')}>
      <p className="govuk-body">{t('applicationNotFound.body')}</p>
      <p className="govuk-body">{t('applicationNotFound.next')}</p>
    </InformationPage>
  );
}

/**
 * /application-redirect?uuid=… — where the organisation's email link lands after sign-in. First the hand-over of
 * the link (GET /api/draftApplications/{uuid}/handover, no 401 redirect: documents 1 and 2 section 7): a query, so
 * the server's render asks it too and a missing application shows "application not found" with or without
 * JavaScript, an expired one its page, one linked to someone else the already-linked error. Then it links the
 * application to the applicant (once): a ready application opens its journey's landing page and anything else
 * the dashboard. Linking changes what the application is, so a page load (a GET) never does it on the server:
 * without JavaScript the page offers a Continue button that posts (`linkApplicationAction`); with it, the
 * browser links as soon as the page is taken over.
 */
export function ApplicationRedirectPage() {
  const [params] = useSearchParams();
  const uuid = params.get('uuid') ?? '';
  const handover = useQuery({
    queryKey: ['handover', uuid],
    queryFn: () => journeyApi.handover(uuid),
    enabled: Boolean(uuid),
    retry: false,
    staleTime: Infinity,
  });
  const found = Boolean(handover.data);
  const [target, setTarget] = useState<string>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !found) return;
    started.current = true;
    journeyApi
      .link(uuid)
      .then((link) => setTarget(applicantRedirectPath(link)))
      .catch((error: unknown) => setTarget(linkFailurePath(error)));
  }, [found, uuid]);
  const hydrated = useHydrated();
  if (!uuid) return <Navigate replace to="/applicant/dashboard" />;
  if (isApplicationNotFound(handover.error)) return <ApplicationNotFound />;
  if (handover.isError) return <Navigate replace to={linkFailurePath(handover.error)} />;
  return <FindingApplication target={target} offerContinue={found && !hydrated} />;
}

/** While the application is found and linked: the Continue form without JavaScript, else a wait. */
function FindingApplication({
  target,
  offerContinue,
}: {
  target: string | undefined;
  offerContinue: boolean;
}) {
  const { t } = useTranslation();
  usePageTitle(t('applicationRedirect.title'));
  if (target) return <Navigate replace to={target} />;
  return (
    <PostOrWait
      title={t('applicationRedirect.title')}
      post={
        offerContinue ? { intro: t('applicationRedirect.continue'), button: t('common.continue') } : undefined
      }
    />
  );
}
