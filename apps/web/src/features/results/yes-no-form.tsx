import { useState, type ReactNode } from 'react';
import { useSmallForm } from '../../lib/small-form';
import { lazySchemaResolver } from '../../lib/lazy-resolver';
import { useTranslation } from '../../i18n/react';
import { useLocation } from '../../lib/router';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { ErrorSummary, errorFor } from '../../components/error-summary';
import { FormToken } from '../../components/form-token';
import { Radios } from '../../components/radios';
import { useErrorText } from '../../i18n';
import { usePostedOnce } from '../../lib/posted-once';

interface YesNoFormProps<K extends string> {
  /**
   * The domain schema of the question (one yes/no field named `name`), fetched when the form first validates:
   * `() => import('./validation').then((m) => m.someSchema)` (decision 0071).
   */
  loadSchema: () => Promise<z.ZodType<Record<K, boolean>, Record<K, unknown>>>;
  name: K;
  legend: ReactNode;
  legendIsHeading?: boolean;
  hint?: ReactNode;
  submitText: string;
  pending?: boolean;
  /** An id of the question's fieldset, for an in-page link to it. */
  fieldsetId?: string;
  onAnswer: (yes: boolean) => void;
}

/**
 * One yes/no question (GOV.UK radios) validated with its domain schema. Returns the error summary and the
 * form apart, so a page whose question comes after other content still shows the summary at its top. Without
 * JavaScript the form posts `name=yes|no` to the page (its action answers, decision 0038), and a refused post
 * comes back with its answer and problem.
 */
export function useYesNoQuestion<K extends string>({
  loadSchema,
  name,
  legend,
  legendIsHeading,
  hint,
  submitText,
  pending,
  fieldsetId,
  onAnswer,
}: YesNoFormProps<K>): { errorSummary: ReactNode; form: ReactNode } {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { posted, hide } = usePostedOnce();
  const location = useLocation();
  // One resolver for the form's life: it keeps the schema once fetched.
  const [resolver] = useState(() =>
    lazySchemaResolver<Record<string, unknown>, unknown, Record<K, boolean>>(loadSchema),
  );
  const form = useSmallForm<Record<string, unknown>, Record<K, boolean>>({
    resolver,
    ...(posted ? { defaultValues: { [name]: posted.values[name] } } : {}),
  });
  const earlier = posted?.errors[name];
  const message = errorText((form.formState.errors[name]?.message as string | undefined) ?? earlier);
  return {
    errorSummary: <ErrorSummary errors={errorFor(name, message)} />,
    form: (
      <form
        noValidate
        method="post"
        // The page's own address without its fragment: after an in-page link to the question (#…) a refused post
        // without JavaScript must come back to the top, where the error summary takes focus.
        action={`${location.pathname}${location.search}`}
        onSubmit={(event) => {
          hide();
          void form.handleSubmit((values) => onAnswer(values[name]))(event);
        }}
      >
        <FormToken />
        <Radios
          fieldsetId={fieldsetId}
          legend={legend}
          legendIsHeading={legendIsHeading}
          legendSize={legendIsHeading ? 'l' : 'm'}
          hint={hint}
          error={message}
          inline
          register={form.register(name)}
          items={[
            { value: 'yes', label: t('fields.yes') },
            { value: 'no', label: t('fields.no') },
          ]}
        />
        <Button disabled={pending}>{submitText}</Button>
      </form>
    ),
  };
}

/** A page whose one question is the whole form: the summary, then the question. */
export function YesNoForm<K extends string>(props: YesNoFormProps<K>) {
  const { errorSummary, form } = useYesNoQuestion(props);
  return (
    <>
      {errorSummary}
      {form}
    </>
  );
}
