import {
  APPLICATION_TYPES,
  applicantApplicationTypeFormSchema,
  organisationApplicationTypeFormSchema,
  type ApplicationTypeCode,
} from '@dis/domain';
import { useMemo } from 'react';
import { useSmallForm } from '../../lib/small-form';
import { lazySchemaResolver } from '../../lib/lazy-resolver';
import { useTranslation } from '../../i18n/react';
import type { z } from 'zod';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { ErrorSummary, errorFor } from '../../components/error-summary';
import { FormToken } from '../../components/form-token';
import { usePageTitle } from '../../components/page-title';
import { Radios } from '../../components/radios';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { Column } from '../../components/column';
import { NotFoundPage } from '../../components/not-found-page';
import { usePostedOnce } from '../../lib/posted-once';

type TypeFormSchema =
  typeof applicantApplicationTypeFormSchema | typeof organisationApplicationTypeFormSchema;
type TypeForm = z.input<TypeFormSchema>;

/**
 * Each side's page: the i18n key of its title (also the question) and the group of each type's hint
 * (`<hints>.<code>`), its schema, and what it says when creating the draft fails other than with an API error. The
 * keys are written out in full so that the build finds their text with this page's code (decision 0046).
 */
const SIDES = {
  applicant: {
    titleKey: 'selectApplication.title',
    hintsKey: 'selectApplication.hints',
    schema: applicantApplicationTypeFormSchema,
    failedKey: 'journeyPage.notStarted',
  },
  organisation: {
    titleKey: 'selectApplicationType.title',
    hintsKey: 'selectApplicationType.hints',
    schema: organisationApplicationTypeFormSchema,
    failedKey: 'journeyPage.notSaved',
  },
} as const;

interface ApplicationTypeFormProps {
  side: keyof typeof SIDES;
  /** The types this user may start; with none the page is not found (there is nothing to choose). */
  types: ApplicationTypeCode[];
  /** The draft's creation as it goes: its button waits while it is pending, its error is the form's. */
  creation: { isPending: boolean; error: unknown };
  onChoose: (type: ApplicationTypeCode) => void;
}

/** The "choose an application type" form of /select-application and /csg-apply/select-application-type. */
export function ApplicationTypeForm(props: ApplicationTypeFormProps) {
  // A level-1 countersignatory with the level-1 journey switched off can start nothing.
  return props.types.length === 0 ? <NotFoundPage /> : <TypeChoice {...props} />;
}

function TypeChoice({
  side,
  types,
  creation: { isPending: pending, error },
  onChoose,
}: ApplicationTypeFormProps) {
  const { titleKey, hintsKey, schema, failedKey } = SIDES[side];
  const { t } = useTranslation();
  const title = t(titleKey);
  usePageTitle(title);
  const errorText = useErrorText();
  // A choice posted without JavaScript and refused comes back with what was chosen and its problem.
  const { posted, hide } = usePostedOnce();
  const postedType = posted?.values.applicationType;
  const form = useSmallForm<TypeForm>({
    resolver: useMemo(() => lazySchemaResolver<TypeForm>(async () => schema), [schema]),
    ...(typeof postedType === 'string' && postedType
      ? { defaultValues: { applicationType: postedType } as TypeForm }
      : {}),
  });
  const serverError =
    error instanceof ApiError
      ? (error.fieldErrors?.applicationType ?? error.message)
      : error
        ? t(failedKey)
        : undefined;
  const message =
    errorText(form.formState.errors.applicationType?.message) ??
    serverError ??
    errorText(posted?.errors.applicationType);

  return (
    <>
      <BackLink to="/dashboard" text={t('common.backToApplications')} />
      <Column>
        <ErrorSummary errors={errorFor('applicationType', message)} />
        <form
          noValidate
          method="post"
          onSubmit={(event) => {
            hide();
            void form.handleSubmit((values) => onChoose(values.applicationType as ApplicationTypeCode))(
              event,
            );
          }}
        >
          <FormToken />
          <Radios
            legend={title}
            legendIsHeading
            error={message}
            register={form.register('applicationType')}
            items={types.map((code) => ({
              value: code,
              label: APPLICATION_TYPES[code],
              hint: t(`${hintsKey}.${code}`, { defaultValue: '' }) || undefined,
            }))}
          />
          <Button disabled={pending}>{t('common.continue')}</Button>
        </form>
      </Column>
    </>
  );
}
