import { additionalInformationFormSchema } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { Column } from '../../components/column';
import { BulletList, LinkParagraph, Paragraphs, WarningText } from '../../components/content';
import { DateInput, dateRegistrations } from '../../components/date-input';
import { ErrorSummary, errorFor, type SummaryError } from '../../components/error-summary';
import { fieldMessage } from '../../components/field-message';
import { PostForm } from '../../components/post-form';
import { Input } from '../../components/input';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle, useTitledPage } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { formatInstantDate } from '../../lib/format';
import { useForm } from '../../lib/forms';
import { Navigate } from '../../lib/navigate';
import { usePostedOnce } from '../../lib/posted-once';
import { sharedResultPoll, useAdditionalInformation, useSharedResult, useValidateLink } from './api';
import {
  errorPageFor,
  INVALID_LINK,
  isAttemptsExceeded,
  NO_MATCH,
  sharedResultPath,
  useBlankToken,
} from './links';
import { sharedResultPage } from './result-view';

// The recipient of a shared result (spec 02 sections 2 and 4): no account, only the link. The server turned the
// emailed token into an HttpOnly cookie and sent the browser here without it; every failure of the link goes to
// the error page the domain names for it (shareLinkErrorPage). A basic result's link (a code by text message
// instead of the identity check) has its pages in `basic-pages.tsx`.

/** /before-you-continue: what the recipient needs and what they may do with the result. */
export function BeforeYouContinuePage() {
  const { t, title } = useTitledPage('sharedResult.before.title');
  const blank = useBlankToken();
  const link = useValidateLink(!blank);
  if (blank) return <Navigate to={INVALID_LINK} replace />;
  if (link.isPending) return <LoadingPage />;
  if (link.isError) return <Navigate to={errorPageFor(link.error)} replace />;
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      <Paragraphs items={t('sharedResult.before.paragraphs', { returnObjects: true }) as string[]} />
      <BulletList items={t('sharedResult.before.needs', { returnObjects: true }) as string[]} />
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
  const { t, title } = useTitledPage('sharedResult.additional.title');
  const errorText = useErrorText();
  const navigate = useNavigate();
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
    ...errorFor('dateOfBirth', dobError),
    ...errorFor('applicationReference', referenceError),
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
      <PostForm
        onSubmit={(event) => {
          hide();
          void form.handleSubmit(onSubmit)(event);
        }}
      >
        <DateInput
          id="dateOfBirth"
          legend={t('sharedResult.additional.dateOfBirth')}
          hint={t('sharedResult.additional.dateOfBirthHint')}
          error={dobError}
          errorParts={dob?.parts}
          register={dateRegistrations(form.register, 'dateOfBirth')}
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
      </PostForm>
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
      <Paragraphs items={t(`${key}.paragraphs`, { returnObjects: true }) as string[]} />
      {search.has('basic') && <LinkParagraph to="/shared-basic">{t(`${key}.tryAgain`)}</LinkParagraph>}
    </Column>
  );
}

/** /shared-result: the result, asked for again on an interval; gone (expired-link page) when the link ends. */
export function SharedResultPage() {
  const { t, title } = useTitledPage('sharedResult.result.title');
  const [search] = useSearchParams();
  const id = search.get('sharedResultId') ?? '';
  const result = useSharedResult(id);
  // The link's end (or the applicant stopping it): on the server a redirect, in the browser when the poll says so.
  return sharedResultPage(Boolean(id), result, {
    enhance: () => sharedResultPoll(id),
    title,
    notice: (shared) => (
      <p className="govuk-body">
        {t('sharedResult.result.expires', { date: formatInstantDate(shared.linkExpiresAt) })}
      </p>
    ),
    printTo: `/shared-result/print?sharedResultId=${encodeURIComponent(id)}`,
  });
}

/** /complete: the recipient has finished. */
export function SharedResultCompletePage() {
  const { t, title } = useTitledPage('sharedResult.complete.title');
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      <p className="govuk-body">{t('sharedResult.complete.body')}</p>
    </Column>
  );
}
