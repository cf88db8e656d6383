import { digitalShareFormSchema, pvgConfirmShareFormSchema, shareConfirmationFormSchema } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from '../../lib/forms';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Navigate } from '../../lib/navigate';
import type { z } from 'zod';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { Checkboxes } from '../../components/checkboxes';
import { FormToken } from '../../components/form-token';
import { Panel } from '../../components/content';
import { Radios } from '../../components/radios';
import { ErrorSummary } from '../../components/error-summary';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { usePostedForm, type PostedForm } from '../../lib/server-render';
import { NotFoundPage } from '../../components/not-found-page';
import {
  backendCodeOf,
  httpStatusOf,
  useSharePaper,
  useShareOptions,
  useSharePurpose,
  useShareResult,
} from './api';
import { oneTimeCodePath } from './one-time-code-pages';
import {
  alreadySharedPaperPath,
  paperShareErrorPath,
  recipientDetailsPath,
  resultPagePath,
  shareConfirmationPath,
  shareConsentPath,
  sharePaperPath,
  sharePaperSuccessPath,
  shareResultPath,
  shareSuccessPath,
  whoCanSeePath,
} from './paths';
import { refusalKey } from './refusals';
import { ApiError } from '../../lib/api-client';

const problemOf = (error: ApiError) => ({
  backendCode: error.backendCode,
  message: error.message,
  status: error.status,
  requestId: error.requestId,
});

// The applicant's share pages (spec 02 sections 2 and 4): every rule is the server's; the pages ask it
// (share-options) what to offer, and show its refusals with the messages of section 8.

export function Column({ children }: { children: ReactNode }) {
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">{children}</div>
    </div>
  );
}

/** The share options of the result in the query, with the states every share page handles the same way. */
export function useShareStep(expectedRoute: 'direct' | 'consent' | 'paper' | 'recipient-details') {
  const [search] = useSearchParams();
  const resultId = search.get('resultId') ?? '';
  const options = useShareOptions(resultId);
  const share = useShareResult(resultId);
  let fallback: ReactNode = null;
  if (!resultId || httpStatusOf(options.error) === 404) fallback = <NotFoundPage />;
  else if (options.isPending) fallback = <LoadingPage />;
  else if (options.isError) throw options.error;
  // A review-eligible scheme record: the applicant confirms first that they share it (decision 0054).
  else if (!share.isSuccess && options.data.allowed && options.data.purposeConfirmationRequired)
    fallback = <Navigate to={shareConfirmationPath(resultId)} replace />;
  else if (!share.isSuccess && options.data.allowed && options.data.stepUpRequired)
    fallback = <Navigate to={oneTimeCodePath(resultId)} replace />;
  else if (
    !share.isSuccess &&
    options.data.allowed &&
    expectedRoute !== 'paper' &&
    options.data.route !== expectedRoute &&
    // The share page asks "digitally?" first, then sends a recipient-details share on.
    !(expectedRoute === 'direct' && options.data.route === 'recipient-details')
  )
    fallback = (
      <Navigate
        to={
          options.data.route === 'consent'
            ? shareConsentPath(resultId)
            : options.data.route === 'recipient-details'
              ? recipientDetailsPath(resultId)
              : shareResultPath(resultId)
        }
        replace
      />
    );
  return { resultId, options: options.data, share, fallback };
}

