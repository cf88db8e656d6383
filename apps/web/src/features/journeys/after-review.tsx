import {
  APPLICATION_TYPES,
  applicantConfirmationStep,
  stepSchema,
  classifyPaymentOutcome,
  journeyTypeCode,
} from '@dis/domain';
import { useMutation, useQuery } from '../../lib/query';
import { useEffect, useMemo, useRef } from 'react';
import { useSmallForm } from '../../lib/small-form';
import { stepSchemaResolver } from '../../lib/step-schemas';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../lib/router';
import { Navigate } from '../../lib/navigate';
import type { z } from 'zod';
import { Button, ButtonGroup, LinkButton } from '../../components/button';
import { errorFor } from '../../components/error-summary';
import { TickBox } from '../../components/tick-box';
import { BulletList } from '../../components/content';
import { FormToken } from '../../components/form-token';

import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { browser } from '../../lib/api-client';
import { useHydrated } from '../../lib/server-render';
import { journeyApi } from './api';
import {
  declarationServerMessage,
  isMissingReference,
  journeyUrl,
  MISSING_REFERENCE_PATH,
  PostOrWait,
  StepLayout,
  useJourneyText,
  type StepPageProps,
} from './shared';
import { applicantAnswers } from './draft';
import { Column } from '../../components/column';
import { usePostedOnce } from '../../lib/posted-once';

// The declarations' schemas come with the step schemas, fetched when the form is first checked (decision 0077).
const applicationDeclarationRule = stepSchema('applicationDeclaration');
const applicantDeclarationRule = stepSchema('applicantDeclaration');

type DeclarationForm = z.input<ReturnType<typeof applicationDeclarationRule>>;

function typeCode(props: StepPageProps) {
  return journeyTypeCode(props.journey.id);
}

/** Where a successful payment (or a submission with nothing to pay) ends: the side's confirmation page. */
export function confirmationPath(props: StepPageProps, idVerified?: boolean | null): string {
  const { journey, draft } = props;
  if (journey.side !== 'applicant') return journeyUrl(journey, 'confirmation', draft.token);
  return journeyUrl(journey, applicantConfirmationStep(journey.id, idVerified), draft.token);
}

/**
 * Whether the applicant pays by card (the button then reads "Pay and submit"): the server's payment
 * type once set, else the organisation's choice for a handed-over application (CARD: the applicant
 * pays), else card, as the applicant pays for an application they started.
 */
function applicantPaysByCard(props: StepPageProps): boolean {
  const answers = applicantAnswers(props.draft);
  const type = answers.paymentType ?? (answers.organisationInitiated ? answers.onlinePaymentType : 'CARD');
  return type === 'CARD';
}

/** Whether the countersignatory's organisation pays by card now (the button then reads "Accept and pay"). */
function organisationPaysByCard(props: StepPageProps): boolean {
  const payment = props.draft.side === 'applicant' ? undefined : props.draft.answers.payment;
  return payment?.whoWillPay === 'Organisation' && payment.type === 'CARD_CSG';
}

/** The declaration's button: says what happens next (a card payment, or the application is sent). */
function declarationButtonKey(props: StepPageProps): string {
  if (props.journey.side === 'applicant') {
    return applicantPaysByCard(props)
      ? 'applicantJourney.declaration.payAndSubmit'
      : 'applicantJourney.declaration.submit';
  }
  return organisationPaysByCard(props) ? 'journey.declaration.acceptAndPay' : 'journey.declaration.submit';
}

/**
 * The declaration: submitting it is the submission call; card payment follows when due. The
 * countersignatory accepts and sends; the applicant submits, or pays and submits when paying by card.
 */
