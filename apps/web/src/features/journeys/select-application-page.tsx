import {
  APPLICANT_STARTABLE_TYPES,
  APPLICATION_TYPES,
  applicantApplicationTypeFormSchema,
  applicantJourneyForType,
  getApplicantJourney,
  isApplicantJourneyEnabled,
  nextPath,
  startableTypesFor,
  type ApplicantDraft,
  type ApplicationTypeCode,
} from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { ErrorSummary } from '../../components/error-summary';
import { usePageTitle } from '../../components/page-title';
import { Radios } from '../../components/radios';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { useFeatureFlags } from '../../lib/config';
import { useUser } from '../../lib/session';
import { NotFoundPage } from '../errors/not-found-page';
import { journeyApi } from './api';
import { rememberDraft, type StoredDraft } from './draft';
import { journeyContext, withToken } from './shared';

type TypeForm = z.input<typeof applicantApplicationTypeFormSchema>;

/** The types this applicant may start themselves whose journey is switched on. */
export function useApplicantStartableTypes(): ApplicationTypeCode[] {
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  return startableTypesFor(user?.roles ?? [], flags).filter((code) => {
    if (!(APPLICANT_STARTABLE_TYPES as readonly string[]).includes(code)) return false;
    const journey = applicantJourneyForType(code, false);
    return journey !== null && isApplicantJourneyEnabled(journey, flags);
  });
}

/**
 * /select-application: level 1, PVG confirmation join or PVG confirmation existing (flags respected).
 * Choosing one creates the draft and opens the personal-information agreement of its journey.
 */
export function SelectApplicationPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const title = t('selectApplication.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const client = useQueryClient();
  const types = useApplicantStartableTypes();
  const form = useForm<TypeForm>({
    resolver: zodResolver(applicantApplicationTypeFormSchema),
    shouldFocusError: false,
  });
  const create = useMutation({
    mutationFn: (type: ApplicationTypeCode) => journeyApi.createApplicantDraft(type),
    onSuccess: (created, type) => {
      const journey = getApplicantJourney(applicantJourneyForType(type, false) ?? '');
      if (!journey) return;
      const draft: StoredDraft<ApplicantDraft> = {
        token: created.draftApplicationToken,
        side: 'applicant',
        journeyId: journey.id,
        applicationReference: created.applicationReference,
        answers: { applicationReference: created.applicationReference },
      };
      rememberDraft(client, draft);
      void navigate(withToken(nextPath(journey, 'start', draft.answers, journeyContext()), draft.token));
    },
  });

  if (types.length === 0) return <NotFoundPage />;
  const serverError =
    create.error instanceof ApiError
      ? (create.error.fieldErrors?.applicationType ?? create.error.message)
      : create.error
        ? t('journeyPage.notStarted')
        : undefined;
  const message = errorText(form.formState.errors.applicationType?.message) ?? serverError;

  return (
    <>
      <BackLink to="/dashboard" text={t('common.backToApplications')} />
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <ErrorSummary errors={message ? [{ href: '#applicationType', text: message }] : []} />
          <form
            noValidate
            onSubmit={form.handleSubmit((values) =>
              create.mutate(values.applicationType as ApplicationTypeCode),
            )}
          >
            <Radios
              idPrefix="applicationType"
              legend={title}
              legendIsHeading
              error={message}
              register={form.register('applicationType')}
              items={types.map((code) => ({
                value: code,
                label: APPLICATION_TYPES[code],
                hint: t(`selectApplication.hints.${code}`, { defaultValue: '' }) || undefined,
              }))}
            />
            <Button disabled={create.isPending} data-prevent-double-click="true">
              {t('common.continue')}
            </Button>
          </form>
        </div>
      </div>
    </>
  );
}

/**
 * /personal-information: the pre-journey agreement, which is a step of each journey; this address
 * opens it for the journey and draft in the query (`?journey=level-1&token=…`).
 */
export function PersonalInformationRedirect() {
  const [params] = useSearchParams();
  const journey = getApplicantJourney(params.get('journey') ?? '');
  const token = params.get('token');
  if (!journey || !token) return <Navigate replace to="/select-application" />;
  return <Navigate replace to={withToken(`${journey.basePath}/personal-information`, token)} />;
}
