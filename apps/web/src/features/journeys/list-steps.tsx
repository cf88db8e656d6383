import { MAX_PREVIOUS_NAMES, type JourneyStep } from '@dis/domain';
import { useQuery } from '../../lib/query';
import type { MouseEvent } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { splitRegistration } from '../../lib/form-fields';
import { useFieldList, useSmallForm } from '../../lib/small-form';
import { useTranslation } from '../../i18n/react';
import { ErrorMessage } from '../../components/form-parts';
import { Button } from '../../components/button';
import { FormToken } from '../../components/form-token';
import type { SummaryError } from '../../components/error-summary';
import { Fieldset } from '../../components/fieldset';
import { Input } from '../../components/input';
import { NotificationBanner } from '../../components/notification-banner';
import { LoadingPage } from '../../components/loading-page';
import { usePageTitle } from '../../components/page-title';
import { useErrorText } from '../../i18n';
import { useHydrated, usePostedForm, type PostedForm } from '../../lib/server-render';
import { usePostedOnce } from '../../lib/posted-once';
import { journeyApi } from './api';
import { useStepResolver, useStepSubmit } from './step-submit';
import { serverErrors, StepLayout, useJourneyText, type StepPageProps } from './shared';
import { applicantAnswers } from './draft';
import { entryIndexes } from './fields';

type ListStepProps = StepPageProps & { step: JourneyStep<object> };

interface NameEntry {
  forename: string;
  middleNames: string;
  surname: string;
}

const EMPTY_NAME: NameEntry = { forename: '', middleNames: '', surname: '' };
const NAME_PARTS = ['forename', 'middleNames', 'surname'] as const;

/** The message of a list entry's part (`previousNames.2.surname`), if any: the form's, else the refused post's. */
function entryMessage(
  errors: FieldErrors,
  earlier: PostedForm | undefined,
  list: string,
  index: number,
  part: string,
): string | undefined {
  const entries = errors[list] as unknown as Record<number, Record<string, { message?: string }>> | undefined;
  return entries?.[index]?.[part]?.message ?? earlier?.errors[`${list}.${index}.${part}`];
}

/** A message on the list as a whole (none given, too many): the form's, else the refused post's. */
function listMessage(errors: FieldErrors, earlier: PostedForm | undefined, list: string): string | undefined {
  const error = errors[list] as { message?: string; root?: { message?: string } } | undefined;
  return (error?.message || error?.root?.message || undefined) ?? earlier?.errors[list];
}

/**
 * A list step's save. Without JavaScript, Add, Remove and a refused save come back as a post with the list as it
 * stands: its messages (`earlier`) show until the form is submitted in the browser.
 */
function useListSubmit(props: ListStepProps, form: { getValues: () => FieldValues }) {
  const { posted, hide } = usePostedOnce();
  const { submit, save } = useStepSubmit(props);
  const onSubmit = () => {
    hide();
    submit(form.getValues());
  };
  return { onSubmit, save, earlier: posted };
}

