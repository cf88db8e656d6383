import { oneTimeCodeFormSchema } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from '../../lib/router';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { Column } from '../../components/column';
import { LinkParagraph, WarningText } from '../../components/content';
import { ErrorSummary, errorFor } from '../../components/error-summary';
import { PostForm } from '../../components/post-form';
import { OneTimeCodeInput } from '../../components/input';
import { LoadingPage } from '../../components/loading-page';
import { useTitledPage } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { useForm } from '../../lib/forms';
import { Navigate } from '../../lib/navigate';
import { usePostedOnce } from '../../lib/posted-once';
import { useBasicLinkCheck, useBasicSharedResult, useSendBasicCode, useVerifyBasicCode } from './api';
import { basicSharedResultPath, errorPageFor, INVALID_LINK, useBlankToken } from './links';
import { sharedResultPage } from './result-view';

// The recipient of a basic result's link (spec 02 sections 2 and 4): a code sent by text message to the phone
// the applicant gave, instead of the identity check, then the result for a short time.

/** /shared-basic: the link checked, the recipient asks for a code by text message. */
export function SharedBasicPage() {
  const { t, title } = useTitledPage('sharedResult.basic.title');
  const navigate = useNavigate();
  const blank = useBlankToken();
  const link = useBasicLinkCheck(!blank);
  const send = useSendBasicCode();
  const { posted, hide } = usePostedOnce();
  if (blank) return <Navigate to={INVALID_LINK} replace />;
  if (link.isPending) return <LoadingPage />;
  if (link.isError) return <Navigate to={errorPageFor(link.error, true)} replace />;
  const ending = link.data.phoneNumberEnding;
  const tooMany = (send.error instanceof ApiError && send.error.status === 429) || Boolean(posted?.general);
  return (
    <Column>
      <ErrorSummary errors={tooMany ? [{ href: '#send-code', text: t('sharedResult.basic.tooMany') }] : []} />
      <h1 className="govuk-heading-l">{title}</h1>
      <p className="govuk-body">{t('sharedResult.basic.intro')}</p>
      <p className="govuk-body">
        {ending ? t('sharedResult.basic.phoneEnding', { ending }) : t('sharedResult.basic.phone')}
      </p>
      <PostForm
        onSubmit={(event) => {
          event.preventDefault();
          hide();
          send.mutate(undefined, {
            onSuccess: () => void navigate('/shared-basic-otc', { state: { ending } }),
            onError: (error) => {
              if (!(error instanceof ApiError && error.status === 429))
                void navigate(errorPageFor(error, true), { replace: true });
            },
          });
        }}
      >
        <Button id="send-code" disabled={send.isPending}>
          {t('sharedResult.basic.send')}
        </Button>
      </PostForm>
    </Column>
  );
}

type CodeForm = z.input<typeof oneTimeCodeFormSchema>;
type CodeValues = z.output<typeof oneTimeCodeFormSchema>;

/** /shared-basic-otc: the code from the text message. */
export function SharedBasicCodePage() {
  const { t, title } = useTitledPage('sharedResult.basicCode.title');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const verify = useVerifyBasicCode();
  const { posted, hide } = usePostedOnce();
  const form = useForm<CodeForm, unknown, CodeValues>({
    resolver: zodResolver(oneTimeCodeFormSchema),
    shouldFocusError: false,
    ...(posted ? { defaultValues: { oneTimeCode: String(posted.values.oneTimeCode ?? '') } } : {}),
  });
  const wrong = verify.error instanceof ApiError && verify.error.backendCode === 'CODE_INVALID';
  const message =
    errorText(form.formState.errors.oneTimeCode?.message) ??
    (wrong ? t('sharedResult.basicCode.invalid') : undefined) ??
    errorText(posted?.errors.oneTimeCode);
  return (
    <Column>
      <ErrorSummary errors={errorFor('oneTimeCode', message)} />
      <h1 className="govuk-heading-l">{title}</h1>
      <p className="govuk-body">{t('sharedResult.basicCode.intro')}</p>
      <PostForm
        onSubmit={(event) => {
          hide();
          void form.handleSubmit(({ oneTimeCode }) =>
            verify.mutate(oneTimeCode, {
              onSuccess: ({ sharedResultId, viewId }) =>
                void navigate(basicSharedResultPath(sharedResultId, viewId), { replace: true }),
              onError: (error) => {
                if (error instanceof ApiError && error.backendCode === 'CODE_ATTEMPTS_EXCEEDED')
                  void navigate('/incorrect-details?basic', { replace: true });
                else if (!(error instanceof ApiError && error.status === 400))
                  void navigate(errorPageFor(error, true), { replace: true });
              },
            }),
          )(event);
        }}
      >
        <OneTimeCodeInput
          label={t('sharedResult.basicCode.label')}
          error={message}
          register={form.register('oneTimeCode')}
          width="10"
        />
        <Button disabled={verify.isPending}>{t('common.continue')}</Button>
      </PostForm>
      <LinkParagraph to="/shared-basic">{t('sharedResult.basicCode.newCode')}</LinkParagraph>
    </Column>
  );
}

/** /shared-basic-result: the result for its time-out, then the expired basic link page; close to /complete. */
export function SharedBasicResultPage() {
  const { t, title } = useTitledPage('sharedResult.result.title');
  const [search] = useSearchParams();
  const a = search.get('sharedResultId') ?? '';
  const b = search.get('viewId') ?? '';
  const result = useBasicSharedResult(a, b);
  // Opened after its time (or the link stopped): the server refuses, and the page says so (a redirect on the server).
  // Open at its time: the page's plain enhancement (decision 0074) leaves for the expired-link page.
  return sharedResultPage(Boolean(a && b), result, {
    title,
    enhance: (shared) => ({
      'data-leave-at': shared.viewingEndsAt,
      'data-leave-to': '/error?code=expired_basic_share_link',
    }),
    notice: (shared) => (
      <WarningText>
        {t('sharedResult.basicResult.until', {
          // The service's time zone, so the server's page and the browser's say the same.
          time: new Date(shared.viewingEndsAt).toLocaleTimeString('en-GB', {
            hour: '2-digit',
            minute: '2-digit',
            timeZone: 'Europe/London',
          }),
        })}
      </WarningText>
    ),
    printTo: `/shared-basic-result/print?sharedResultId=${encodeURIComponent(a)}&viewId=${encodeURIComponent(b)}`,
    basic: true,
  });
}