/** A refused share: the server's reason and the way back to the result. */
export function Refused({ resultId, code }: { resultId: string; code: string | null | undefined }) {
  const { t } = useTranslation();
  const title = t('sharing.refusals.title');
  usePageTitle(title);
  return (
    <>
      <BackLink to={resultPagePath(resultId)} text={t('common.back')} />
      <Column>
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t(refusalKey(code))}</p>
        <p className="govuk-body">
          <Link className="govuk-link" to={resultPagePath(resultId)}>
            {t('sharing.backToResult')}
          </Link>
        </p>
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
 * The form posted without JavaScript and refused (decision 0038), until the person submits again with script:
 * its values, its problems (message keys) and a share the server refused (`general`, the refusal's message key).
 */
function usePostedShare(): { posted: PostedForm | undefined; hide: () => void } {
  const posted = usePostedForm();
  const [shown, setShown] = useState(true);
  return { posted: shown ? posted : undefined, hide: () => setShown(false) };
}

type DigitalForm = z.input<typeof digitalShareFormSchema>;

/**
 * /share-result: share the result with the organisation on the application (the direct route). While a paper
 * copy can still be asked for, the page first asks whether to share digitally; "no" goes to the paper page.
 */
export function ShareResultPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const title = t('sharing.share.title');
  usePageTitle(title);
  const { resultId, options, share, fallback } = useShareStep('direct');
  const { posted, hide } = usePostedShare();
  const failure = useShareFailure(resultId, share.error) ?? errorText(posted?.general);
  const form = useForm<DigitalForm>({
    resolver: zodResolver(digitalShareFormSchema),
    shouldFocusError: false,
    ...(posted ? { defaultValues: { shareDigitally: posted.values.shareDigitally as 'yes' | 'no' } } : {}),
  });
  if (fallback || !options) return fallback;
  if (!options.allowed && !share.isSuccess) return <Refused resultId={resultId} code={options.refusal} />;
  const toRecipient = options.route === 'recipient-details';
  const shareNow = () =>
    toRecipient
      ? void navigate(recipientDetailsPath(resultId))
      : share.mutate({}, { onSuccess: () => void navigate(shareSuccessPath(resultId), { replace: true }) });
  // Without the paper question, a recipient-details share goes straight to the recipient's details.
  if (toRecipient && !options.paperOffered) return <Navigate to={recipientDetailsPath(resultId)} replace />;
  const message = errorText(form.formState.errors.shareDigitally?.message ?? posted?.errors.shareDigitally);
  const errors = [
    ...(message ? [{ href: '#shareDigitally', text: message }] : []),
    ...(failure ? [{ href: options.paperOffered ? '#shareDigitally' : '#share-button', text: failure }] : []),
  ];
  return (
    <>
      <BackLink to={resultPagePath(resultId)} text={t('common.back')} />
      <Column>
        <ErrorSummary errors={errors} />
        <h1 className="govuk-heading-l">{title}</h1>
        {(
          t(toRecipient ? 'sharing.share.recipientParagraphs' : 'sharing.share.paragraphs', {
            returnObjects: true,
          }) as string[]
        ).map((text) => (
          <p className="govuk-body" key={text}>
            {text}
          </p>
        ))}
        {options.paperOffered ? (
          <form
            noValidate
            method="post"
            onSubmit={(event) => {
              hide();
              void form.handleSubmit(({ shareDigitally }) =>
                shareDigitally ? shareNow() : void navigate(sharePaperPath(resultId)),
              )(event);
            }}
          >
            <FormToken />
            <Radios
              idPrefix="shareDigitally"
              legend={t('sharing.share.digitalLegend')}
              legendSize="m"
              hint={t('sharing.share.digitalHint')}
              error={message}
              inline
              register={form.register('shareDigitally')}
              items={[
                { value: 'yes', label: t('fields.yes') },
                { value: 'no', label: t('fields.no') },
              ]}
            />
            <Button disabled={share.isPending}>{t('sharing.share.continue')}</Button>
          </form>
        ) : (
          <form
            noValidate
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              hide();
              shareNow();
            }}
          >
            <FormToken />
            <Button id="share-button" disabled={share.isPending}>
              {t('sharing.share.submit')}
            </Button>
          </form>
        )}
      </Column>
    </>
  );
}

