import { APPLICATION_TYPES, afterReleasePath, shareOrReviewFormSchema } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { type Result } from '@dis/domain/contracts';
import { type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useParams, useSearchParams } from '../../lib/router';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { Column } from '../../components/column';
import { FormToken } from '../../components/form-token';
import { LinkParagraph, Panel, Paragraphs, WarningText } from '../../components/content';
import { ErrorSummary, errorFor } from '../../components/error-summary';
import { Radios } from '../../components/radios';
import { Convictions } from '../../components/result-details';
import { useErrorText } from '../../i18n';
import { useForm } from '../../lib/forms';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle } from '../../components/page-title';
import { formatLongDate } from '../../lib/format';
import { NotFoundPage } from '../../components/not-found-page';
import { useIntendToAppeal, useReleaseResult, useRequestReview } from './api';
import { resultPath, useOwnResultPage, useResultPage } from './result-page';
import { usePostedOnce } from '../../lib/posted-once';

// The applicant's decisions on a result (APPLICANT only): intend to appeal, release to the organisation,
// request a review, and the pages that follow them (spec 02 sections 2 and 4).

const paragraphs = (value: unknown) => value as string[];
const enc = encodeURIComponent;

/** A decision's hook: the mutation posting it for the result of this id. */
type DecisionHook<T> = (resultId: string) => {
  mutate: (v: void, o: { onSuccess: (answer: T) => void }) => void;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
};

/**
 * A page whose one button posts a decision (`useDecision`); its title, button and error text are those of
 * `results.<text>`. The page is replaced by `next` (of the result's id and the server's answer) once it agrees.
 */
function DecisionPage<T>({
  text,
  allowed,
  children,
  useDecision,
  next,
}: {
  text: 'confirmAppealing' | 'release';
  allowed: (result: Result) => boolean;
  children: (result: Result) => ReactNode;
  useDecision: DecisionHook<T>;
  next: (resultId: string, answer: T) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(`results.${text}.title`);
  const { resultId, result, fallback } = useOwnResultPage(title);
  const mutation = useDecision(resultId);
  // Without JavaScript the button posts to the page (its action, decision 0038); a refusal comes back here.
  const { posted, hide } = usePostedOnce();
  if (fallback || !result) return fallback;
  // Once the server agreed, the cached result no longer allows the decision: the page is about to leave.
  if (!allowed(result) && !mutation.isSuccess) return <NotFoundPage />;
  return (
    <>
      <BackLink to={resultPath(resultId)} text={t('common.back')} />
      <Column>
        {(mutation.isError || posted?.general) && (
          <NotificationBanner type="error" heading={t(`results.${text}.error`)} />
        )}
        <h1 className="govuk-heading-l">{title}</h1>
        {children(result)}
        <form
          noValidate
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            hide();
            mutation.mutate(undefined, {
              onSuccess: (answer) => void navigate(next(resultId, answer), { replace: true }),
            });
          }}
        >
          <FormToken />
          <Button disabled={mutation.isPending}>{t(`results.${text}.submit`)}</Button>
        </form>
      </Column>
    </>
  );
}

/** /results/{resultId}/confirm-appealing: yes to the appeal question; posts the intent, then the guidance. */
export function ConfirmAppealingPage() {
  const { t } = useTranslation();
  return (
    <DecisionPage
      text="confirmAppealing"
      allowed={(result) => result.appealQuestion}
      useDecision={useIntendToAppeal}
      next={(resultId) => `/appeal-guidance?resultId=${encodeURIComponent(resultId)}`}
    >
      {(result) => (
        <>
          <Paragraphs items={paragraphs(t('results.confirmAppealing.paragraphs', { returnObjects: true }))} />
          {result.appealDeadline && (
            <p className="govuk-body">
              {t('results.appealGuidance.deadline', { date: formatLongDate(result.appealDeadline) })}
            </p>
          )}
        </>
      )}
    </DecisionPage>
  );
}

