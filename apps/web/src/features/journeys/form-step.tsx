import { isFieldShown, isSingleQuestion, type JourneyStep } from '@dis/domain';
import { useQuery } from '../../lib/query';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useSmallForm } from '../../lib/small-form';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../components/button';
import { FormToken } from '../../components/form-token';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { useHydrated } from '../../lib/server-render';
import { useUser } from '../../lib/session';
import { journeyApi } from './api';
import { usePrefill } from './applicant-steps';
import { fieldMessage, JourneyField, postedFormValues, summaryErrors, toFormValues } from './fields';
import { serverErrors, StepLayout, useJourneyText, type StepPageProps } from './shared';
import { useState } from 'react';
import { useStepResolver, useStepSubmit } from './step-submit';
import { usePostedOnce } from '../../lib/posted-once';

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
 * Any form step of a journey of either side: the fields are the step's (`step.fields`), the values from
 * the draft (step.read), the merge from step.write (applyStep) and the next page from the journey's
 * rules (nextPath), so one component serves every question page of the fourteen journeys.
 */
interface FormStepProps extends StepPageProps {
  step: JourneyStep<object>;
  /** Values for a step not answered yet (the manual address starts in the United Kingdom). */
  initialValues?: FieldValues | undefined;
  /** Shown under the form (the link to switch address entry). */
  after?: ReactNode;
  /** The manual entry page of an address step: the save records it, so Change reopens this page. */
  addressEntry?: 'manual';
}

export function FormStep(props: FormStepProps) {
  const { journey, draft, step } = props;
  // PVG join answers can start from the identity record (document 2 section 4, when the flag is on).
  const prefill = usePrefill(journey, step, draft.answers);
  if (prefill.pending) return <LoadingPage />;
  return <FormStepForm {...props} prefill={prefill.values} />;
}

function FormStepForm({
  journey,
  draft,
  edit,
  step,
  stepPath,
  initialValues,
  after,
  addressEntry,
  prefill,
}: FormStepProps & { prefill: unknown }) {
  const { t } = useTranslation();
  const text = useJourneyText(journey);
  const errorText = useErrorText();
  const title = text(step.titleKey);
  usePageTitle(title);
  const fields = step.fields;
  const names = fields.map((field) => field.name);
  const single = isSingleQuestion(fields);

  // A form posted without JavaScript and refused comes back with what was entered and its problems.
  const { posted, hide } = usePostedOnce();
  const form = useSmallForm<FieldValues>({
    resolver: useStepResolver(step),
    defaultValues: posted
      ? postedFormValues(fields, posted.values)
      : {
          ...toFormValues(fields, step.read(draft.answers) ?? prefill),
          ...initialValues,
        },
  });
  const { submit, save } = useStepSubmit({ journey, draft, edit, step, stepPath }, addressEntry);
  const costCentres = useCostCentres(fields.some((field) => field.control === 'costCentre'));
  const watched = form.watch();
  // A whole-draft rule the page's own form cannot see (an address that overlaps the one after it).
  const [problem, setProblem] = useState<{ field: string; key: string }>();

  const onSubmit = () => {
    setProblem(undefined);
    hide();
    const sent = submit(form.getValues());
    if (sent.outcome === 'refused') setProblem(sent.problem);
  };

  const server = serverErrors(save.error, names, journey.side);
  // Without JavaScript nothing can reveal a field when its answer is picked: every field is on the page, as GOV.UK's
  // conditional reveals are, and the step's schema ignores the ones its answers do not ask for.
  const hydrated = useHydrated();
  const visible = fields
    .filter((field) => !hydrated || isFieldShown(field, fields, watched))
    .map((field) => field.name);
  const messages: Record<string, string | undefined> = {};
  const parts: Record<string, ('day' | 'month' | 'year')[] | undefined> = {};
  for (const name of visible) {
    const own = fieldMessage(form.formState.errors, name);
    const whole = problem?.field === name ? problem.key : undefined;
    const earlier = posted?.errors[name];
    messages[name] = errorText(own?.key ?? whole ?? server.byField[name] ?? earlier);
    parts[name] = own?.parts;
  }
  const errors = summaryErrors(visible, messages);
  const general = server.general ?? posted?.general;
  if (general) errors.push({ href: `#${visible[0] ?? ''}`, text: errorText(general) ?? '' });
  const intro = text(step.titleKey.replace(/\.title$/, '.intro'));
  // A page that asks one question with nothing to explain first makes the question its h1.
  const legendHeading = single && !intro;

  return (
    <StepLayout journey={journey} draft={draft} stepId={step.id} edit={edit} errors={errors}>
      {!legendHeading && <h1 className="govuk-heading-l">{title}</h1>}
      {intro && <p className="govuk-body">{intro}</p>}
      <form noValidate method="post" onSubmit={form.handleSubmit(onSubmit)}>
        <FormToken />
        {fields
          .filter((field) => visible.includes(field.name))
          .map((field, index) => (
            <JourneyField
              key={field.name}
              field={field}
              side={journey.side}
              register={form.register}
              error={messages[field.name]}
              errorParts={parts[field.name]}
              heading={legendHeading && index === 0 ? title : undefined}
              costCentres={costCentres}
            />
          ))}
        <Button disabled={save.isPending}>{t('common.save')}</Button>
      </form>
      {after}
    </StepLayout>
  );
}
