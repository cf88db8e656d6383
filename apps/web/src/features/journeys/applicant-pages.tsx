import { APPLICATION_TYPES, journeyTypeCode, nextPath } from '@dis/domain';
import { useMutation, useQuery, useQueryClient } from '../../lib/query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../lib/router';
import { Navigate } from '../../lib/navigate';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { BulletList, LinkParagraph, WarningText } from '../../components/content';
import { ErrorSummary } from '../../components/error-summary';
import { FormToken } from '../../components/form-token';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page-title';
import { journeyStore } from '../../lib/journey-store';
import { useHydrated, usePostedForm } from '../../lib/server-render';
import { journeyApi } from './api';
import { ConfirmationColumn, FeedbackRating } from './confirmation-page';
import { draftStore, forgetDraft, rememberDraft, type AnyJourney, type StoredDraft } from './draft';
import { journeyContext, MISSING_REFERENCE_PATH, useJourneyText, withToken } from './shared';
import { BeforeYouStart, createsDraft } from './landing-step';
import { Column } from '../../components/column';

/** Creates the applicant's own draft for a journey, remembers it and opens the journey's first step after start. */
export function useStartApplicantDraft() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (journey: AnyJourney) => journeyApi.createApplicantDraft(journeyTypeCode(journey.id)),
    onSuccess: (created, journey) => {
      if (journey.side !== 'applicant') return;
      const draft: StoredDraft = {
        token: created.draftApplicationToken,
        side: 'applicant',
        journeyId: journey.id,
        applicationReference: created.applicationReference,
        answers: { applicationReference: created.applicationReference, completeSteps: [] },
      };
      rememberDraft(client, draft);
      void navigate(withToken(nextPath(journey, 'start', draft.answers, journeyContext(draft)), draft.token));
    },
  });
}

/**
 * start, for a journey whose start creates the draft (level 1, PVG confirmations) and no draft yet:
 * before-you-start, then Start creates the draft and opens the personal-information agreement.
 */
export function CreateDraftStartPage({ journey }: { journey: AnyJourney }) {
  const { t } = useTranslation();
  const text = useJourneyText(journey);
  const type = journeyTypeCode(journey.id);
  const title = text('journey.start.title');
  usePageTitle(title);
  const create = useStartApplicantDraft();
  // Without JavaScript Start posts (applicant-actions.ts); a draft that could not be made comes back with that.
  const posted = usePostedForm();
  if (!createsDraft(journey)) return <Navigate replace to="/dashboard" />;
  const failed = create.isError || (create.isIdle && Boolean(posted?.general));
  return (
    <>
      <BackLink to="/dashboard" text={t('common.backToApplications')} />
      <Column>
        <ErrorSummary errors={failed ? [{ href: '#start', text: t('journeyPage.notStarted') }] : []} />
        <span className="govuk-caption-l">{APPLICATION_TYPES[type]}</span>
        <h1 className="govuk-heading-l">{title}</h1>
        <BeforeYouStart />
        <form
          method="post"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(journey);
          }}
        >
          <FormToken />
          <Button id="start" start disabled={create.isPending}>
            {t('landing.start')}
          </Button>
        </form>
      </Column>
    </>
  );
}

interface CompletedApplicantApplication {
  token: string;
  journeyId: string;
  applicationReference: string;
}

const completedStore = journeyStore<CompletedApplicantApplication>('applicant:completed');

/** The reference this tab kept for a submitted application (its confirmation, or its draft's). */
function keptApplication(token: string, journey: AnyJourney): CompletedApplicantApplication | undefined {
  const earlier = completedStore.read();
  // eslint-disable-next-line security/detect-possible-timing-attacks -- the browser's own copy, not a secret check
  if (earlier?.token === token) return earlier;
  const stored = draftStore(token, 'applicant').read();
  return stored?.applicationReference
    ? { token, journeyId: journey.id, applicationReference: stored.applicationReference }
    : undefined;
}

/**
 * applicant-confirmation and basic-confirmation: the application is submitted, so the journey's stored
 * data is cleared (the reference is kept for this page). Level 1 applied for by the applicant alone
 * shows the unverified confirmation unless the server said the identity is verified.
 */
export function ApplicantConfirmationPage({
  journey,
  token,
  variant,
}: {
  journey: AnyJourney;
  token: string;
  variant: 'applicant-confirmation' | 'basic-confirmation';
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const basic = variant === 'basic-confirmation';
  const title = t(basic ? 'confirmation.basic.title' : 'confirmation.applicant.title');
  usePageTitle(title);
  // What this tab kept of the application (the reference, after its draft is forgotten) is only read once the
  // page is the browser's own, so the first render matches the server's, which asks the server.
  const hydrated = useHydrated();
  const kept = hydrated ? keptApplication(token, journey) : undefined;
  const submitted = useQuery({
    queryKey: ['applicant-submitted', token],
    queryFn: () => journeyApi.submitted(token),
    enabled: !kept,
    retry: false,
    staleTime: Infinity,
  });
  const reference =
    kept?.applicationReference ??
    (submitted.data ? String(submitted.data.applicationReference ?? '') : undefined);
  const completed: CompletedApplicantApplication | undefined =
    reference === undefined ? undefined : { token, journeyId: journey.id, applicationReference: reference };
  const done = useRef(false);
  useEffect(() => {
    if (done.current || reference === undefined) return;
    done.current = true;
    completedStore.write({ token, journeyId: journey.id, applicationReference: reference });
    forgetDraft(client, token, 'applicant');
    void client.invalidateQueries({ queryKey: ['applications'] });
  }, [client, reference, journey.id, token]);

  if (!completed) {
    if (submitted.isError) return <Navigate replace to={MISSING_REFERENCE_PATH} />;
    return <LoadingPage />;
  }
  const list = (key: string) => t(key, { returnObjects: true }) as string[];
  return (
    <ConfirmationColumn title={title} label={t('confirmation.reference')} completed={completed}>
      {basic ? (
        <>
          <WarningText>{t('confirmation.basic.caution')}</WarningText>
          <h2 className="govuk-heading-m">{t('confirmation.basic.identityHeading')}</h2>
          <p className="govuk-body">{t('confirmation.basic.identity')}</p>
          <BulletList items={list('confirmation.basic.identityItems')} />
          <h2 className="govuk-heading-m">{t('confirmation.basic.addressHeading')}</h2>
          <p className="govuk-body">{t('confirmation.basic.address')}</p>
          <BulletList items={list('confirmation.basic.addressItems')} />
          <h2 className="govuk-heading-m">{t('confirmation.basic.postHeading')}</h2>
          <p className="govuk-body">
            {t('confirmation.basic.post', { reference: completed.applicationReference })}
          </p>
          <p className="govuk-body app-address">{t('confirmation.basic.postAddress')}</p>
        </>
      ) : (
        <>
          <h2 className="govuk-heading-m">{t('confirmation.applicant.nextHeading')}</h2>
          <p className="govuk-body">{t('confirmation.applicant.next')}</p>
        </>
      )}
      <LinkParagraph to="/applicant/dashboard">{t('confirmation.applicant.applications')}</LinkParagraph>
      <LinkParagraph to="/help">{t('confirmation.applicant.help')}</LinkParagraph>
      <FeedbackRating journey={journey.id} />
    </ConfirmationColumn>
  );
}
