import { applyStep, nextPath, type JourneyStep, type OrganisationDraft } from '@dis/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm, useWatch, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { useUser } from '../../lib/session';
import { journeyApi } from './api';
import { useSaveDraft } from './draft';
import {
  FIELDS,
  fieldMessage,
  isSingleQuestion,
  JourneyField,
  schemaFields,
  summaryErrors,
  toFormValues,
} from './fields';
import { journeyContext, serverErrors, StepLayout, withToken, type StepPageProps } from './shared';

type Resolver = z.ZodType<FieldValues, FieldValues>;

/** The sub-account codes of the countersignatory's organisation, for the invoice choice. */
function useCostCentres(enabled: boolean): string[] {
  const { data: user } = useUser();
  const code = user?.countersignatoryDetails?.organisationCode ?? '';
  const query = useQuery({
    queryKey: ['costcentres', code],
    queryFn: () => journeyApi.costCentres(code),
    enabled: enabled && Boolean(code),
  });
  return (query.data ?? []).map((centre) => centre.costCentreCode);
}

/**
 * Any form step of an organisation journey: the fields come from the step's schema, the values from
 * the draft (step.read), the merge from step.write (applyStep) and the next page from the journey's
 * rules (nextPath), so one component serves every question page of the five journeys.
 */
interface FormStepProps extends StepPageProps {
  step: JourneyStep<OrganisationDraft>;
  /** Values for a step not answered yet (the manual address starts in the United Kingdom). */
  initialValues?: FieldValues | undefined;
  /** Shown under the form (the link to switch address entry). */
  after?: ReactNode;
}

export function FormStep({ journey, draft, edit, step, initialValues, after }: FormStepProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const title = t(step.titleKey);
  usePageTitle(title);
  const schema = step.schema(journeyContext()) as Resolver;
  const fields = schemaFields(schema);
  const single = isSingleQuestion(fields);

  const form = useForm<FieldValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...toFormValues(fields, step.read(draft.answers)), ...initialValues },
    shouldFocusError: false,
  });
  const save = useSaveDraft(draft);
  const costCentres = useCostCentres(fields.some((name) => FIELDS[name]?.kind === 'costCentre'));
  const watched = useWatch({ control: form.control }) as FieldValues;

  const onSubmit = () => {
    const ctx = journeyContext();
    const result = applyStep(journey, step.id, draft.answers, form.getValues(), ctx);
    if (!result.success) return;
    save.mutate(result.answers, {
      onSuccess: (saved) => {
        void navigate(withToken(nextPath(journey, step.id, saved.answers, ctx, { edit }), draft.token));
      },
    });
  };

  const server = serverErrors(save.error, fields);
  const visible = fields.filter((name) => {
    const when = FIELDS[name]?.showWhen;
    return !when || watched[when.field] === when.value;
  });
  const messages: Record<string, string | undefined> = {};
  const parts: Record<string, ('day' | 'month' | 'year')[] | undefined> = {};
  for (const name of visible) {
    const own = fieldMessage(form.formState.errors, name);
    messages[name] = errorText(own?.key ?? server.byField[name]);
    parts[name] = own?.parts;
  }
  const errors = summaryErrors(visible, messages);
  if (server.general) errors.push({ href: `#${visible[0] ?? ''}`, text: errorText(server.general) ?? '' });
  const intro = t(`journey.${step.id}.intro`, { defaultValue: '' });
  // A page that asks one question with nothing to explain first makes the question its h1.
  const legendHeading = single && !intro;

  return (
    <StepLayout journey={journey} draft={draft} stepId={step.id} edit={edit} errors={errors}>
      {!legendHeading && <h1 className="govuk-heading-l">{title}</h1>}
      {intro && <p className="govuk-body">{intro}</p>}
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        {visible.map((name, index) => (
          <JourneyField
            key={name}
            name={name}
            register={form.register}
            error={messages[name]}
            errorParts={parts[name]}
            heading={legendHeading && index === 0 ? title : undefined}
            costCentres={costCentres}
          />
        ))}
        <Button disabled={save.isPending} data-prevent-double-click="true">
          {t('common.save')}
        </Button>
      </form>
      {after}
    </StepLayout>
  );
}
