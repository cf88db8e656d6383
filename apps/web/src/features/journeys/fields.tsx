import { toYesNo, type FieldView, type JourneySide } from '@dis/domain';
import type { FieldValues } from 'react-hook-form';
import type { FieldRegistration } from '../../lib/form-fields';
import { useTranslation } from '../../i18n/react';
import { Checkboxes } from '../../components/checkboxes';
import { DateInput } from '../../components/date-input';
import { Input } from '../../components/input';
import { Radios } from '../../components/radios';
import { Select } from '../../components/select';
import type { SummaryError } from '../../components/error-summary';

// How each answer of a journey page is shown: the step lists its fields as data (`step.fields`, from the domain);
// this file turns each one into its GOV.UK component.

/** The boxes of each date control, in order: a month and year question (resident from) leaves the day out. */
const DATE_PARTS = { date: ['day', 'month', 'year'], monthYear: ['month', 'year'] } as const;

type DatePart = (typeof DATE_PARTS)['date'][number];

/** A date control's form value (or registrations): one entry a box, in the boxes' order. */
function dateValues<T>(
  kind: keyof typeof DATE_PARTS,
  value: (part: DatePart) => T,
): Partial<Record<DatePart, T>> {
  return Object.fromEntries(DATE_PARTS[kind].map((part) => [part, value(part)]));
}

/** Stored answers (booleans, numbers) as form values (radio and box strings). */
export function toFormValues(fields: readonly FieldView[], stored: unknown): FieldValues {
  const source = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const values: FieldValues = {};
  for (const { name, control: kind } of fields) {
    const value = source[name];
    if (kind === 'tick') values[name] = value === true;
    else if (kind === 'yesNo') values[name] = toYesNo(typeof value === 'boolean' ? value : undefined) ?? '';
    else if (kind === 'multi') values[name] = Array.isArray(value) ? value : [];
    else if (kind === 'hidden') continue;
    else if (kind === 'date' || kind === 'monthYear') {
      const date = (value ?? {}) as Record<string, unknown>;
      values[name] = dateValues(kind, (part) => (date[part] === undefined ? '' : String(date[part])));
    } else values[name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return values;
}

export { fieldMessage } from '../../components/field-message';

/** Form field errors, then the server's (keyed by form field), as error summary entries. */
export function summaryErrors(
  fields: readonly string[],
  messages: Record<string, string | undefined>,
): SummaryError[] {
  return fields.flatMap((name) => {
    const text = messages[name];
    return text ? [{ href: `#${name}`, text }] : [];
  });
}

interface FieldProps {
  field: FieldView;
  /** Applicant pages speak to the applicant: `fields.applicant.<name>` overrides `fields.<name>`. */
  side?: JourneySide;
  register: (name: string) => FieldRegistration;
  error: string | undefined;
  errorParts?: ('day' | 'month' | 'year')[] | undefined;
  /** The page's only question: its legend is the h1. */
  heading?: string | undefined;
  costCentres?: string[];
}

export function JourneyField({
  field,
  side = 'organisation',
  register,
  error,
  errorParts,
  heading,
  costCentres = [],
}: FieldProps) {
  const { t } = useTranslation();
  const { name, control, options = [] } = field;
  const text = (part: string, fallback?: string) => {
    const own = t(`fields.${name}.${part}`, { defaultValue: fallback ?? '' });
    return side === 'applicant' ? t(`fields.applicant.${name}.${part}`, { defaultValue: own }) : own;
  };
  const label = heading ?? text('label');
  const hintText = text('hint');
  const hint = hintText || undefined;
  const option = (value: string) => text(`options.${value}`, value);
  // What every tick, yes/no and choice field shares: one fieldset, its legend as the heading when the page has one.
  const fieldset = (legendSize: 's' | 'm') => ({
    idPrefix: name,
    legendIsHeading: Boolean(heading),
    legendSize: heading ? undefined : legendSize,
    error,
    register: register(name),
  });
  // What a drop-down and a text input share: one labelled control.
  const labelled = () => ({ id: name, label, hint, error, register: register(name) });
  const optionItems = () => options.map((value) => ({ value, label: option(value) }));
  switch (control) {
    case 'tick':
      return (
        <Checkboxes
          {...fieldset('s')}
          legend={heading ?? text('legend', label)}
          hint={hint}
          items={[{ value: 'true', label: text('label') }]}
        />
      );
    case 'yesNo':
      return (
        <Radios
          {...fieldset('m')}
          legend={label}
          hint={hint}
          inline
          items={[
            { value: 'yes', label: t('fields.yes') },
            { value: 'no', label: t('fields.no') },
          ]}
        />
      );
    case 'choice':
      return <Radios {...fieldset('m')} legend={label} hint={hint} items={optionItems()} />;
    case 'multi':
      return (
        <Checkboxes
          {...fieldset('m')}
          legend={label}
          hint={hint ?? t('fields.selectAll')}
          items={optionItems()}
        />
      );
    case 'date':
    case 'monthYear':
      return (
        <DateInput
          id={name}
          legend={label}
          hint={hint}
          error={error}
          errorParts={errorParts}
          parts={[...DATE_PARTS[control]]}
          // WCAG 1.3.5: the applicant's own date of birth (`bday`), not one an organisation enters for someone else.
          autoCompletePrefix={field.autoComplete === 'bday' ? 'bday' : undefined}
          register={dateValues(control, (part) => register(`${name}.${part}`))}
        />
      );
    case 'select':
    case 'costCentre':
      return (
        <Select
          {...labelled()}
          items={
            control === 'select'
              ? [
                  { value: '', text: text('placeholder', t('fields.choose')) },
                  ...options.map((value) => ({ value, text: option(value) })),
                ]
              : [
                  { value: '', text: t('fields.subAccountCode.none') },
                  ...costCentres.map((code) => ({ value: code, text: code })),
                ]
          }
        />
      );
    case 'hidden':
      return null;
    default:
      return (
        <Input
          {...labelled()}
          type={control === 'email' ? 'email' : control === 'tel' ? 'tel' : 'text'}
          spellCheck={false}
          {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
          {...(field.width ? { width: field.width } : {})}
        />
      );
  }
}

/** The values of a refused form post, as the page's form holds them (what the person entered, kept). */
export function postedFormValues(
  fields: readonly FieldView[],
  posted: Readonly<Record<string, string | string[]>>,
): FieldValues {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(posted)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return fromFormData(fields, form);
}

/**
 * A form posted without JavaScript, as the page's form would hold it (the inverse of the inputs' names: `x.day`
 * for a date's boxes, a repeated name for ticked boxes, a tick as true or false).
 */
export function fromFormData(fields: readonly FieldView[], form: URLSearchParams): FieldValues {
  const values: FieldValues = {};
  for (const { name, control: kind } of fields) {
    if (kind === 'hidden') continue;
    if (kind === 'tick') values[name] = form.has(name);
    else if (kind === 'multi') values[name] = form.getAll(name);
    else if (kind === 'date' || kind === 'monthYear') {
      values[name] = dateValues(kind, (part) => form.get(`${name}.${part}`) ?? '');
    } else values[name] = form.get(name) ?? '';
  }
  return values;
}

export { issueKeys } from '../../lib/form-issues';

/** The index of every entry of a list posted (`previousNames.2.surname` → 2), in order. */
export function entryIndexes(keys: Iterable<string>, list: string): number[] {
  const indexes = new Set<number>();
  for (const key of keys) {
    const [name, index, part] = key.split('.');
    if (name === list && part !== undefined && /^\d+$/.test(index ?? '')) indexes.add(Number(index));
  }
  return [...indexes].sort((a, b) => a - b);
}
