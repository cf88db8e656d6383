import { signedOutNotice } from '@dis/domain';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../lib/router';
import { LinkButton } from '../../components/button';
import { usePageTitle } from '../../components/page-title';
import { Column } from '../../components/column';

type Notice = ReturnType<typeof signedOutNotice>;

/** A page after signing out: its title, what happened, and the one way on (a button). */
function SignedOutLayout({
  title,
  action,
  children,
}: {
  title: string;
  action: { href: string; text: string };
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      {children}
      <LinkButton href={action.href} external>
        {action.text}
      </LinkButton>
    </Column>
  );
}

// Only the reasons this service gives are shown (signedOutNotice, decision 0055); anything else in the address is
// ignored rather than echoed, so a crafted link cannot put words on a government page.
function SignedOut({ reason }: { reason: Exclude<Notice, 'signOutFailed'> }) {
  const { t } = useTranslation();
  return (
    <SignedOutLayout
      title={t('signedOut.title')}
      action={{ href: '/oauth2/authorization/dis', text: t('signedOut.signInAgain') }}
    >
      {reason ? (
        <>
          <p className="govuk-body">{t(`signedOut.${reason}`)}</p>
          <p className="govuk-body">{t('signedOut.saved')}</p>
        </>
      ) : (
        <p className="govuk-body">{t('signedOut.plainBody')}</p>
      )}
      <p className="govuk-body">{t('signedOut.closeBrowser')}</p>
    </SignedOutLayout>
  );
}

/** The sign-out could not be completed (spec 02 section 8, "sign-out failure"): say so, and offer it again. */
function SignOutFailed() {
  const { t } = useTranslation();
  return (
    <SignedOutLayout
      title={t('signedOut.failedTitle')}
      // The sign-out page's own form, which works with and without JavaScript.
      action={{ href: '/sign-out', text: t('signedOut.failedTryAgain') }}
    >
      <p className="govuk-body">{t('signedOut.failedBody')}</p>
      <p className="govuk-body">{t('signedOut.failedCloseBrowser')}</p>
    </SignedOutLayout>
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
