import {
  APPLICATION_TYPES,
  getOrganisationJourney,
  organisationApplicationTypeFormSchema,
  organisationJourneyForType,
  startableTypesFor,
  stepUrl,
  type ApplicationTypeCode,
} from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
import { draftQueryKey, draftStore, type StoredDraft } from './draft';
import { withToken } from './shared';

type TypeForm = z.input<typeof organisationApplicationTypeFormSchema>;

/** /csg-apply/select-application-type: the types this user may start; choosing one creates the draft. */
export function SelectApplicationTypePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const title = t('selectApplicationType.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data: user } = useUser();
  const flags = useFeatureFlags();
  const types = startableTypesFor(user?.roles ?? [], flags).filter((code) =>
    organisationJourneyForType(code),
  );
  const form = useForm<TypeForm>({
    resolver: zodResolver(organisationApplicationTypeFormSchema),
    shouldFocusError: false,
  });
  const create = useMutation({
    mutationFn: (type: ApplicationTypeCode) => journeyApi.createDraft(type),
    onSuccess: (created, type) => {
      const journey = getOrganisationJourney(organisationJourneyForType(type) ?? '');
      if (!journey) return;
      const draft: StoredDraft = {
        token: created.draftApplicationToken,
        journeyId: journey.id as StoredDraft['journeyId'],
        applicationReference: created.applicationReference,
        answers: { applicationReference: created.applicationReference },
      };
      draftStore(draft.token).write(draft);
      client.setQueryData(draftQueryKey(draft.token), draft);
      const first = journey.step(journey.firstStepId);
      if (first) void navigate(withToken(stepUrl(journey, first), draft.token));
    },
  });

  // A level-1 countersignatory with the level-1 journey switched off can start nothing.
  if (types.length === 0) return <NotFoundPage />;
  const serverError =
    create.error instanceof ApiError
      ? (create.error.fieldErrors?.applicationType ?? create.error.message)
      : create.error
        ? t('journeyPage.notSaved')
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
                hint: t(`selectApplicationType.hints.${code}`, { defaultValue: '' }) || undefined,
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
