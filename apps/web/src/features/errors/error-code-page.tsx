import {
  APPLICATION_EXPIRY_DAYS,
  BASIC_SHARED_LINK_VALID_DAYS,
  BASIC_VIEWING_MINUTES,
  IDENTITY_FORMS_REQUIRED,
  PASSCODE_VALIDITY_MINUTES,
  errorPageKind,
  errorPagePath,
  type ErrorPageKind,
} from '@dis/domain';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../lib/router';
import { Navigate } from '../../lib/navigate';
import { LinkButton } from '../../components/button';
import { LinkParagraph, Paragraphs } from '../../components/content';
import { useTitledPage } from '../../components/page-title';
import { GenericErrorPage } from './generic-error-page';
import { Column } from '../../components/column';

type Action = 'start' | 'dashboard' | 'continue' | 'help';

// Which en.json entry and which way forward each page of section 8 gets. Pages shared by several
// codes use one entry; "before you continue" has one per code because the advice differs.
const PAGES: Record<
  Exclude<ErrorPageKind, 'generic' | 'application-reference-missing' | 'dob-mismatch-attempts-exceeded'>,
  { key?: string; action: Action }
> = {
  'invalid-request': { key: 'invalidRequest', action: 'start' },
  'service-unavailable': { key: 'serviceUnavailable', action: 'help' },
  'matching-error': { key: 'matching_error', action: 'help' },
  'id-error': { key: 'id_error', action: 'start' },
  'too-many-requests': { key: 'max_requests', action: 'help' },
  'before-you-continue': { action: 'continue' },
  'mobile-number-not-found': { key: 'mobile_number_not_found', action: 'start' },
  'invalid-mobile-number': { key: 'invalid_mobile_number', action: 'start' },
  'authorization-request-not-found': { key: 'authorization_request_not_found', action: 'start' },
  'application-already-linked': { key: 'application_already_linked', action: 'dashboard' },
  'user-already-linked-or-do-not-exist': { key: 'user_already_linked_or_do_not_exist', action: 'dashboard' },
  'link-attempts-exceeded': { key: 'invalid_link_attempts_exceeded', action: 'help' },
  'link-broken-or-replaced': { key: 'invalid_link_broken_or_replaced', action: 'help' },
  'expired-link': { key: 'expired_link', action: 'help' },
  'expired-basic-share-link': { key: 'expired_basic_share_link', action: 'help' },
  'dob-mismatch': { key: 'dob_mismatch', action: 'dashboard' },
};

const VALUES = {
  forms: IDENTITY_FORMS_REQUIRED,
  minutes: PASSCODE_VALIDITY_MINUTES,
  basicDays: BASIC_SHARED_LINK_VALID_DAYS,
  days: APPLICATION_EXPIRY_DAYS,
};

/** A request id as the server makes them (a UUID); anything else in the address is not shown. */
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function ErrorContent({
  entry,
  action,
  requestId,
}: {
  entry: string;
  action: Action;
  requestId?: string | undefined;
}) {
  const { t, title } = useTitledPage(`errorPages.${entry}.title`);
  const minutes = entry === 'expired_basic_share_link' ? BASIC_VIEWING_MINUTES : VALUES.minutes;
  const paragraphs = t(`errorPages.${entry}.paragraphs`, {
    returnObjects: true,
    ...VALUES,
    minutes,
  }) as string[];
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      <Paragraphs items={paragraphs} />
      {requestId && <p className="govuk-body">{t('genericError.quoteReference', { requestId })}</p>}
      {action === 'continue' && (
        <>
          <LinkButton href="/dashboard">{t('common.continue')}</LinkButton>
          <LinkParagraph to="/sign-out">{t('common.signOut')}</LinkParagraph>
        </>
      )}
      {action === 'start' && <LinkParagraph to="/">{t('common.startAgain')}</LinkParagraph>}
      {action === 'dashboard' && <LinkParagraph to="/dashboard">{t('common.goToDashboard')}</LinkParagraph>}
      <LinkParagraph to="/help">{t('common.contactHelp')}</LinkParagraph>
    </Column>
  );
}

/** /error?code=… for every code of section 8 of both documents; unknown codes get the generic page. */
export function ErrorCodePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const kind = errorPageKind(code);
  const requestId = REQUEST_ID.test(params.get('requestId') ?? '')
    ? (params.get('requestId') ?? '')
    : undefined;

  if (kind === 'dob-mismatch-attempts-exceeded')
    return <Navigate to={errorPagePath('dob_mismatch_attempts_exceeded')} replace />;
  if (kind === 'application-reference-missing') {
    return (
      <GenericErrorPage
        messageAndTimeOnly
        message={params.get('message') ?? t('errorPages.application_reference_missing.defaultMessage')}
      >
        <Paragraphs
          items={
            t('errorPages.application_reference_missing.paragraphs', { returnObjects: true }) as string[]
          }
        />
      </GenericErrorPage>
    );
  }
  if (kind === 'generic') {
    return (
      <GenericErrorPage
        backendCode={code || undefined}
        message={params.get('message') ?? undefined}
        status={params.get('status') ?? undefined}
        requestId={requestId}
      />
    );
  }
  const page = PAGES[kind];
  return <ErrorContent entry={page.key ?? code} action={page.action} requestId={requestId} key={code} />;
}
