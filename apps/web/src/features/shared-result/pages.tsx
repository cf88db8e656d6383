import { additionalInformationFormSchema, oneTimeCodeFormSchema } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { type Resolver } from 'react-hook-form';
import { useForm } from '../../lib/forms';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Navigate } from '../../lib/navigate';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { FormToken } from '../../components/form-token';
import { WarningText } from '../../components/content';
import { DateInput } from '../../components/date-input';
import { ErrorSummary, type SummaryError } from '../../components/error-summary';
import { fieldMessage } from '../../components/field-message';
import { Input } from '../../components/input';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page-title';
import { ResultDetails } from '../../components/result-details';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { formatInstantDate } from '../../lib/format';
import { usePostedForm, type PostedForm } from '../../lib/server-render';
import {
  useAdditionalInformation,
  useBasicLinkCheck,
  useBasicSharedResult,
  useSendBasicCode,
  useSharedResult,
  useValidateLink,
  useVerifyBasicCode,
} from './api';
import { basicSharedResultPath, errorPageFor, isAttemptsExceeded, NO_MATCH, sharedResultPath } from './links';

export { sharedResultPath };

// The recipient of a shared result (spec 02 sections 2 and 4): no account, only the link. The server turned the
// emailed token into an HttpOnly cookie and sent the browser here without it; every failure of the link goes to
// the error page the domain names for it (shareLinkErrorPage).

const INVALID_LINK = '/error?code=invalid_link_broken_or_replaced';

/**
 * The form posted without JavaScript and refused (decision 0038), until the person submits again with script.
 */
function usePostedOnce(): { posted: PostedForm | undefined; hide: () => void } {
  const posted = usePostedForm();
  const [shown, setShown] = useState(true);
  return { posted: shown ? posted : undefined, hide: () => setShown(false) };
}

/** A token in the URL that is blank is an invalid link, decided here before any call (a real one never stays). */
function useBlankToken(): boolean {
  const [search] = useSearchParams();
  return search.has('token');
}

function Column({ children }: { children: ReactNode }) {
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">{children}</div>
    </div>
  );
}

/** /before-you-continue: what the recipient needs and what they may do with the result. */
export function BeforeYouContinuePage() {
  const { t } = useTranslation();
  const title = t('sharedResult.before.title');
  usePageTitle(title);
  const blank = useBlankToken();
  const link = useValidateLink(!blank);
  if (blank) return <Navigate to={INVALID_LINK} replace />;
  if (link.isPending) return <LoadingPage />;
  if (link.isError) return <Navigate to={errorPageFor(link.error)} replace />;
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      {(t('sharedResult.before.paragraphs', { returnObjects: true }) as string[]).map((text) => (
        <p className="govuk-body" key={text}>
          {text}
        </p>
      ))}
      <ul className="govuk-list govuk-list--bullet">
        {(t('sharedResult.before.needs', { returnObjects: true }) as string[]).map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <WarningText>{t('sharedResult.before.warning')}</WarningText>
      <Link className="govuk-button" data-module="govuk-button" role="button" to="/additional-information">
        {t('common.continue')}
      </Link>
    </Column>
  );
}