/** A value of a refused form post as text. */
function postedText(posted: PostedForm, name: string): string {
  const value = posted.values[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * The form's default button, first in the form, so that Enter in a field saves (not the first Add or Remove):
 * without JavaScript, Add and Remove are submit buttons of their own (`_action`).
 */
function DefaultSave() {
  return <button type="submit" name="_action" value="save" hidden tabIndex={-1} aria-hidden="true" />;
}

/** A button that posts `_action=<value>` without JavaScript and runs `run` in the browser instead. */
function listAction(run: () => void) {
  return (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    run();
  };
}

/**
 * previous-name: the names the applicant was known by, one fieldset each, with "Add another name" up to
 * the cap (20) and "Remove" on each while more than one is left. The whole list is the step's answer.
 */
export function PreviousNamesStep(props: ListStepProps) {
  const { journey, draft, edit, step } = props;
  const { t } = useTranslation();
  const text = useJourneyText(journey);
  const errorText = useErrorText();
  const title = text(step.titleKey);
  usePageTitle(title);
  const stored = applicantAnswers(draft).previousNames ?? [];
  const posted = usePostedForm();
  const form = useSmallForm<FieldValues>({
    resolver: useStepResolver(step),
    defaultValues: {
      previousNames: posted
        ? entryIndexes(Object.keys(posted.values), 'previousNames').map((index) => ({
            forename: postedText(posted, `previousNames.${index}.forename`),
            middleNames: postedText(posted, `previousNames.${index}.middleNames`),
            surname: postedText(posted, `previousNames.${index}.surname`),
          }))
        : stored.length > 0
          ? stored.map((name) => ({
              forename: name.forename ?? '',
              middleNames: name.middleNames ?? '',
              surname: name.surname ?? '',
            }))
          : [EMPTY_NAME],
    },
  });
  const names = useFieldList<NameEntry>(form.control, 'previousNames');
  const { onSubmit, save, earlier } = useListSubmit(props, form);

  const errors: SummaryError[] = [];
  const whole = errorText(listMessage(form.formState.errors, earlier, 'previousNames'));
  if (whole) errors.push({ href: '#previousNames-0-forename', text: whole });
  const messages = names.fields.map((_field, index) =>
    Object.fromEntries(
      NAME_PARTS.map((part) => {
        const message = errorText(entryMessage(form.formState.errors, earlier, 'previousNames', index, part));
        if (message) errors.push({ href: `#previousNames-${index}-${part}`, text: message });
        return [part, message];
      }),
    ),
  );
  const server = serverErrors(save.error, [], journey.side);
  const general = server.general ?? earlier?.general;
  if (general) errors.push({ href: '#previousNames-0-forename', text: errorText(general) ?? '' });

  return (
    <StepLayout journey={journey} draft={draft} stepId={step.id} edit={edit} errors={errors}>
      <h1 className="govuk-heading-l">{title}</h1>
      <p className="govuk-body">{text('journey.previous-name.intro')}</p>
      <form noValidate method="post" onSubmit={form.handleSubmit(onSubmit)}>
        <FormToken />
        <DefaultSave />
        {names.fields.map((field, index) => (
          <div className="app-list-entry" key={field.id}>
            <Fieldset legend={t('previousNames.entry', { number: index + 1 })} legendSize="m">
              {NAME_PARTS.map((part) => (
                <Input
                  key={part}
                  id={`previousNames-${index}-${part}`}
                  label={t(`fields.${part}.label`)}
                  error={messages[index]?.[part]}
                  register={form.register(`previousNames.${index}.${part}`)}
                  width="two-thirds"
                  autoComplete="off"
                  spellCheck={false}
                />
              ))}
              {names.fields.length > 1 && (
                <Button
                  variant="secondary"
                  name="_action"
                  value={`remove-${index}`}
                  onClick={listAction(() => names.remove(index))}
                >
                  {t('previousNames.remove')}
                  <span className="govuk-visually-hidden">
                    {' '}
                    {t('previousNames.entry', { number: index + 1 })}
                  </span>
                </Button>
              )}
            </Fieldset>
          </div>
        ))}
        {names.fields.length < MAX_PREVIOUS_NAMES ? (
          <Button
            variant="secondary"
            name="_action"
            value="add"
            onClick={listAction(() => names.append({ ...EMPTY_NAME }))}
          >
            {t('previousNames.add')}
          </Button>
        ) : (
          <p className="govuk-body" role="status">
            {t('previousNames.limit', { count: MAX_PREVIOUS_NAMES })}
          </p>
        )}
        <div>
          <Button disabled={save.isPending} name="_action" value="save">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </StepLayout>
  );
}

interface BodyEntry {
  code: string;
  selected: boolean;
  registrationNumber: string;
}

/**
 * regulatory-body: the bodies of GET /api/draftApplications/regulatory-body as checkboxes, each ticked
 * one revealing its registration number. One or two must be ticked (the step's schema says so).
 */
export function RegulatoryBodiesStep(props: ListStepProps) {
  const { t } = useTranslation();
  const text = useJourneyText(props.journey);
  const title = text(props.step.titleKey);
  usePageTitle(title);
  const bodies = useQuery({
    queryKey: ['regulatory-bodies'],
    queryFn: () => journeyApi.regulatoryBodies(),
    staleTime: Infinity,
    retry: false,
  });
  if (bodies.isPending) return <LoadingPage />;
  if (bodies.isError) {
    return (
      <StepLayout
        journey={props.journey}
        draft={props.draft}
        stepId={props.step.id}
        edit={props.edit}
        errors={[]}
      >
        <h1 className="govuk-heading-l">{title}</h1>
        <NotificationBanner type="error" heading={t('regulatoryBodies.unavailable')} />
      </StepLayout>
    );
  }
  return <RegulatoryBodiesForm {...props} title={title} bodies={bodies.data} />;
}

function RegulatoryBodiesForm({
  title,
  bodies,
  ...props
}: ListStepProps & { title: string; bodies: { code: string; name: string }[] }) {
  const { journey, draft, edit, step } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  // Without JavaScript every registration number box is shown (nothing can reveal it), as GOV.UK's are.
  const hydrated = useHydrated();
  const posted = usePostedForm();
  const stored = applicantAnswers(draft).regulatoryBodies?.details ?? [];
  const form = useSmallForm<{ details: BodyEntry[] }>({
    resolver: useStepResolver(step) as never,
    defaultValues: {
      details: bodies.map((body, index) => {
        if (posted) {
          return {
            code: body.code,
            selected: posted.values[`details.${index}.selected`] !== undefined,
            registrationNumber: postedText(posted, `details.${index}.registrationNumber`),
          };
        }
        const earlier = stored.find((entry) => entry.code === body.code);
        return {
          code: body.code,
          selected: earlier?.selected === true,
          registrationNumber: earlier?.registrationNumber ?? '',
        };
      }),
    },
  });
  const watched = form.watch().details;
  // A ticked body is ticked in the server's HTML too (the registration's starting value, not an attribute).
  const selectedField = (index: number) => {
    const { field, initial } = splitRegistration(form.register(`details.${index}.selected`));
    return { ...field, defaultChecked: initial === true };
  };
  const { onSubmit, save, earlier } = useListSubmit(props, form);

  const errors: SummaryError[] = [];
  const whole = errorText(listMessage(form.formState.errors as FieldErrors, earlier, 'details'));
  if (whole) errors.push({ href: '#details', text: whole });
  const numberErrors = bodies.map((_body, index) => {
    const message = errorText(
      entryMessage(form.formState.errors as FieldErrors, earlier, 'details', index, 'registrationNumber'),
    );
    if (message) errors.push({ href: `#details-${index}-registrationNumber`, text: message });
    return message;
  });
  const server = serverErrors(save.error, [], journey.side);
  const general = server.general ?? earlier?.general;
  if (general) errors.push({ href: '#details', text: errorText(general) ?? '' });

  return (
    <StepLayout journey={journey} draft={draft} stepId={step.id} edit={edit} errors={errors}>
      <form noValidate method="post" onSubmit={form.handleSubmit(onSubmit)}>
        <FormToken />
        <div className={whole ? 'govuk-form-group govuk-form-group--error' : 'govuk-form-group'}>
          <Fieldset
            legend={title}
            legendIsHeading
            describedBy={whole ? 'details-error details-hint' : 'details-hint'}
          >
            <div className="govuk-hint" id="details-hint">
              {t('regulatoryBodies.hint')}
            </div>
            {whole && <ErrorMessage id="details-error">{whole}</ErrorMessage>}
            <div className="govuk-checkboxes">
              {bodies.map((body, index) => {
                const id = index === 0 ? 'details' : `details-${index}`;
                const ticked = watched?.[index]?.selected === true;
                const shown = ticked || !hydrated;
                return (
                  <div key={body.code}>
                    <div className="govuk-checkboxes__item">
                      <input
                        className="govuk-checkboxes__input"
                        id={id}
                        type="checkbox"
                        aria-controls={hydrated ? `details-${index}-conditional` : undefined}
                        aria-expanded={hydrated ? ticked : undefined}
                        {...selectedField(index)}
                      />
                      <label className="govuk-label govuk-checkboxes__label" htmlFor={id}>
                        {body.name}
                      </label>
                    </div>
                    <div
                      className={
                        shown
                          ? 'govuk-checkboxes__conditional'
                          : 'govuk-checkboxes__conditional govuk-checkboxes__conditional--hidden'
                      }
                      id={`details-${index}-conditional`}
                    >
                      {shown && (
                        <Input
                          id={`details-${index}-registrationNumber`}
                          label={t('regulatoryBodies.registrationNumber', { name: body.name })}
                          error={numberErrors[index]}
                          register={form.register(`details.${index}.registrationNumber`)}
                          width="20"
                          autoComplete="off"
                          spellCheck={false}
                        />
                      )}
                    </div>
                  </div>
                );
              })}
            </div>
          </Fieldset>
        </div>
        <Button disabled={save.isPending}>{t('common.save')}</Button>
      </form>
    </StepLayout>
  );
}
