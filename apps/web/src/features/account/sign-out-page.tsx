import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../components/button';
import { FormToken } from '../../components/form-token';
import { usePageTitle } from '../../components/page-title';
import { forgetThisBrowser, SIGN_OUT_FORM_PATH } from '../../lib/session';

/**
 * /sign-out: a plain HTML form posted to the server's sign-out (decision 0040). The server ends the session and
 * answers 303 to the identity provider's end-session address with the ID token as its hint, which the browser
 * follows: no script ever sees the token. The page submits the form itself once; its button does the same
 * if that did not happen. The server takes this form post from this origin only, with the form token (0038).
 */
export function SignOutPage() {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  usePageTitle(t('signingOut.title'));
  useEffect(() => {
    // After every effect of this render (the layout records the visit after its pages' effects), so nothing this
    // tab keeps is written again once it is forgotten. StrictMode runs the effect twice: one sign-out.
    const leave = setTimeout(() => {
      if (submitted.current || !form.current) return;
      submitted.current = true;
      forgetThisBrowser();
      form.current.submit();
    }, 0);
    return () => clearTimeout(leave);
  }, []);
  return (
    <>
      <h1 className="govuk-heading-l">{t('signingOut.title')}</h1>
      <p className="govuk-body" role="status">
        {t('signingOut.body')}
      </p>
      <form method="post" action={SIGN_OUT_FORM_PATH} ref={form} onSubmit={() => forgetThisBrowser()}>
        <FormToken />
        <Button variant="secondary">{t('signingOut.submit')}</Button>
      </form>
    </>
  );
}
