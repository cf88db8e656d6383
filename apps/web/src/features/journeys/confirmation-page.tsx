import { FEEDBACK_RATINGS, feedbackFormSchema, type OrganisationJourney } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from '../../lib/forms';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Navigate } from '../../lib/navigate';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { Panel } from '../../components/content';
import { ErrorSummary } from '../../components/error-summary';
import { LoadingPage } from '../../components/loading-page';
import { NotificationBanner } from '../../components/notification-banner';
import { usePageTitle } from '../../components/page-title';
import { Radios } from '../../components/radios';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { journeyApi } from './api';
import {
  applicantNameOf,
  completedStore,
  draftQueryKey,
  draftStore,
  type CompletedApplication,
} from './draft';
import { journeyUrl } from './shared';

type FeedbackForm = z.input<typeof feedbackFormSchema>;

/** The feedback rating of a confirmation page, posted to the survey endpoint, then thanks. */
export function FeedbackRating({ journey }: { journey: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm<FeedbackForm>({ resolver: zodResolver(feedbackFormSchema), shouldFocusError: false });
  const send = useMutation({
    mutationFn: (values: FeedbackForm) => journeyApi.feedback(values.rating as never, journey),
  });
  if (send.isSuccess) {
    return (
      <div role="status">
        <h2 className="govuk-heading-m">{t('feedback.thanksHeading')}</h2>
        <p className="govuk-body">{t('feedback.thanks')}</p>
      </div>
    );
  }
  const message =
    errorText(form.formState.errors.rating?.message) ?? (send.isError ? t('feedback.error') : undefined);
  return (
    <>
      <ErrorSummary errors={message ? [{ href: '#rating', text: message }] : []} />
      <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
        <Radios
          idPrefix="rating"
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
 * Confirmation: completes the application on load (hand-over to the applicant), then forgets the draft
 * but keeps the reference and the applicant's name for this page.
 */
export function ConfirmationPage({ journey, token }: { journey: OrganisationJourney; token: string }) {
  const { t } = useTranslation();
  const title = t('journey.confirmation.title');
  usePageTitle(title);
  const client = useQueryClient();
  const earlier = completedStore.read();
  const [completed, setCompleted] = useState<CompletedApplication | undefined>(
    earlier?.token === token ? earlier : undefined,
  );
  const [failure, setFailure] = useState<'payment' | 'other'>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const stored = draftStore(token).read();
    journeyApi
      .complete(token)
      .then((result) => {
        const done: CompletedApplication = {
          token,
          journeyId: journey.id as CompletedApplication['journeyId'],
          applicationReference: result.applicationReference,
          applicantName: result.applicantName ?? (stored ? applicantNameOf(stored.answers) : ''),
        };
        completedStore.write(done);
        draftStore(token).clear();
        client.removeQueries({ queryKey: draftQueryKey(token) });
        void client.invalidateQueries({ queryKey: ['applications'] });
        setCompleted(done);
      })
      .catch((error: unknown) => {
        setFailure(error instanceof ApiError && error.backendCode === 'PAYMENT_FAILED' ? 'payment' : 'other');
      });
  }, [client, journey, token]);

  if (failure === 'payment') return <Navigate replace to={journeyUrl(journey, 'payment/error', token)} />;
  if (!completed) {
    if (failure) return <NotificationBanner type="error" heading={t('journey.confirmation.error')} />;
    return <LoadingPage />;
  }
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <Panel title={title}>
          {t('journey.confirmation.reference')}
          <br />
          <strong>{completed.applicationReference}</strong>
        </Panel>
        <p className="govuk-body">{t('journey.confirmation.sent', { name: completed.applicantName })}</p>
        <h2 className="govuk-heading-m">{t('journey.confirmation.nextHeading')}</h2>
        <p className="govuk-body">{t('journey.confirmation.next')}</p>
        <p className="govuk-body">
          <Link className="govuk-link" to="/dashboard">
            {t('journey.confirmation.results')}
          </Link>
        </p>
        <FeedbackRating journey={journey.id} />
      </div>
    </div>
  );
}
