import {
  INITIAL_OTC_REQUEST_COUNTER,
  PASSCODE_VALIDITY_MINUTES,
  oneTimeCodeFormSchema,
  otcRequestFailed,
  otcRequestStarted,
  otcRequestSucceeded,
  sendCodeFailure,
  verifyCodeOutcome,
  type OtcNotification,
  type OtcRequestCounter,
} from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from '../../lib/forms';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { InsetText } from '../../components/content';
import { ErrorSummary } from '../../components/error-summary';
import { Input } from '../../components/input';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { userQuery } from '../../lib/session';
import { httpStatusOf, useRequestCode, useVerifyCode } from './api';
import { resultPagePath, shareResultPath } from './paths';

// The applicant's one-time code (spec 02 section 4): a landing page that sends the code, and a verify page
// with the resend link, the new-code limit notice and the notifications of section 8. A verified code lets
// the applicant share (decision 0021), so both pages carry the result being shared and return to it.

/** What the verify page is told by the page that sent the code. */
interface CodeState {
  counter: OtcRequestCounter;
  partialPhoneNumber: string;
}

function codeStateOf(state: unknown): CodeState | null {
  const value = state as Partial<CodeState> | null;
  return value && value.counter && typeof value.partialPhoneNumber === 'string' ? (value as CodeState) : null;
}

export const oneTimeCodePath = (resultId: string) =>
  `/one-time-code?resultId=${encodeURIComponent(resultId)}`;
const verifyPath = (resultId: string) => `/one-time-code/verify?resultId=${encodeURIComponent(resultId)}`;

/** Sends a code; on success hands the counter and the phone's last digits to `onSent`. */
function useSendCode(resultId: string) {
  const navigate = useNavigate();
  const request = useRequestCode();
  const [failed, setFailed] = useState(false);
  function send(counter: OtcRequestCounter, onSent: (next: CodeState) => void) {
    const started = otcRequestStarted(counter);
    setFailed(false);
    request.mutate(undefined, {
      onSuccess: (answer) =>
        onSent({ counter: otcRequestSucceeded(started), partialPhoneNumber: answer.partialPhoneNumber }),
      onError: (error) => {
        const outcome = sendCodeFailure(httpStatusOf(error) ?? 0);
        if (outcome.kind === 'error-page') void navigate(`/error?code=${outcome.code}`);
        else setFailed(true);
        void otcRequestFailed(started);
      },
    });
  }
  return { send, pending: request.isPending, failed, resultId };
}

/** /one-time-code: explains the code and sends it. */
export function OneTimeCodeLandingPage() {
  const { t } = useTranslation();
  const title = t('oneTimeCode.landing.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const resultId = search.get('resultId') ?? '';
  const sender = useSendCode(resultId);
  return (
    <>
      <BackLink to={resultPagePath(resultId)} text={t('common.back')} />
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          {sender.failed && (
            <NotificationBanner type="error" heading={t('oneTimeCode.notifications.generic')} />
          )}
          <h1 className="govuk-heading-l">{title}</h1>
          <p className="govuk-body">{t('oneTimeCode.landing.intro')}</p>
          <p className="govuk-body">
            {t('oneTimeCode.landing.expiry', { minutes: PASSCODE_VALIDITY_MINUTES })}
          </p>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              sender.send(
                INITIAL_OTC_REQUEST_COUNTER,
                (state) => void navigate(verifyPath(resultId), { state }),
              );
            }}
          >
            <Button disabled={sender.pending}>{t('oneTimeCode.landing.send')}</Button>
          </form>
        </div>
      </div>
    </>
  );
}

type CodeForm = z.input<typeof oneTimeCodeFormSchema>;

/** /one-time-code/verify: the 6-digit code (autocomplete one-time-code, paste accepted), resend or limit notice. */
export function OneTimeCodeVerifyPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const title = t('oneTimeCode.verify.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const [search] = useSearchParams();
  const resultId = search.get('resultId') ?? '';
  const [codeState, setCodeState] = useState<CodeState | null>(() => codeStateOf(location.state));
  const [notification, setNotification] = useState<OtcNotification | null>(null);
  const [resent, setResent] = useState(false);
  const sender = useSendCode(resultId);
  const verify = useVerifyCode();
  const form = useForm<CodeForm>({ resolver: zodResolver(oneTimeCodeFormSchema), shouldFocusError: false });

  // Reached without sending a code (a bookmark, a reload): start from the landing page.
  if (!codeState) {
    void Promise.resolve().then(() => navigate(oneTimeCodePath(resultId), { replace: true }));
    return null;
  }

  const fieldMessage = errorText(form.formState.errors.oneTimeCode?.message);
  const onSubmit = form.handleSubmit(({ oneTimeCode }) => {
    setNotification(null);
    setResent(false);
    verify.mutate(String(oneTimeCode), {
      onSuccess: async ({ validationStatus }) => {
        const outcome = verifyCodeOutcome({ validationStatus }, codeState.counter.requests);
        if (outcome.kind === 'verified') {
          // A valid code refetches the user information (spec 02 section 4).
          await client.invalidateQueries({ queryKey: userQuery.queryKey });
          await navigate(shareResultPath(resultId), { replace: true });
        } else if (outcome.kind === 'notification') setNotification(outcome.key);
      },
      onError: (error) => {
        const outcome = verifyCodeOutcome(
          { httpStatus: httpStatusOf(error) ?? 0 },
          codeState.counter.requests,
        );
        if (outcome.kind === 'error-page') void navigate(`/error?code=${outcome.code}`);
        else if (outcome.kind === 'notification') setNotification(outcome.key);
      },
    });
  });

  return (
    <>
      <BackLink to={oneTimeCodePath(resultId)} text={t('common.back')} />
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <ErrorSummary errors={fieldMessage ? [{ href: '#oneTimeCode', text: fieldMessage }] : []} />
          {notification && (
            <NotificationBanner type="error" heading={t(`oneTimeCode.notifications.${notification}`)} />
          )}
          {sender.failed && (
            <NotificationBanner type="error" heading={t('oneTimeCode.notifications.generic')} />
          )}
          {resent && <NotificationBanner type="success" heading={t('oneTimeCode.verify.resent')} />}
          <h1 className="govuk-heading-l">{title}</h1>
          <p className="govuk-body">
            {t('oneTimeCode.verify.sentTo', { digits: codeState.partialPhoneNumber })}
          </p>
          <form noValidate onSubmit={(event) => void onSubmit(event)}>
            <Input
              id="oneTimeCode"
              label={t('oneTimeCode.verify.label')}
              hint={t('oneTimeCode.verify.hint', { minutes: PASSCODE_VALIDITY_MINUTES })}
              error={fieldMessage}
              register={form.register('oneTimeCode')}
              width="5"
              autoComplete="one-time-code"
              inputMode="numeric"
              spellCheck={false}
            />
            <Button disabled={verify.isPending}>{t('oneTimeCode.verify.submit')}</Button>
          </form>
          {codeState.counter.limitNoticeShown ? (
            <InsetText>{t('oneTimeCode.verify.limitNotice')}</InsetText>
          ) : (
            <Button
              type="button"
              variant="secondary"
              disabled={sender.pending}
              onClick={() =>
                sender.send(codeState.counter, (next) => {
                  setCodeState(next);
                  setNotification(null);
                  setResent(true);
                })
              }
            >
              {t('oneTimeCode.verify.resend')}
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
