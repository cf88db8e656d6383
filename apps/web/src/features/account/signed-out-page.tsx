import { signedOutNotice } from '@dis/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/button';
import { usePageTitle } from '../../components/page-title';
import { Column } from '../../components/column';

type Notice = ReturnType<typeof signedOutNotice>;

// Only the reasons this service gives are shown (signedOutNotice, decision 0055); anything else in the address is
// ignored rather than echoed, so a crafted link cannot put words on a government page.
function SignedOut({ reason }: { reason: Exclude<Notice, 'signOutFailed'> }) {
  const { t } = useTranslation();
  usePageTitle(t('signedOut.title'));
  return (
    <Column>
      <h1 className="govuk-heading-l">{t('signedOut.title')}</h1>
      {reason ? (
        <>
          <p className="govuk-body">{t(`signedOut.${reason}`)}</p>
          <p className="govuk-body">{t('signedOut.saved')}</p>
        </>
      ) : (
        <p className="govuk-body">{t('signedOut.plainBody')}</p>
      )}
      <p className="govuk-body">{t('signedOut.closeBrowser')}</p>
      <LinkButton href="/oauth2/authorization/dis" external>
        {t('signedOut.signInAgain')}
      </LinkButton>
    </Column>
  );
}

/** The sign-out could not be completed (spec 02 section 8, "sign-out failure"): say so, and offer it again. */
function SignOutFailed() {
  const { t } = useTranslation();
  usePageTitle(t('signedOut.failedTitle'));
  return (
    <Column>
      <h1 className="govuk-heading-l">{t('signedOut.failedTitle')}</h1>
      <p className="govuk-body">{t('signedOut.failedBody')}</p>
      <p className="govuk-body">{t('signedOut.failedCloseBrowser')}</p>
      {/* The sign-out page's own form, which works with and without JavaScript. */}
      <LinkButton href="/sign-out" external>
        {t('signedOut.failedTryAgain')}
      </LinkButton>
    </Column>
  );
}

/** /signed-out?reason=… */
export function SignedOutPage() {
  const [params] = useSearchParams();
  const notice = signedOutNotice(params.get('reason'));
  if (notice === 'signOutFailed') return <SignOutFailed />;
  return <SignedOut reason={notice} />;
}

/** /successfully-signed-out: the user chose to sign out. */
export function SuccessfullySignedOutPage() {
  return <SignedOut reason={undefined} />;
}