/** The form as typed: the date's boxes as text (the schema parses them to numbers). */
interface AdditionalForm {
  dateOfBirth: { day: string; month: string; year: string };
  applicationReference: string;
}
type AdditionalValues = z.output<typeof additionalInformationFormSchema>;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** /additional-information: the applicant's date of birth and the application reference. */
export function AdditionalInformationPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const title = t('sharedResult.additional.title');
  usePageTitle(title);
  const blank = useBlankToken();
  const check = useAdditionalInformation();
  const { posted, hide } = usePostedOnce();
  const form = useForm<AdditionalForm, unknown, AdditionalValues>({
    resolver: zodResolver(additionalInformationFormSchema) as unknown as Resolver<
      AdditionalForm,
      unknown,
      AdditionalValues
    >,
    shouldFocusError: false,
    ...(posted
      ? {
          defaultValues: {
            dateOfBirth: {
              day: String(posted.values['dateOfBirth.day'] ?? ''),
              month: String(posted.values['dateOfBirth.month'] ?? ''),
              year: String(posted.values['dateOfBirth.year'] ?? ''),
            },
            applicationReference: String(posted.values.applicationReference ?? ''),
          },
        }
      : {}),
  });
  if (blank) return <Navigate to={INVALID_LINK} replace />;

  const server = check.error instanceof ApiError ? (check.error.fieldErrors ?? {}) : {};
  const noMatch =
    check.error instanceof ApiError && check.error.backendCode === 'VALIDATE_VIEW_SHARED_RESULT_INVALID'
      ? t(NO_MATCH)
      : undefined;
  const dob = fieldMessage(form.formState.errors, 'dateOfBirth');
  const dobError =
    errorText(dob?.key) ?? server.applicantDateOfBirth ?? noMatch ?? errorText(posted?.errors.dateOfBirth);
  const referenceError =
    errorText(form.formState.errors.applicationReference?.message) ??
    server.applicationReference ??
    errorText(posted?.errors.applicationReference);
  const errors: SummaryError[] = [
    ...(dobError ? [{ href: '#dateOfBirth', text: dobError }] : []),
    ...(referenceError ? [{ href: '#applicationReference', text: referenceError }] : []),
  ];
  const onSubmit = (values: AdditionalValues) => {
    const { day, month, year } = values.dateOfBirth as { day: number; month: number; year: number };
    check.mutate(
      {
        applicantDateOfBirth: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`,
        applicationReference: values.applicationReference,
      },
      {
        onSuccess: ({ sharedResultId }) => void navigate(sharedResultPath(sharedResultId), { replace: true }),
        onError: (error) => {
          // A wrong answer stays in the form (noMatch); the attempts-exceeded 401 is incorrect-details.
          if (isAttemptsExceeded(error)) void navigate('/incorrect-details', { replace: true });
          else if (!(error instanceof ApiError && error.status === 400))
            void navigate(errorPageFor(error), { replace: true });
        },
      },
    );
  };
  return (
    <Column>
      <ErrorSummary errors={errors} />
      <h1 className="govuk-heading-l">{title}</h1>
      <p className="govuk-body">{t('sharedResult.additional.intro')}</p>
      <form
        noValidate
        method="post"
        onSubmit={(event) => {
          hide();
          void form.handleSubmit(onSubmit)(event);
        }}
      >
        <FormToken />
        <DateInput
          id="dateOfBirth"
          legend={t('sharedResult.additional.dateOfBirth')}
          hint={t('sharedResult.additional.dateOfBirthHint')}
          error={dobError}
          errorParts={dob?.parts}
          register={{
            day: form.register('dateOfBirth.day'),
            month: form.register('dateOfBirth.month'),
            year: form.register('dateOfBirth.year'),
          }}
        />
        <Input
          id="applicationReference"
          label={t('sharedResult.additional.reference')}
          hint={t('sharedResult.additional.referenceHint')}
          error={referenceError}
          register={form.register('applicationReference')}
          autoComplete="off"
          spellCheck={false}
          width="20"
        />
        <Button disabled={check.isPending}>{t('common.continue')}</Button>
      </form>
    </Column>
  );
}

/**
 * /incorrect-details: the answers were wrong too many times and the link no longer works (ask the applicant to
 * share again), or, with `?basic`, a basic link's code was entered wrongly too many times (ask for a new code).
 */
export function IncorrectDetailsPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const key = search.has('basic') ? 'sharedResult.incorrectCode' : 'sharedResult.incorrect';
  const title = t(`${key}.title`);
  usePageTitle(title);
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      {(t(`${key}.paragraphs`, { returnObjects: true }) as string[]).map((text) => (
        <p className="govuk-body" key={text}>
          {text}
        </p>
      ))}
      {search.has('basic') && (
        <p className="govuk-body">
          <Link className="govuk-link" to="/shared-basic">
            {t(`${key}.tryAgain`)}
          </Link>
        </p>
      )}
    </Column>
  );
}

/** /shared-result: the result, asked for again on an interval; gone (expired-link page) when the link ends. */
export function SharedResultPage() {
  const { t } = useTranslation();
  const title = t('sharedResult.result.title');
  usePageTitle(title);
  const [search] = useSearchParams();
  const id = search.get('sharedResultId') ?? '';
  const result = useSharedResult(id);
  const failed = result.isError ? errorPageFor(result.error) : undefined;
  if (!id) return <Navigate to={INVALID_LINK} replace />;
  // The link's end (or the applicant stopping it): on the server a redirect, in the browser when the poll says so.
  if (failed) return <Navigate to={failed} replace />;
  if (result.isPending || !result.data) return <LoadingPage />;
  const shared = result.data;
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-full">
        <span className="govuk-caption-l">{shared.disclosureType}</span>
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">
          {t('sharedResult.result.expires', { date: formatInstantDate(shared.linkExpiresAt) })}
        </p>
        <ResultDetails result={shared} />
        <p className="govuk-body">
          <Link
            className="govuk-button govuk-button--secondary"
            role="button"
            to={`/shared-result/print?sharedResultId=${encodeURIComponent(id)}`}
          >
            {t('resultChecks.print.button')}
          </Link>
        </p>
        <Link className="govuk-button" data-module="govuk-button" role="button" to="/complete" replace>
          {t('sharedResult.result.close')}
        </Link>
      </div>
    </div>
  );
}

/** /complete: the recipient has finished. */
export function SharedResultCompletePage() {
  const { t } = useTranslation();
  const title = t('sharedResult.complete.title');
  usePageTitle(title);
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      <p className="govuk-body">{t('sharedResult.complete.body')}</p>
    </Column>
  );
}

// ---------- a basic result's link ----------

/** /shared-basic: the link checked, the recipient asks for a code by text message. */
export function SharedBasicPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t('sharedResult.basic.title');
  usePageTitle(title);
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
      <form
        noValidate
        method="post"
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
        <FormToken />
        <Button id="send-code" disabled={send.isPending}>
          {t('sharedResult.basic.send')}
        </Button>
      </form>
    </Column>
  );
}

type CodeForm = z.input<typeof oneTimeCodeFormSchema>;
type CodeValues = z.output<typeof oneTimeCodeFormSchema>;

/** /shared-basic-otc: the code from the text message. */
export function SharedBasicCodePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const title = t('sharedResult.basicCode.title');
  usePageTitle(title);
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
      <ErrorSummary errors={message ? [{ href: '#oneTimeCode', text: message }] : []} />
      <h1 className="govuk-heading-l">{title}</h1>
      <p className="govuk-body">{t('sharedResult.basicCode.intro')}</p>
      <form
        noValidate
        method="post"
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
        <FormToken />
        <Input
          id="oneTimeCode"
          label={t('sharedResult.basicCode.label')}
          error={message}
          register={form.register('oneTimeCode')}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
          width="10"
        />
        <Button disabled={verify.isPending}>{t('common.continue')}</Button>
      </form>
      <p className="govuk-body">
        <Link className="govuk-link" to="/shared-basic">
          {t('sharedResult.basicCode.newCode')}
        </Link>
      </p>
    </Column>
  );
}

/** /shared-basic-result: the result for its time-out, then the expired basic link page; close to /complete. */
export function SharedBasicResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t('sharedResult.result.title');
  usePageTitle(title);
  const [search] = useSearchParams();
  const a = search.get('sharedResultId') ?? '';
  const b = search.get('viewId') ?? '';
  const result = useBasicSharedResult(a, b);
  const failed = result.isError ? errorPageFor(result.error, true) : undefined;
  const endsAt = result.data ? Date.parse(result.data.viewingEndsAt) : undefined;
  useEffect(() => {
    if (endsAt === undefined) return;
    const timer = setTimeout(
      () => void navigate('/error?code=expired_basic_share_link', { replace: true }),
      Math.max(0, endsAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [endsAt, navigate]);
  if (!a || !b) return <Navigate to={INVALID_LINK} replace />;
  // Opened after its time (or the link stopped): the server refuses, and the page says so (a redirect on the server).
  if (failed) return <Navigate to={failed} replace />;
  if (result.isPending || !result.data) return <LoadingPage />;
  const shared = result.data;
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-full">
        <span className="govuk-caption-l">{shared.disclosureType}</span>
        <h1 className="govuk-heading-l">{title}</h1>
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
        <ResultDetails result={shared} />
        <Link className="govuk-button" data-module="govuk-button" role="button" to="/complete" replace>
          {t('sharedResult.result.close')}
        </Link>
      </div>
    </div>
  );
}
