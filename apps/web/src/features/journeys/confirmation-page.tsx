import { FEEDBACK_RATINGS, stepSchema, type OrganisationJourney } from '@dis/domain';
import { useMutation, useQuery, useQueryClient } from '../../lib/query';
import { useEffect, type ReactNode } from 'react';
import { useSmallForm } from '../../lib/small-form';
import { stepSchemaResolver } from '../../lib/step-schemas';
import { useTranslation } from '../../i18n/react';
import { useSearchParams } from '../../lib/router';
import { Navigate } from '../../lib/navigate';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { LinkParagraph, Panel } from '../../components/content';
import { ErrorSummary, errorFor } from '../../components/error-summary';
import { FormToken } from '../../components/form-token';
import { LoadingPage } from '../../components/loading-page';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle } from '../../components/page-title';
import { Radios } from '../../components/radios';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { usePostedForm } from '../../lib/server-render';
import { journeyApi } from './api';
import {
  applicantNameOf,
  completedStore,
  draftQueryKey,
  draftStore,
  type CompletedApplication,
} from './draft';
import { journeyUrl } from './shared';
import { Column } from '../../components/column';

// The feedback's schema comes with the step schemas, fetched when the form is first checked (decision 0077).
const feedbackRule = stepSchema('feedback');

type FeedbackForm = z.input<ReturnType<typeof feedbackRule>>;
/** The rating's check, fetched with the resolvers when it is first sent (decision 0071). */
const FEEDBACK_RESOLVER = stepSchemaResolver<FeedbackForm>(feedbackRule);

/** The address parameter of a confirmation whose feedback was sent without JavaScript (its thanks). */
export const FEEDBACK_SENT_PARAM = 'feedback';

/**
 * A confirmation page's column: the panel with its title and the application's reference (`label`, then the
 * reference of `completed`), then the page's own content.
 */
export function ConfirmationColumn({
  title,
  label,
  completed,
  children,
}: {
  title: string;
  label: string;
  completed: { applicationReference: string };
  children: ReactNode;
}) {
  return (
    <Column>
      <Panel title={title}>
        {label}
        <br />
        <strong>{completed.applicationReference}</strong>
      </Panel>
      {children}
    </Column>
  );
}

/** The feedback rating of a confirmation page, posted to the survey endpoint, then thanks. */
export function FeedbackRating({ journey }: { journey: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useSmallForm<FeedbackForm>({ resolver: FEEDBACK_RESOLVER });
  const send = useMutation({
    mutationFn: (values: FeedbackForm) => journeyApi.feedback(values.rating as never, journey),
  });
  // Without JavaScript the rating posts (the page's action): a refused one comes back, a sent one says so here.
  const posted = usePostedForm();
  const [params] = useSearchParams();
  const sentWithoutScript = params.get(FEEDBACK_SENT_PARAM) === 'sent';
  if (send.isSuccess || sentWithoutScript) {
    return (
      <div role="status">
        <h2 className="govuk-heading-m">{t('feedback.thanksHeading')}</h2>
        <p className="govuk-body">{t('feedback.thanks')}</p>
      </div>
    );
  }
  const message =
    errorText(form.formState.errors.rating?.message) ??
    (send.isError ? t('feedback.error') : undefined) ??
    (form.formState.isSubmitted ? undefined : errorText(posted?.errors.rating));
  return (
    <>
      <ErrorSummary errors={errorFor('rating', message)} />
      <form noValidate method="post" onSubmit={form.handleSubmit((values) => send.mutate(values))}>
        <FormToken />
        <Radios
          legend={t('feedback.legend')}
          legendSize="m"
          error={message}
          register={form.register('rating')}
          items={FEEDBACK_RATINGS.map((rating) => ({
            value: rating,
            label: t(`feedback.ratings.${rating}`),
          }))}
        />
        <Button variant="secondary" disabled={send.isPending}>
          {t('feedback.submit')}
        </Button>
      </form>
    </>
  );
}

/**
 * Confirmation: completes the application on load (hand-over to the applicant; the call is idempotent), then
 * forgets the draft but keeps the reference and the applicant's name for this page. The completion is a query, so
 * a page rendered on the server (without JavaScript too) hands the application over and shows the result, and the
 * browser takes that answer over instead of asking again.
 */
export function ConfirmationPage({ journey, token }: { journey: OrganisationJourney; token: string }) {
  const { t } = useTranslation();
  const title = t('journey.confirmation.title');
  usePageTitle(title);
  const client = useQueryClient();
  const completion = useQuery({
    queryKey: ['complete', token],
    queryFn: async (): Promise<CompletedApplication> => {
      const stored = draftStore(token).read();
      const result = await journeyApi.complete(token);
      return {
        token,
        journeyId: journey.id as CompletedApplication['journeyId'],
        applicationReference: result.applicationReference,
        applicantName: result.applicantName ?? (stored ? applicantNameOf(stored.answers) : ''),
      };
    },
    staleTime: Infinity,
    retry: false,
  });
  const completed = completion.data;

  useEffect(() => {
    if (!completed) return;
    completedStore.write(completed);
    draftStore(token).clear();
    client.removeQueries({ queryKey: draftQueryKey(token) });
    void client.invalidateQueries({ queryKey: ['applications'] });
  }, [client, completed, token]);

  const failure = completion.isError
    ? completion.error instanceof ApiError && completion.error.backendCode === 'PAYMENT_FAILED'
      ? 'payment'
      : 'other'
    : undefined;
  if (failure === 'payment') return <Navigate replace to={journeyUrl(journey, 'payment/error', token)} />;
  if (!completed) {
    if (failure) return <NotificationBanner type="error" heading={t('journey.confirmation.error')} />;
    return <LoadingPage />;
  }
  return (
    <ConfirmationColumn title={title} label={t('journey.confirmation.reference')} completed={completed}>
      <p className="govuk-body">{t('journey.confirmation.sent', { name: completed.applicantName })}</p>
      <h2 className="govuk-heading-m">{t('journey.confirmation.nextHeading')}</h2>
      <p className="govuk-body">{t('journey.confirmation.next')}</p>
      {/* The last step goes to the results summary (document 1 section 4), whatever the dashboard flag. */}
      <LinkParagraph to="/results-summary">{t('journey.confirmation.results')}</LinkParagraph>
      <FeedbackRating journey={journey.id} />
    </ConfirmationColumn>
  );
}
