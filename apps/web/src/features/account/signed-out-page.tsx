import { SIGN_OUT_REASONS } from '@dis/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/button';
import { usePageTitle } from '../../components/page-title';

// Only the reasons this service gives are shown; anything else in the address is ignored rather than
// echoed, so a crafted link cannot put words on a government page.
function reasonKey(reason: string | null): 'inactive' | 'maxDuration' | undefined {
  if (reason === SIGN_OUT_REASONS.inactive || reason === 'inactive') return 'inactive';
  if (reason === SIGN_OUT_REASONS.maxDuration || reason === 'maxDuration') return 'maxDuration';
  return undefined;
}

function SignedOut({ reason }: { reason: 'inactive' | 'maxDuration' | undefined }) {
  const { t } = useTranslation();
  usePageTitle(t('signedOut.title'));
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
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
      </div>
    </div>
  );
}

/** /signed-out?reason=… */
export function SignedOutPage() {
  const [params] = useSearchParams();
  return <SignedOut reason={reasonKey(params.get('reason'))} />;
}

/** /successfully-signed-out: the user chose to sign out. */
export function SuccessfullySignedOutPage() {
  return <SignedOut reason={undefined} />;
}