/** /share-paper-result: one paper copy of the result, posted to the applicant (APPLICANT only). */
export function SharePaperResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t('sharing.paper.title');
  usePageTitle(title);
  const { resultId, options, fallback } = useShareStep('paper');
  const paper = useSharePaper(resultId);
  // A failure goes to the error page (spec 02 sections 4 and 8), as without JavaScript; a step-up or the purpose
  // still needed to their pages.
  if (paper.isError) {
    const code = backendCodeOf(paper.error);
    if (code === 'STEP_UP_REQUIRED') return <Navigate to={oneTimeCodePath(resultId)} replace />;
    if (code === 'SHARE_PURPOSE_NOT_CONFIRMED')
      return <Navigate to={shareConfirmationPath(resultId)} replace />;
    return (
      <Navigate to={paperShareErrorPath(paper.error instanceof ApiError ? problemOf(paper.error) : {})} />
    );
  }
  if (fallback || !options) return fallback;
  if (options.sharedPaperResult && !paper.isSuccess)
    return <Navigate to={alreadySharedPaperPath(resultId)} replace />;
  if (!options.allowed && options.refusal === 'SHARE_NOT_ALLOWED' && !paper.isSuccess)
    return <Refused resultId={resultId} code={options.refusal} />;
  return (
    <>
      <BackLink to={shareResultPath(resultId)} text={t('common.back')} />
      <Column>
        <h1 className="govuk-heading-l">{title}</h1>
        {(t('sharing.paper.paragraphs', { returnObjects: true }) as string[]).map((text) => (
          <p className="govuk-body" key={text}>
            {text}
          </p>
        ))}
        <form
          noValidate
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            paper.mutate(undefined, {
              onSuccess: () => void navigate(sharePaperSuccessPath(resultId), { replace: true }),
            });
          }}
        >
          <FormToken />
          <Button id="paper-button" disabled={paper.isPending}>
            {t('sharing.paper.submit')}
          </Button>
        </form>
      </Column>
    </>
  );
}

/** /already-shared-paper: a paper copy was asked for already; digital sharing is still on offer. */
export function AlreadySharedPaperPage() {
  const { t } = useTranslation();
  const title = t('sharing.alreadyPaper.title');
  usePageTitle(title);
  const [search] = useSearchParams();
  const resultId = search.get('resultId') ?? '';
  return (
    <>
      <BackLink to={resultPagePath(resultId)} text={t('common.back')} />
      <Column>
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t('sharing.alreadyPaper.body')}</p>
        <p className="govuk-body">
          <Link className="govuk-link" to={shareResultPath(resultId)}>
            {t('sharing.alreadyPaper.digital')}
          </Link>
        </p>
      </Column>
    </>
  );
}

/** /share-paper-success: the paper copy was asked for. */
export function SharePaperSuccessPage() {
  const { t } = useTranslation();
  const title = t('sharing.paperSuccess.title');
  usePageTitle(title);
  const [search] = useSearchParams();
  const resultId = search.get('resultId') ?? '';
  return (
    <Column>
      <Panel title={title} />
      <p className="govuk-body">{t('sharing.paperSuccess.body')}</p>
      {resultId && (
        <p className="govuk-body">
          <Link className="govuk-link" to={resultPagePath(resultId)}>
            {t('sharing.backToResult')}
          </Link>
        </p>
      )}
    </Column>
  );
}

type ShareConfirmationForm = z.input<typeof shareConfirmationFormSchema>;

/**
 * /share-confirmation: a review-eligible scheme record's share (the share-or-review choice's "share"): the applicant
 * confirms why they share it instead of asking for a review, then goes on to sharing (decision 0054).
 */
export function ShareConfirmationPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const title = t('sharing.confirmation.title');
  usePageTitle(title);
  const [search] = useSearchParams();
  const resultId = search.get('resultId') ?? '';
  const options = useShareOptions(resultId);
  const purpose = useSharePurpose(resultId);
  const { posted, hide } = usePostedShare();
  const form = useForm<ShareConfirmationForm>({
    resolver: zodResolver(shareConfirmationFormSchema),
    shouldFocusError: false,
    ...(posted
      ? { defaultValues: { confirmed: posted.values.confirmed as ShareConfirmationForm['confirmed'] } }
      : {}),
  });
  const failure = purpose.error ? t(refusalKey(backendCodeOf(purpose.error))) : errorText(posted?.general);
  if (!resultId || httpStatusOf(options.error) === 404) return <NotFoundPage />;
  if (options.isPending) return <LoadingPage />;
  if (options.isError) throw options.error;
  if (!options.data.allowed && !purpose.isSuccess)
    return <Refused resultId={resultId} code={options.data.refusal} />;
  const message = errorText(form.formState.errors.confirmed?.message ?? posted?.errors.confirmed);
  const errors = [
    ...(message ? [{ href: '#confirmed', text: message }] : []),
    ...(failure ? [{ href: '#confirmed', text: failure }] : []),
  ];
  return (
    <>
      <BackLink to={`${resultPagePath(resultId)}/share-or-review`} text={t('common.back')} />
      <Column>
        <ErrorSummary errors={errors} />
        <h1 className="govuk-heading-l">{title}</h1>
        {(t('sharing.confirmation.paragraphs', { returnObjects: true }) as string[]).map((text) => (
          <p className="govuk-body" key={text}>
            {text}
          </p>
        ))}
        <form
          noValidate
          method="post"
          onSubmit={(event) => {
            hide();
            void form.handleSubmit(() =>
              purpose.mutate(undefined, {
                onSuccess: () => void navigate(shareResultPath(resultId), { replace: true }),
              }),
            )(event);
          }}
        >
          <FormToken />
          <Checkboxes
            idPrefix="confirmed"
            legend={t('sharing.confirmation.legend')}
            legendSize="s"
            error={message}
            register={form.register('confirmed')}
            items={[{ value: 'true', label: t('sharing.confirmation.label') }]}
          />
          <Button disabled={purpose.isPending}>{t('sharing.confirmation.continue')}</Button>
        </form>
      </Column>
    </>
  );
}

