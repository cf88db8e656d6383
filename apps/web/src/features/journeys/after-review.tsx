import {
  APPLICATION_TYPES,
  applicationDeclarationFormSchema,
  classifyPaymentOutcome,
  journeyTypeCode,
  type OrganisationJourneyId,
} from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button, ButtonGroup, LinkButton } from '../../components/button';
import { Checkboxes } from '../../components/checkboxes';
import { BulletList } from '../../components/content';

import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { ApiError, browser } from '../../lib/api-client';
import { journeyApi } from './api';
import { journeyUrl, StepLayout, type StepPageProps } from './shared';

type DeclarationForm = z.input<typeof applicationDeclarationFormSchema>;

function typeCode(props: StepPageProps) {
  return journeyTypeCode(props.journey.id as OrganisationJourneyId);
}

/** The countersignatory's declaration: submitting it is the submission call; card payment follows when due. */
export function DeclarationStep(props: StepPageProps) {
  const { journey, draft } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const title = t('journey.declaration.title');
  usePageTitle(title);
  const form = useForm<DeclarationForm>({
    resolver: zodResolver(applicationDeclarationFormSchema),
    shouldFocusError: false,
  });
  const submit = useMutation({
    mutationFn: () => journeyApi.submit(draft.token),
    onSuccess: (submission) => {
      const next = submission.cardPaymentRequired ? 'payment' : 'confirmation';
      void navigate(journeyUrl(journey, next, draft.token));
    },
  });
  const error = submit.error;
  const serverMessage =
    error instanceof ApiError
      ? (error.fieldErrors?.agreed ?? (error.status === 400 && error.message ? error.message : undefined))
      : undefined;
  const message =
    errorText(form.formState.errors.agreed?.message) ??
    serverMessage ??
    (error ? errorText('Declaration.CsgApply.Error') : undefined);

  return (
    <StepLayout
      journey={journey}
      draft={draft}
      backHref={journeyUrl(journey, journey.reviewStepId, draft.token)}
      edit={false}
      errors={message ? [{ href: '#agreed', text: message }] : []}
    >
      <span className="govuk-caption-l">{APPLICATION_TYPES[typeCode(props)]}</span>
      <h1 className="govuk-heading-l">{title}</h1>
      <p className="govuk-body">{t('journey.declaration.intro')}</p>
      <BulletList items={t('journey.declaration.points', { returnObjects: true }) as string[]} />
      <form noValidate onSubmit={form.handleSubmit(() => submit.mutate())}>
        <Checkboxes
          idPrefix="agreed"
          legend={t('journey.declaration.legend')}
          legendSize="s"
          error={message}
          register={form.register('agreed')}
          items={[{ value: 'true', label: t('journey.declaration.label') }]}
        />
        <Button disabled={submit.isPending} data-prevent-double-click="true">
          {t('journey.declaration.submit')}
        </Button>
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
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const returnUrl = journeyUrl(journey, 'payment/redirect', draft.token);
    journeyApi
      .startPayment(draft.token, {
        description: `${APPLICATION_TYPES[typeCode(props)]} ${draft.applicationReference}`.trim(),
        onlinePaymentType: 'CARD_CSG',
        returnUrl,
      })
      .then((payment) => {
        const outcome = classifyPaymentOutcome(payment.status, payment.nextUrl);
        if (outcome.kind === 'redirect') browser.navigate(outcome.url);
        else
          void navigate(
            journeyUrl(journey, outcome.kind === 'success' ? 'confirmation' : 'payment/error', draft.token),
            { replace: true },
          );
      })
      .catch(() => void navigate(journeyUrl(journey, 'payment/error', draft.token), { replace: true }));
  }, [journey, draft, navigate, props]);
  return (
    <>
      <h1 className="govuk-heading-l">{t('journey.payment.title')}</h1>
      <LoadingPage />
    </>
  );
}

/** Where the payment provider sends the user back: the server asks the provider what happened. */
export function PaymentReturnStep({ journey, draft }: StepPageProps) {
  const { t } = useTranslation();
  usePageTitle(t('journey.payment.checking'));
  const status = useQuery({
    queryKey: ['payment-status', draft.token],
    queryFn: () => journeyApi.paymentStatus(draft.token),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (status.isPending) {
    return (
      <>
        <h1 className="govuk-heading-l">{t('journey.payment.checking')}</h1>
        <LoadingPage />
      </>
    );
  }
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
      to={journeyUrl(journey, outcome.kind === 'success' ? 'confirmation' : 'payment/error', draft.token)}
    />
  );
}

/** Payment failure: nothing has been submitted; "Try again" repeats the card payment. */
export function PaymentErrorStep({ journey, draft }: StepPageProps) {
  const { t } = useTranslation();
  const title = t('journey.paymentError.title');
  usePageTitle(title);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t('journey.paymentError.body')}</p>
        <p className="govuk-body">{t('journey.paymentError.retry')}</p>
        <ButtonGroup>
          <LinkButton href={journeyUrl(journey, 'payment', draft.token)}>
            {t('journey.paymentError.tryAgain')}
          </LinkButton>
          <LinkButton href="/dashboard" variant="secondary">
            {t('common.goToDashboard')}
          </LinkButton>
        </ButtonGroup>
      </div>
    </div>
  );
}
