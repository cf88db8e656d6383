import {
  APPLICATION_TYPES,
  type applicantApplicationTypeFormSchema,
  type organisationApplicationTypeFormSchema,
  type ApplicationTypeCode,
} from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from '../../lib/forms';
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
import { usePostedForm } from '../../lib/server-render';
import { Column } from '../../components/column';

type TypeFormSchema =
  typeof applicantApplicationTypeFormSchema | typeof organisationApplicationTypeFormSchema;
type TypeForm = z.input<TypeFormSchema>;

interface ApplicationTypeFormProps {
  /** The page's title (the tab's too), which is also the question. */
  title: string;
  schema: TypeFormSchema;
  types: ApplicationTypeCode[];
  /** The i18n key under which each type's hint sits (`<hintsKey>.<code>`). */
  hintsKey: string;
  /** Shown when creating the draft fails other than with an API error. */
  failedText: string;
  /** The draft's creation as it goes: its button waits while it is pending, its error is the form's. */
  creation: { isPending: boolean; error: unknown };
  onChoose: (type: ApplicationTypeCode) => void;
}

/** The "choose an application type" form of /select-application and /csg-apply/select-application-type. */
export function ApplicationTypeForm({
  title,
  schema,
  types,
  hintsKey,
  failedText,
  creation: { isPending: pending, error },
  onChoose,
}: ApplicationTypeFormProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  const errorText = useErrorText();
  // A choice posted without JavaScript and refused comes back with what was chosen and its problem.
  const posted = usePostedForm();
  const [showPosted, setShowPosted] = useState(true);
  const postedType = posted?.values.applicationType;
  const form = useForm<TypeForm>({
    resolver: zodResolver(schema),
    shouldFocusError: false,
    ...(typeof postedType === 'string' && postedType
      ? { defaultValues: { applicationType: postedType } as TypeForm }
      : {}),
  });
  const serverError =
    error instanceof ApiError
      ? (error.fieldErrors?.applicationType ?? error.message)
      : error
        ? failedText
        : undefined;
  const message =
    errorText(form.formState.errors.applicationType?.message) ??
    serverError ??
    errorText(showPosted ? posted?.errors.applicationType : undefined);

  return (
    <>
      <BackLink to="/dashboard" text={t('common.backToApplications')} />
      <Column>
        <ErrorSummary errors={errorFor('applicationType', message)} />
        <form
          noValidate
          method="post"
          onSubmit={(event) => {
            setShowPosted(false);
            void form.handleSubmit((values) => onChoose(values.applicationType as ApplicationTypeCode))(
              event,
            );
          }}
        >
          <FormToken />
          <Radios
            idPrefix="applicationType"
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
          <Button disabled={pending} data-prevent-double-click="true">
            {t('common.continue')}
          </Button>
        </form>
      </Column>
    </>
  );
}