/** /results/{resultId}/release: no to the appeal question (or after the outcome); releasing cannot be undone. */
export function ReleasePage() {
  const { t } = useTranslation();
  return (
    <DecisionPage
      text="release"
      allowed={(result) =>
        result.releasedToOrganisationOn === null &&
        (result.appealQuestion ||
          (result.appealDecision === 'INTENDS_TO_APPEAL' && result.appealOutcome !== null))
      }
      useDecision={useReleaseResult}
      // A result the server says can be shared now goes on to sharing, else the release's success page.
      next={(resultId, answer) => afterReleasePath(resultId, answer.shareable)}
    >
      {(result) => {
        const organisation = result.higherLevelResultInformation?.csgOrganisationName;
        return (
          <>
            <p className="govuk-body">
              {organisation
                ? paragraphs(t('results.release.paragraphs', { returnObjects: true, organisation }))[0]
                : paragraphs(t('results.release.paragraphsNoOrganisation', { returnObjects: true }))[0]}
            </p>
            <WarningText>
              {paragraphs(t('results.release.paragraphs', { returnObjects: true }))[1]}
            </WarningText>
          </>
        );
      }}
    </DecisionPage>
  );
}

/** /results/{resultId}/release-success. */
export function ReleaseSuccessPage() {
  const { t } = useTranslation();
  const { resultId = '' } = useParams();
  usePageTitle(t('results.releaseSuccess.title'));
  return (
    <Column>
      <Panel title={t('results.releaseSuccess.title')} />
      <p className="govuk-body">{t('results.releaseSuccess.body')}</p>
      <LinkParagraph to={resultPath(resultId)}>{t('results.releaseSuccess.back')}</LinkParagraph>
    </Column>
  );
}

/**
 * What to do after a decision (`results.<text>`): the date that matters, in bold, the guidance and the way back
 * to the result.
 */
function AfterDecision({
  text,
  resultId,
  dateLine,
}: {
  text: 'appealGuidance' | 'howToApplyForReview';
  resultId: string;
  dateLine: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Column>
      <h1 className="govuk-heading-l">{t(`results.${text}.title`)}</h1>
      {dateLine && <p className="govuk-body govuk-!-font-weight-bold">{dateLine}</p>}
      <Paragraphs items={paragraphs(t(`results.${text}.paragraphs`, { returnObjects: true }))} />
      <LinkParagraph to={resultPath(resultId)}>{t(`results.${text}.back`)}</LinkParagraph>
    </Column>
  );
}

/** /appeal-guidance?resultId=: how to apply to a sheriff, with the deadline (release date minus one day). */
export function AppealGuidancePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const resultId = params.get('resultId') ?? '';
  usePageTitle(t('results.appealGuidance.title'));
  const { result, fallback } = useResultPage(resultId);
  if (!resultId) return <NotFoundPage />;
  if (fallback || !result) return fallback;
  const deadline = result.appealDeadline;
  return (
    <AfterDecision
      text="appealGuidance"
      resultId={resultId}
      dateLine={deadline ? t('results.appealGuidance.deadline', { date: formatLongDate(deadline) }) : null}
    />
  );
}

type ShareOrReviewForm = z.input<typeof shareOrReviewFormSchema>;

/** /share-confirmation: where the share-or-review choice's "share" goes (the sharing pages' own path). */
export const shareConfirmationPath = (resultId: string) => `/share-confirmation?resultId=${enc(resultId)}`;

/**
 * /results/{resultId}/share-or-review: the review-eligible scheme record's choice (spec 02 sections 2 and 4), with
 * the record's convictions and other relevant information. "Request a review" posts the request and replaces the
 * page with how to apply (the review expiry date); "Share your result" goes to /share-confirmation (decision 0054).
 * While the result cannot be shared now, only the review is offered (the form then carries purpose=REVIEW).
 */
