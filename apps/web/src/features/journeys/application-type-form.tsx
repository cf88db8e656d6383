import {
  APPLICATION_TYPES,
  type applicantApplicationTypeFormSchema,
  type organisationApplicationTypeFormSchema,
  type ApplicationTypeCode,
} from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from '../../lib/forms';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/button';
import { ErrorSummary } from '../../components/error-summary';
import { Radios } from '../../components/radios';
import { useErrorText } from '../../i18n';
import { ApiError } from '../../lib/api-client';

type TypeFormSchema =
  typeof applicantApplicationTypeFormSchema | typeof organisationApplicationTypeFormSchema;
type TypeForm = z.input<TypeFormSchema>;

interface ApplicationTypeFormProps {
  /** The page's title, which is also the question. */
  title: string;
  schema: TypeFormSchema;
  types: ApplicationTypeCode[];
  /** The i18n key under which each type's hint sits (`<hintsKey>.<code>`). */
  hintsKey: string;
  /** Shown when creating the draft fails other than with an API error. */
  failedText: string;
  pending: boolean;
  error: unknown;
  onChoose: (type: ApplicationTypeCode) => void;
}

/** The "choose an application type" form of /select-application and /csg-apply/select-application-type. */
export function ApplicationTypeForm({
  title,
  schema,
  types,
  hintsKey,
  failedText,
  pending,
  error,
  onChoose,
}: ApplicationTypeFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm<TypeForm>({
    resolver: zodResolver(schema),
    shouldFocusError: false,
  });
  const serverError =
    error instanceof ApiError
      ? (error.fieldErrors?.applicationType ?? error.message)
      : error
        ? failedText
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
            onSubmit={form.handleSubmit((values) => onChoose(values.applicationType as ApplicationTypeCode))}
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
                hint: t(`${hintsKey}.${code}`, { defaultValue: '' }) || undefined,
              }))}
            />
            <Button disabled={pending} data-prevent-double-click="true">
              {t('common.continue')}
            </Button>
          </form>
        </div>
      </div>
    </>
  );
}