export function DeclarationStep(props: StepPageProps) {
  const { journey, draft } = props;
  const { t } = useTranslation();
  const text = useJourneyText(journey);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const applicant = journey.side === 'applicant';
  const title = text('journey.declaration.title');
  usePageTitle(title);
  // Without JavaScript the declaration posts (applicant-actions.ts): a refused one comes back with its problem.
  const { posted, hide } = usePostedOnce();
  const form = useSmallForm<DeclarationForm>({
    resolver: useMemo(
      () =>
        stepSchemaResolver<DeclarationForm>(
          applicant ? applicantDeclarationRule : applicationDeclarationRule,
        ),
      [applicant],
    ),
  });
  const submit = useMutation({
    mutationFn: async () => {
      if (!applicant) {
        const submission = await journeyApi.submit(draft.token);
        return { card: submission.cardPaymentRequired, idVerified: undefined };
      }
      const submission = await journeyApi.submitApplicant(draft.token);
      return { card: submission.cardPaymentRequired, idVerified: undefined };
    },
    onSuccess: ({ card, idVerified }) => {
      void navigate(card ? journeyUrl(journey, 'payment', draft.token) : confirmationPath(props, idVerified));
    },
    onError: (error) => {
      if (isMissingReference(error)) void navigate(MISSING_REFERENCE_PATH);
    },
  });
  const error = submit.error;
  const message =
    errorText(form.formState.errors.agreed?.message) ??
    declarationServerMessage(error) ??
    errorText(posted?.errors.agreed) ??
    (error ? errorText(applicant ? 'journeyPage.notSubmitted' : 'Declaration.CsgApply.Error') : undefined);

  return (
    <StepLayout
      journey={journey}
      draft={draft}
      backHref={journeyUrl(journey, journey.reviewStepId, draft.token)}
      edit={false}
      errors={errorFor('agreed', message)}
    >
      <span className="govuk-caption-l">{APPLICATION_TYPES[typeCode(props)]}</span>
      <h1 className="govuk-heading-l">{title}</h1>
      <p className="govuk-body">{text('journey.declaration.intro')}</p>
      <BulletList
        items={
          t(applicant ? 'applicantJourney.declaration.points' : 'journey.declaration.points', {
            returnObjects: true,
          }) as string[]
        }
      />
      <form
        noValidate
        method="post"
        onSubmit={(event) => {
          hide();
          return form.handleSubmit(() => submit.mutate())(event);
        }}
      >
        <FormToken />
        <TickBox
          legend={text('journey.declaration.legend')}
          label={text('journey.declaration.label')}
          error={message}
          register={form.register('agreed')}
        />
        <Button disabled={submit.isPending}>{t(declarationButtonKey(props))}</Button>
      </form>
    </StepLayout>
  );
}

/**
 * Starts the card payment (once, even under StrictMode; the server also keeps one active payment per
 * application) and follows the provider's next URL.
 */
export function PaymentStep(props: StepPageProps) {
  const { journey, draft } = props;
  const { t } = useTranslation();
  usePageTitle(t('journey.payment.title'));
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const returnUrl = journeyUrl(journey, 'payment/redirect', draft.token);
    journeyApi
      .startPayment(draft.token, {
        description: `${APPLICATION_TYPES[typeCode(props)]} ${draft.applicationReference}`.trim(),
        onlinePaymentType: journey.side === 'applicant' ? 'CARD' : 'CARD_CSG',
        returnUrl,
      })
      .then((payment) => {
        const outcome = classifyPaymentOutcome(payment.status, payment.nextUrl);
        if (outcome.kind === 'redirect') browser.navigate(outcome.url);
        else
          void navigate(
            outcome.kind === 'success'
              ? confirmationPath(props, payment.idVerified)
              : journeyUrl(journey, 'payment/error', draft.token),
            { replace: true },
          );
      })
      .catch(() => void navigate(journeyUrl(journey, 'payment/error', draft.token), { replace: true }));
  }, [journey, draft, navigate, props]);
  // Starting a payment changes the application: without JavaScript it is a post (applicant-actions.ts).
  return (
    <PostOrWait
      title={t('journey.payment.title')}
      post={hydrated ? undefined : { button: t('journey.payment.continue') }}
    />
  );
}

/** Where the payment provider sends the user back: the server asks the provider what happened. */
export function PaymentReturnStep(props: StepPageProps) {
  const { journey, draft } = props;
  const { t } = useTranslation();
  usePageTitle(t('journey.payment.checking'));
  const status = useQuery({
    queryKey: ['payment-status', draft.token],
    queryFn: () => journeyApi.paymentStatus(draft.token),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (status.isPending) return <PostOrWait title={t('journey.payment.checking')} post={undefined} />;
  const outcome = status.isError
    ? ({ kind: 'failure' } as const)
    : classifyPaymentOutcome(status.data.status, status.data.nextUrl);
  if (outcome.kind === 'redirect') {
    browser.navigate(outcome.url);
    return <LoadingPage />;
  }
  return (
    <Navigate
      replace
      to={
        outcome.kind === 'success'
          ? confirmationPath(props, status.data?.idVerified)
          : journeyUrl(journey, 'payment/error', draft.token)
      }
    />
  );
}

/**
 * Payment failure: the declaration is kept but nothing is sent until the payment goes through; "Try again"
 * repeats the card payment. Without an
 * application reference there is nothing to retry: the missing-reference error page (section 4).
 */
export function PaymentErrorStep({ journey, draft }: StepPageProps) {
  const text = useJourneyText(journey);
  const { t } = useTranslation();
  const title = text('journey.paymentError.title');
  usePageTitle(title);
  const reference = draft.applicationReference || draft.answers.applicationReference;
  if (!reference) return <Navigate replace to={MISSING_REFERENCE_PATH} />;
  return (
    <Column>
      <h1 className="govuk-heading-l">{title}</h1>
      <p className="govuk-body">{text('journey.paymentError.body')}</p>
      <p className="govuk-body">{t('journey.paymentError.retry')}</p>
      <ButtonGroup>
        <LinkButton href={journeyUrl(journey, 'payment', draft.token)}>
          {t('journey.paymentError.tryAgain')}
        </LinkButton>
        <LinkButton href="/dashboard" variant="secondary">
          {t('common.goToDashboard')}
        </LinkButton>
      </ButtonGroup>
    </Column>
  );
}
