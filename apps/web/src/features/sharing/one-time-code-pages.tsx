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
import { useQueryClient } from '../../lib/query';
import { useState } from 'react';
import { useForm } from '../../lib/forms';
import { useLocation, useNavigate } from '../../lib/router';
import type { z } from 'zod';
import { BackLink } from '../../components/back-link';
import { Column } from '../../components/column';
import { Button } from '../../components/button';
import { PostForm } from '../../components/post-form';
import { InsetText } from '../../components/content';
import { ErrorSummary, errorFor } from '../../components/error-summary';
import { OneTimeCodeInput } from '../../components/input';
import { NotificationBanner } from '../../components/notification-banner';
import { useErrorText } from '../../i18n';
import { Navigate } from '../../lib/navigate';
import { usePostedOnce } from '../../lib/posted-once';
import { useResultPage } from './share-step';
import { userQuery } from '../../lib/session';
import { backendCodeOf, httpStatusOf, useRequestCode, useVerifyCode } from './api';
import { counterOf, oneTimeCodePath, resultPagePath, shareResultPath } from './paths';

// The applicant's one-time code (spec 02 section 4): a landing page that sends the code, and a verify page
// with the resend link, the new-code limit notice and the notifications of section 8. A verified code lets
// the applicant share (decision 0021), so both pages carry the result being shared and return to it.

/** What the verify page is told by the page that sent the code. */
interface CodeState {
  counter: OtcRequestCounter;
  partialPhoneNumber: string;
}

function codeStateOf(state: unknown, search: URLSearchParams): CodeState | null {
  const value = state as Partial<CodeState> | null;
  if (value && value.counter && typeof value.partialPhoneNumber === 'string') return value as CodeState;
  // Without JavaScript the landing page's post sends the same in the address (decision 0038).
  const counter = counterOf(search);
  const digits = search.get('digits');
  return counter && digits !== null ? { counter, partialPhoneNumber: digits } : null;
}

export { oneTimeCodePath };
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
  const { t, title, resultId } = useResultPage('oneTimeCode.landing.title');
  const navigate = useNavigate();
  const sender = useSendCode(resultId);
  // Sent without JavaScript and failed: the same notice (decision 0038).
  const { posted, hide } = usePostedOnce();
  const failed = sender.failed || Boolean(posted?.general);
  return (
    <>
      <BackLink to={resultPagePath(resultId)} text={t('common.back')} />
      <Column>
        {failed && <NotificationBanner type="error" heading={t('oneTimeCode.notifications.generic')} />}
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t('oneTimeCode.landing.intro')}</p>
        <p className="govuk-body">
          {t('oneTimeCode.landing.expiry', { minutes: PASSCODE_VALIDITY_MINUTES })}
        </p>
        <PostForm
          onSubmit={(event) => {
            event.preventDefault();
            hide();
            sender.send(
              INITIAL_OTC_REQUEST_COUNTER,
              (state) => void navigate(verifyPath(resultId), { state }),
            );
          }}
        >
          <Button disabled={sender.pending}>{t('oneTimeCode.landing.send')}</Button>
        </PostForm>
      </Column>
    </>
  );
}

type CodeForm = z.input<typeof oneTimeCodeFormSchema>;

/** /one-time-code/verify: the 6-digit code (autocomplete one-time-code, paste accepted), resend or limit notice. */
export function OneTimeCodeVerifyPage() {
  const { t, title, search, resultId } = useResultPage('oneTimeCode.verify.title');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const [codeState, setCodeState] = useState<CodeState | null>(() => codeStateOf(location.state, search));
  // A code posted without JavaScript and refused comes back with its problem or notification (decision 0038).
  const { posted: earlier, hide } = usePostedOnce();
  const [notification, setNotification] = useState<OtcNotification | null>(null);
  const [resent, setResent] = useState(search.get('resent') === 'true');
  const sender = useSendCode(resultId);
  const verify = useVerifyCode();
  const form = useForm<CodeForm>({
    resolver: zodResolver(oneTimeCodeFormSchema),
    shouldFocusError: false,
    ...(earlier ? { defaultValues: { oneTimeCode: String(earlier.values.oneTimeCode ?? '') } } : {}),
  });

  // Reached without sending a code (a bookmark, a reload): start from the landing page.
  if (!codeState) return <Navigate to={oneTimeCodePath(resultId)} replace />;

  const fieldMessage = errorText(form.formState.errors.oneTimeCode?.message ?? earlier?.errors.oneTimeCode);
  const postedNotice = earlier?.general;
  const onSubmit = form.handleSubmit(({ oneTimeCode }) => {
    hide();
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
          { httpStatus: httpStatusOf(error) ?? 0, backendCode: backendCodeOf(error) ?? null },
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
      <Column>
        <ErrorSummary errors={errorFor('oneTimeCode', fieldMessage)} />
        {notification && (
          <NotificationBanner type="error" heading={t(`oneTimeCode.notifications.${notification}`)} />
        )}
        {!notification && postedNotice && <NotificationBanner type="error" heading={t(postedNotice)} />}
        {sender.failed && (
          <NotificationBanner type="error" heading={t('oneTimeCode.notifications.generic')} />
        )}
        {resent && <NotificationBanner type="success" heading={t('oneTimeCode.verify.resent')} />}
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">
          {t('oneTimeCode.verify.sentTo', { digits: codeState.partialPhoneNumber })}
        </p>
        <PostForm
          onSubmit={(event) => {
            hide();
            void onSubmit(event);
          }}
        >
          <OneTimeCodeInput
            label={t('oneTimeCode.verify.label')}
            hint={t('oneTimeCode.verify.hint', { minutes: PASSCODE_VALIDITY_MINUTES })}
            error={fieldMessage}
            register={form.register('oneTimeCode')}
            width="5"
          />
          <Button disabled={verify.isPending}>{t('oneTimeCode.verify.submit')}</Button>
        </PostForm>
        {codeState.counter.limitNoticeShown ? (
          <InsetText>{t('oneTimeCode.verify.limitNotice')}</InsetText>
        ) : (
          // Its own form: without JavaScript it posts `_action=resend` to the page (decision 0038).
          <PostForm
            onSubmit={(event) => {
              event.preventDefault();
              hide();
              sender.send(codeState.counter, (next) => {
                setCodeState(next);
                setNotification(null);
                setResent(true);
              });
            }}
          >
            <Button variant="secondary" name="_action" value="resend" disabled={sender.pending}>
              {t('oneTimeCode.verify.resend')}
            </Button>
          </PostForm>
        )}
      </Column>
    </>
  );
}
