import { digitalShareFormSchema, pvgConfirmShareFormSchema, shareConfirmationFormSchema } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useNavigate } from '../../lib/router';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { Column } from '../../components/column';
import { LinkParagraph, Panel, Paragraphs } from '../../components/content';
import { PostForm } from '../../components/post-form';
import { Radios } from '../../components/radios';
import { TickBox } from '../../components/tick-box';
import { Navigate } from '../../lib/navigate';
import { backendCodeOf, useShareOptions, useSharePurpose } from './api';
import {
  recipientDetailsPath,
  resultPagePath,
  sharePaperPath,
  shareResultPath,
  shareSuccessPath,
  whoCanSeePath,
} from './paths';
import { refusalKey } from './refusals';
import {
  queryFallback,
  Refused,
  ShareFrame,
  useResultPage,
  useShareQuestion,
  useShareQuestionPage,
} from './share-step';

// The applicant's digital share pages (spec 02 sections 2 and 4): the share with the organisation on the
// application (direct, or with consent), a scheme record's share purpose, and the success page. The paper
// channel's pages are in `paper-pages.tsx`, a named recipient's in `recipient-details-page.tsx`.

/** The question each share page asks before it shares: /share-result's "digitally?", /share/consent's box. */
const QUESTIONS = {
  digital: { titleKey: 'sharing.share.title', route: 'direct', field: 'shareDigitally' },
  consent: { titleKey: 'sharing.consent.title', route: 'consent', field: 'confirmShare' },
} as const;

/**
 * /share-result: share the result with the organisation on the application (the direct route). While a paper
 * copy can still be asked for, the page first asks whether to share digitally; "no" goes to the paper page.
 */
export function ShareResultPage() {
  const { t, title, navigate, resultId, options, share, form, hide, message, summary, failure, instead } =
    useShareQuestionPage(QUESTIONS.digital, zodResolver(digitalShareFormSchema));
  if (instead || !options) return instead;
  const toRecipient = options.route === 'recipient-details';
  const shareNow = () =>
    toRecipient
      ? void navigate(recipientDetailsPath(resultId))
      : share.mutate({}, { onSuccess: () => void navigate(shareSuccessPath(resultId), { replace: true }) });
  // Without the paper question, a recipient-details share goes straight to the recipient's details.
  if (toRecipient && !options.paperOffered) return <Navigate to={recipientDetailsPath(resultId)} replace />;
  const errors = summary(failure, options.paperOffered ? '#shareDigitally' : '#share-button');
  return (
    <ShareFrame backTo={resultPagePath(resultId)} errors={errors} title={title}>
      <Paragraphs
        items={
          t(toRecipient ? 'sharing.share.recipientParagraphs' : 'sharing.share.paragraphs', {
            returnObjects: true,
          }) as string[]
        }
      />
      {options.paperOffered ? (
        <PostForm
          onSubmit={(event) => {
            hide();
            void form.handleSubmit(({ shareDigitally }) =>
              shareDigitally ? shareNow() : void navigate(sharePaperPath(resultId)),
            )(event);
          }}
        >
          <Radios
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
        </PostForm>
      ) : (
        <PostForm
          onSubmit={(event) => {
            event.preventDefault();
            hide();
            shareNow();
          }}
        >
          <Button id="share-button" disabled={share.isPending}>
            {t('sharing.share.submit')}
          </Button>
        </PostForm>
      )}
    </ShareFrame>
  );
}

/** A page's one box to tick (its question's `field`), then its button; `onTicked` once the box is ticked. */
function TickBoxForm<Form extends FieldValues>({
  question: { form, hide, message },
  field,
  legend,
  label,
  pending,
  button,
  onTicked,
}: {
  question: { form: UseFormReturn<Form>; hide(): void; message: string | undefined };
  field: Path<Form>;
  legend: string;
  label: string;
  pending: boolean;
  button: string;
  onTicked(): void;
}) {
  return (
    <PostForm
      onSubmit={(event) => {
        hide();
        void form.handleSubmit(onTicked)(event);
      }}
    >
      <TickBox
        idPrefix={field}
        legend={legend}
        label={label}
        error={message}
        register={form.register(field)}
      />
      <Button disabled={pending}>{button}</Button>
    </PostForm>
  );
}

type ShareConfirmationForm = z.input<typeof shareConfirmationFormSchema>;

/**
 * /share-confirmation: a review-eligible scheme record's share (the share-or-review choice's "share"): the applicant
 * confirms why they share it instead of asking for a review, then goes on to sharing (decision 0054).
 */
export function ShareConfirmationPage() {
  const { t, title, resultId } = useResultPage('sharing.confirmation.title');
  const navigate = useNavigate();
  const options = useShareOptions(resultId);
  const purpose = useSharePurpose(resultId);
  const question = useShareQuestion<ShareConfirmationForm>(
    zodResolver(shareConfirmationFormSchema),
    'confirmed',
  );
  const failure = purpose.error ? t(refusalKey(backendCodeOf(purpose.error))) : question.postedFailure;
  const fallback = queryFallback(resultId, options);
  if (fallback || !options.data) return fallback;
  if (!options.data.allowed && !purpose.isSuccess)
    return <Refused resultId={resultId} code={options.data.refusal} />;
  return (
    <ShareFrame
      backTo={`${resultPagePath(resultId)}/share-or-review`}
      errors={question.summary(failure)}
      title={title}
    >
      <Paragraphs items={t('sharing.confirmation.paragraphs', { returnObjects: true }) as string[]} />
      <TickBoxForm
        question={question}
        field="confirmed"
        legend={t('sharing.confirmation.legend')}
        label={t('sharing.confirmation.label')}
        pending={purpose.isPending}
        button={t('sharing.confirmation.continue')}
        onTicked={() =>
          purpose.mutate(undefined, {
            onSuccess: () => void navigate(shareResultPath(resultId), { replace: true }),
          })
        }
      />
    </ShareFrame>
  );
}

/** /share/consent: a confirmation-of-membership result is shared only with the applicant's consent. */
export function ShareConsentPage() {
  const { t, title, navigate, resultId, options, share, question, summary, failure, instead } =
    useShareQuestionPage(QUESTIONS.consent, zodResolver(pvgConfirmShareFormSchema));
  if (instead || !options) return instead;
  return (
    <ShareFrame backTo={resultPagePath(resultId)} errors={summary(failure)} title={title}>
      <p className="govuk-body">{t('sharing.consent.intro')}</p>
      <TickBoxForm
        question={question}
        field="confirmShare"
        legend={title}
        label={t('sharing.consent.label')}
        pending={share.isPending}
        button={t('sharing.share.submit')}
        onTicked={() =>
          share.mutate(
            { confirmShare: true },
            { onSuccess: () => void navigate(shareSuccessPath(resultId), { replace: true }) },
          )
        }
      />
    </ShareFrame>
  );
}

/** /share-success: the result was shared. */
export function ShareSuccessPage() {
  const { t, title, search, resultId } = useResultPage('sharing.success.title');
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
          <LinkParagraph to={whoCanSeePath(resultId)}>{t('sharing.whoCanSee.link')}</LinkParagraph>
          <LinkParagraph to={resultPagePath(resultId)}>{t('sharing.backToResult')}</LinkParagraph>
        </>
      )}
      <LinkParagraph to="/dashboard">{t('sharing.backToApplications')}</LinkParagraph>
    </Column>
  );
}