type ConsentForm = z.input<typeof pvgConfirmShareFormSchema>;

/** /share/consent: a confirmation-of-membership result is shared only with the applicant's consent. */
export function ShareConsentPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const title = t('sharing.consent.title');
  usePageTitle(title);
  const { resultId, options, share, fallback } = useShareStep('consent');
  const { posted, hide } = usePostedShare();
  const failure = useShareFailure(resultId, share.error) ?? errorText(posted?.general);
  const form = useForm<ConsentForm>({
    resolver: zodResolver(pvgConfirmShareFormSchema),
    shouldFocusError: false,
    ...(posted
      ? { defaultValues: { confirmShare: posted.values.confirmShare as ConsentForm['confirmShare'] } }
      : {}),
  });
  if (fallback || !options) return fallback;
  if (!options.allowed && !share.isSuccess) return <Refused resultId={resultId} code={options.refusal} />;
  const message = errorText(form.formState.errors.confirmShare?.message ?? posted?.errors.confirmShare);
  const errors = [
    ...(message ? [{ href: '#confirmShare', text: message }] : []),
    ...(failure ? [{ href: '#confirmShare', text: failure }] : []),
  ];
  return (
    <>
      <BackLink to={resultPagePath(resultId)} text={t('common.back')} />
      <Column>
        <ErrorSummary errors={errors} />
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t('sharing.consent.intro')}</p>
        <form
          noValidate
          method="post"
          onSubmit={(event) => {
            hide();
            void form.handleSubmit(() =>
              share.mutate(
                { confirmShare: true },
                { onSuccess: () => void navigate(shareSuccessPath(resultId), { replace: true }) },
              ),
            )(event);
          }}
        >
          <FormToken />
          <Checkboxes
            idPrefix="confirmShare"
            legend={title}
            legendSize="s"
            error={message}
            register={form.register('confirmShare')}
            items={[{ value: 'true', label: t('sharing.consent.label') }]}
          />
          <Button disabled={share.isPending}>{t('sharing.share.submit')}</Button>
        </form>
      </Column>
    </>
  );
}

/** /share-success: the result was shared. */
export function ShareSuccessPage() {
  const { t } = useTranslation();
  const title = t('sharing.success.title');
  usePageTitle(title);
  const [search] = useSearchParams();
  const resultId = search.get('resultId') ?? '';
  const toRecipient = search.get('to') === 'recipient';
  return (
    <Column>
      <Panel title={title} />
      <p className="govuk-body">
        {t(toRecipient ? 'sharing.success.recipientBody' : 'sharing.success.body')}
      </p>
      <p className="govuk-body">{t('sharing.success.cooldown')}</p>
      {resultId && (
        <>
          <p className="govuk-body">
            <Link className="govuk-link" to={whoCanSeePath(resultId)}>
              {t('sharing.whoCanSee.link')}
            </Link>
          </p>
          <p className="govuk-body">
            <Link className="govuk-link" to={resultPagePath(resultId)}>
              {t('sharing.backToResult')}
            </Link>
          </p>
        </>
      )}
      <p className="govuk-body">
        <Link className="govuk-link" to="/dashboard">
          {t('sharing.backToApplications')}
        </Link>
      </p>
    </Column>
  );
}
