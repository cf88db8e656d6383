import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver } from 'react-hook-form';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { BackLink } from '../../components/back-link';
import { Column } from '../../components/column';
import { LinkParagraph } from '../../components/content';
import { ErrorSummary, errorFor, type SummaryError } from '../../components/error-summary';
import { LoadingPage } from '../../components/loading-page';
import { NotFoundPage } from '../../components/not-found-page';
import { useTitledPage } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { useForm } from '../../lib/forms';
import { Navigate } from '../../lib/navigate';
import { usePostedOnce } from '../../lib/posted-once';
import { backendCodeOf, httpStatusOf, useShareOptions, useShareResult } from './api';
import {
  oneTimeCodePath,
  recipientDetailsPath,
  resultPagePath,
  shareConfirmationPath,
  shareConsentPath,
  shareResultPath,
} from './paths';
import { refusalKey } from './refusals';

// What every share page does the same way (spec 02 sections 2 and 4): every rule is the server's; the pages ask it
// (share-options) what to offer, and show its refusals with the messages of section 8.

type ShareOptions = NonNullable<ReturnType<typeof useShareOptions>['data']>;

/** The page of the route the server chose, when the page asked for is not it. */
function routePath(resultId: string, route: ShareOptions['route']): string {
  if (route === 'consent') return shareConsentPath(resultId);
  if (route === 'recipient-details') return recipientDetailsPath(resultId);
  return shareResultPath(resultId);
}

/** Where a share page goes instead of showing itself, or null when it shows itself. */
function redirectOf(
  resultId: string,
  options: ShareOptions,
  expectedRoute: 'direct' | 'consent' | 'paper' | 'recipient-details',
): string | null {
  if (!options.allowed) return null;
  // A review-eligible scheme record: the applicant confirms first that they share it (decision 0054).
  if (options.purposeConfirmationRequired) return shareConfirmationPath(resultId);
  if (options.stepUpRequired) return oneTimeCodePath(resultId);
  if (
    expectedRoute !== 'paper' &&
    options.route !== expectedRoute &&
    // The share page asks "digitally?" first, then sends a recipient-details share on.
    !(expectedRoute === 'direct' && options.route === 'recipient-details')
  )
    return routePath(resultId, options.route);
  return null;
}

/**
 * What a page about one of the applicant's results shows while its query is not answered: not found (no result in
 * the address, or not theirs), loading; a failure is thrown to the error boundary. Null once there is data.
 */
export function queryFallback(
  resultId: string,
  query: { error: unknown; isPending: boolean; isError: boolean },
): ReactNode {
  if (!resultId || httpStatusOf(query.error) === 404) return <NotFoundPage />;
  if (query.isPending) return <LoadingPage />;
  if (query.isError) throw query.error;
  return null;
}

/** The result in the query (`?resultId=`) the sharing pages are about, and the query itself. */
export function useResultInQuery() {
  const [search] = useSearchParams();
  return { search, resultId: search.get('resultId') ?? '' };
}

/** A sharing page's opening: its title set, and the result in the query it is about. */
export function useResultPage(titleKey: string) {
  return { ...useTitledPage(titleKey), ...useResultInQuery() };
}

/** The share options of the result in the query, with the states every share page handles the same way. */
export function useShareStep(expectedRoute: 'direct' | 'consent' | 'paper' | 'recipient-details') {
  const { resultId } = useResultInQuery();
  const options = useShareOptions(resultId);
  const share = useShareResult(resultId);
  let fallback = queryFallback(resultId, options);
  if (!fallback && options.data && !share.isSuccess) {
    const to = redirectOf(resultId, options.data, expectedRoute);
    if (to) fallback = <Navigate to={to} replace />;
  }
  return { resultId, options: options.data, share, fallback };
}

/**
 * A sharing page's frame: the back link, then the reading column with the error summary (where the page has one),
 * the page's heading and the page's own content.
 */
export function ShareFrame({
  backTo,
  errors,
  title,
  children,
}: {
  backTo: string;
  errors?: SummaryError[];
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <BackLink to={backTo} text={t('common.back')} />
      <Column>
        {errors && <ErrorSummary errors={errors} />}
        <h1 className="govuk-heading-l">{title}</h1>
        {children}
      </Column>
    </>
  );
}

/** A refused share: the server's reason and the way back to the result. */
export function Refused({ resultId, code }: { resultId: string; code: string | null | undefined }) {
  const { t, title } = useTitledPage('sharing.refusals.title');
  return (
    <>
      <BackLink to={resultPagePath(resultId)} text={t('common.back')} />
      <Column>
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t(refusalKey(code))}</p>
        <LinkParagraph to={resultPagePath(resultId)}>{t('sharing.backToResult')}</LinkParagraph>
      </Column>
    </>
  );
}

/** What a failed share call shows: the step-up again, or the refusal's message in the error summary. */
export function useShareFailure(resultId: string, error: unknown): string | undefined {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!error) return undefined;
  if (backendCodeOf(error) === 'STEP_UP_REQUIRED') {
    void Promise.resolve().then(() => navigate(oneTimeCodePath(resultId), { replace: true }));
    return undefined;
  }
  return t(refusalKey(backendCodeOf(error)));
}

/**
 * A share page that asks one question before it shares: its title, its share step (`useShareStep`), its question
 * (`useShareQuestion`), what the share call's refusal, or a refused post's, says (`failure`), and what the page
 * shows instead of itself (`instead`: its fallback or the refusal; none once the options are there and allow it).
 */
export function useShareQuestionPage<Form extends FieldValues>(
  page: { titleKey: string; route: 'direct' | 'consent'; field: Path<Form> },
  resolver: Resolver<Form>,
) {
  const { t, title } = useTitledPage(page.titleKey);
  const navigate = useNavigate();
  const step = useShareStep(page.route);
  const question = useShareQuestion<Form>(resolver, page.field);
  const failure = useShareFailure(step.resultId, step.share.error) ?? question.postedFailure;
  // What the page shows instead of itself: the step's fallback, or the server's refusal (unless already shared).
  const { fallback, options, share, resultId } = step;
  const instead =
    fallback ||
    (options && !options.allowed && !share.isSuccess ? (
      <Refused resultId={resultId} code={options.refusal} />
    ) : null);
  return { t, title, navigate, ...step, ...question, question, failure, instead };
}

/**
 * A share page's one-question form: as typed, or as a post without JavaScript that was refused gave it (decision
 * 0038), with the question's message and the error summary's entries (the question's, then `failure`: the share
 * call's refusal or the refused post's, shown against `failureHref`).
 */
export function useShareQuestion<Form extends FieldValues>(resolver: Resolver<Form>, field: Path<Form>) {
  const errorText = useErrorText();
  const { posted, hide } = usePostedOnce();
  const form = useForm<Form>({
    resolver,
    shouldFocusError: false,
    ...(posted ? { defaultValues: { [field]: posted.values[field] } as DefaultValues<Form> } : {}),
  });
  const message = errorText(
    (form.formState.errors[field]?.message as string | undefined) ?? posted?.errors[field],
  );
  const summary = (failure: string | undefined, failureHref = `#${field}`): SummaryError[] => [
    ...errorFor(field, message),
    ...(failure ? [{ href: failureHref, text: failure }] : []),
  ];
  return { form, posted, hide, message, summary, postedFailure: errorText(posted?.general) };
}