export function ShareOrReviewPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { resultId = '' } = useParams();
  const title = t('results.shareOrReview.title');
  usePageTitle(title);
  // Without JavaScript the form posts to the page (its action, decision 0038); a refusal comes back here.
  const { posted, hide } = usePostedOnce();
  const mutation = useRequestReview(resultId);
  const form = useForm<ShareOrReviewForm>({
    resolver: zodResolver(shareOrReviewFormSchema),
    shouldFocusError: false,
    ...(posted?.values.purpose
      ? { defaultValues: { purpose: posted.values.purpose as ShareOrReviewForm['purpose'] } }
      : {}),
  });
  const { result, fallback } = useResultPage(resultId);
  if (fallback || !result) return fallback;
  // Once the server agreed, the cached result no longer allows the choice: the page is about to leave.
  const open = result.isReviewEligible && !result.isUnderReview && result.reviewDecision === null;
  if (!open && !mutation.isSuccess) return <NotFoundPage />;
  const canShare = result.shareAllowedNow;
  const message = errorText(form.formState.errors.purpose?.message ?? posted?.errors.purpose);
  const failed = mutation.isError || Boolean(posted?.general);
  const choose = ({ purpose }: { purpose: 'SHARE' | 'REVIEW' }) => {
    if (purpose === 'SHARE') return void navigate(shareConfirmationPath(resultId));
    mutation.mutate(undefined, {
      onSuccess: () => void navigate(`${resultPath(resultId)}/how-to-apply-for-review`, { replace: true }),
    });
  };
  const higher = result.vettingInformation.higherLevelVettingInformation;
  return (
    <>
      <BackLink to={resultPath(resultId)} text={t('common.back')} />
      <Column>
        <ErrorSummary errors={errorFor('purpose', message)} />
        {failed && <NotificationBanner type="error" heading={t('results.requestReview.error')} />}
        <span className="govuk-caption-l">
          {APPLICATION_TYPES[result.disclosureTypeShortCode]} {result.disclosureNumber}
        </span>
        <h1 className="govuk-heading-l">{title}</h1>
        <Paragraphs items={paragraphs(t('results.shareOrReview.intro', { returnObjects: true }))} />
      </Column>
      {/* The record's convictions, at the page's full width, as on the result. */}
      <Convictions result={result} />
      <Column>
        <h2 className="govuk-heading-m">{t('results.vetting.otherRelevantInformation')}</h2>
        <p className="govuk-body">{higher?.otherRelevantInformation || t('results.vetting.noneHeld')}</p>
        <Paragraphs items={paragraphs(t('results.requestReview.paragraphs', { returnObjects: true }))} />
        {!canShare && <p className="govuk-body">{t('results.shareOrReview.cannotShareNow')}</p>}
        <form
          noValidate
          method="post"
          onSubmit={(event) => {
            hide();
            if (!canShare) {
              event.preventDefault();
              choose({ purpose: 'REVIEW' });
              return;
            }
            // The resolver has parsed the answer with the domain's schema.
            void form.handleSubmit((values) => choose(values as z.output<typeof shareOrReviewFormSchema>))(
              event,
            );
          }}
        >
          <FormToken />
          {canShare ? (
            <>
              <Radios
                legend={t('results.shareOrReview.legend')}
                legendSize="m"
                error={message}
                register={form.register('purpose')}
                items={[
                  {
                    value: 'SHARE',
                    label: t('results.shareOrReview.share'),
                    hint: t('results.shareOrReview.shareHint'),
                  },
                  {
                    value: 'REVIEW',
                    label: t('results.shareOrReview.review'),
                    hint: t('results.shareOrReview.reviewHint'),
                  },
                ]}
              />
              <Button disabled={mutation.isPending}>{t('results.shareOrReview.continue')}</Button>
            </>
          ) : (
            <>
              <input type="hidden" name="purpose" value="REVIEW" />
              <Button disabled={mutation.isPending}>{t('results.requestReview.submit')}</Button>
            </>
          )}
        </form>
      </Column>
    </>
  );
}

/** /results/{resultId}/how-to-apply-for-review: after the request, with the review expiry date. */
export function HowToApplyForReviewPage() {
  const { t } = useTranslation();
  const { resultId, result, fallback } = useOwnResultPage(t('results.howToApplyForReview.title'));
  if (fallback || !result) return fallback;
  const expiry = result.reviewExpiryDate;
  if (!expiry) return <NotFoundPage />;
  return (
    <AfterDecision
      text="howToApplyForReview"
      resultId={resultId}
      dateLine={t('results.howToApplyForReview.expiry', { date: formatLongDate(expiry) })}
    />
  );
}
