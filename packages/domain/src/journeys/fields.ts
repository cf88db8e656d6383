import { isRevealed, type RevealRule } from '../validation/conditional';

// How a question page shows each of its answers, as plain data on the step (`fields`): which GOV.UK control, its
// options, autocomplete and width, and when a detail is revealed. The step's schema says what is valid; these say
// how it is asked. A domain test holds each step's fields to its schema's answers, so the two cannot drift.

/**
 * tick: one checkbox that must be ticked. yesNo: inline yes/no radios. choice: radios. select: a drop-down.
 * multi: checkboxes. text, email, tel: an input. date: day, month, year. monthYear: month and year. hidden: held
 * in the form but never shown (derived). costCentre: a drop-down of the organisation's sub-account codes.
 */
export type FieldControl =
  | 'tick'
  | 'yesNo'
  | 'choice'
  | 'select'
  | 'multi'
  | 'text'
  | 'email'
  | 'tel'
  | 'date'
  | 'monthYear'
  | 'hidden'
  | 'costCentre';

export interface FieldView {
  /** The answer's name in the step's form (its schema key); its wording is `fields.<name>.*`. */
  readonly name: string;
  readonly control: FieldControl;
  /** The values of a choice, select or multi (their labels are `fields.<name>.options.<value>`). */
  readonly options?: readonly string[];
  /**
   * WCAG 1.3.5: the purpose of a field about the person using the page (`given-name`, `email`; `bday` on a date
   * of birth names its parts `bday-day` and so on); "off" where an organisation types someone else's details.
   */
  readonly autoComplete?: string;
  /** GOV.UK width class suffix: `one-half`, `two-thirds`, or a character count such as `10`. */
  readonly width?: string;
  /** Shown only while this rule holds for the page's answers (the schema checks and keeps it by the same rule). */
  readonly showWhen?: RevealRule;
}

type FieldOptions = Pick<FieldView, 'autoComplete' | 'width' | 'showWhen'>;

const control =
  (kind: FieldControl) =>
  (name: string, options: FieldOptions = {}): FieldView => ({ name, control: kind, ...options });

function withOptions(kind: 'choice' | 'select' | 'multi') {
  return (name: string, options: readonly string[], extra: FieldOptions = {}): FieldView => ({
    name,
    control: kind,
    options,
    ...extra,
  });
}

/** One builder per control: `field.text('forename', { autoComplete: 'given-name' })`. */
export const field = {
  tick: control('tick'),
  yesNo: control('yesNo'),
  text: control('text'),
  email: control('email'),
  tel: control('tel'),
  date: control('date'),
  monthYear: control('monthYear'),
  hidden: control('hidden'),
  costCentre: control('costCentre'),
  choice: withOptions('choice'),
  select: withOptions('select'),
  multi: withOptions('multi'),
};

/** The postal address of a manual entry page, in schema order. */
export const ADDRESS_FIELDS: readonly FieldView[] = [
  field.text('line1', { autoComplete: 'address-line1' }),
  field.text('line2', { autoComplete: 'address-line2' }),
  field.text('town', { autoComplete: 'address-level2', width: 'two-thirds' }),
  field.text('county', { width: 'two-thirds' }),
  field.text('postcode', { autoComplete: 'postal-code', width: '10' }),
  field.text('country', { autoComplete: 'country-name', width: 'two-thirds' }),
];

/** An address the applicant lived at: the postal address, when they moved in, and the derived moving-out month. */
export const RESIDENCE_FIELDS: readonly FieldView[] = [
  ...ADDRESS_FIELDS,
  field.monthYear('residentFrom'),
  field.hidden('residentTo'),
];

/**
 * Whether a field is on the page for the form's current values: hidden fields never are; a revealed detail is
 * while its rule holds. Form values are what the controls hold, so a yes/no answer is read as a boolean first.
 */
export function isFieldShown(
  field: FieldView,
  page: readonly FieldView[],
  values: Readonly<Record<string, unknown>>,
): boolean {
  if (field.control === 'hidden') return false;
  const rule = field.showWhen;
  if (!rule) return true;
  const source = page.find((candidate) => candidate.name === rule.field);
  const value = values[rule.field];
  const answer =
    source?.control === 'yesNo' ? (value === 'yes' ? true : value === 'no' ? false : value) : value;
  return isRevealed(rule, { [rule.field]: answer });
}

/** A page asks one question when it shows one answer that is a choice: its legend is then the h1. */
export function isSingleQuestion(fields: readonly FieldView[]): boolean {
  const always = fields.filter((field) => !field.showWhen && field.control !== 'hidden');
  const only = always[0];
  return (
    always.length === 1 &&
    only !== undefined &&
    (only.control === 'tick' ||
      only.control === 'yesNo' ||
      only.control === 'choice' ||
      only.control === 'multi')
  );
}
