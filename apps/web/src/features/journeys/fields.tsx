import {
  GENDERS,
  isUnitedKingdom,
  ORGANISATION_PAYMENT_CHOICES,
  TITLES,
  toYesNo,
  UK_LICENCE_REGIONS,
  WHO_PAYS,
  WORKFORCES,
  type JourneySide,
} from '@dis/domain';
import type { FieldValues, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Checkboxes } from '../../components/checkboxes';
import { DateInput } from '../../components/date-input';
import { Input } from '../../components/input';
import { Radios } from '../../components/radios';
import { Select } from '../../components/select';
import type { SummaryError } from '../../components/error-summary';

// How each answer of the journeys (both sides) is asked on screen. The step's schema (from the domain)
// says which answers a page holds; this table only says which GOV.UK component shows each one.

type FieldKind =
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

export interface FieldUi {
  kind: FieldKind;
  options?: readonly string[];
  autoComplete?: string;
  width?: string;
  /**
   * Shown only while another field of the page has this value (a sub-account code for an invoice), or
   * passes this test (the licence region while the country is the United Kingdom).
   */
  showWhen?: { field: string; value?: string; test?: (value: unknown) => boolean };
}

/**
 * WCAG 1.3.5: on the applicant's own pages, fields about the applicant name their purpose; the organisation's
 * pages ask about someone else, so they keep the table's value ("off" for the applicant's email there).
 */
const APPLICANT_OWN_AUTOCOMPLETE: Readonly<Record<string, string>> = {
  email: 'email',
  alternateTelephone: 'tel',
};

/** Whether a field with a showWhen rule is on screen for the values the form holds now. */
export function isShown(ui: FieldUi | undefined, values: Record<string, unknown>): boolean {
  const when = ui?.showWhen;
  if (!when) return ui?.kind !== 'hidden';
  const value = values[when.field];
  return when.test ? when.test(value) : value === when.value;
}

const ukCountry = (value: unknown) => typeof value === 'string' && isUnitedKingdom(value);

export const FIELDS: Readonly<Record<string, FieldUi>> = {
  confirmRoleQualifies: { kind: 'tick' },
  verified: { kind: 'tick' },
  agreed: { kind: 'tick' },
  workforces: { kind: 'multi', options: WORKFORCES },
  position: { kind: 'text' },
  volunteerForQualifyingOrganisation: { kind: 'yesNo' },
  firstName: { kind: 'text', autoComplete: 'off', width: 'one-half' },
  middleName: { kind: 'text', autoComplete: 'off', width: 'one-half' },
  lastName: { kind: 'text', autoComplete: 'off', width: 'one-half' },
  dateOfBirth: { kind: 'date' },
  email: { kind: 'email', autoComplete: 'off' },
  isCsgForAnotherOrganisation: { kind: 'yesNo' },
  organisationName: { kind: 'text', autoComplete: 'organization' },
  organisationEmail: { kind: 'email', autoComplete: 'off' },
  whoWillPay: { kind: 'choice', options: WHO_PAYS },
  type: { kind: 'choice', options: ORGANISATION_PAYMENT_CHOICES },
  subAccountCode: { kind: 'costCentre', showWhen: { field: 'type', value: 'INVOICE' } },
  line1: { kind: 'text', autoComplete: 'address-line1' },
  line2: { kind: 'text', autoComplete: 'address-line2' },
  town: { kind: 'text', autoComplete: 'address-level2', width: 'two-thirds' },
  county: { kind: 'text', width: 'two-thirds' },
  postcode: { kind: 'text', autoComplete: 'postal-code', width: '10' },
  country: { kind: 'text', autoComplete: 'country-name', width: 'two-thirds' },
  // Applicant journeys (document 2 section 2)
  personalInfoAgreed: { kind: 'tick' },
  title: { kind: 'select', options: TITLES, autoComplete: 'honorific-prefix' },
  otherTitle: { kind: 'text', width: '20', showWhen: { field: 'title', value: 'Other' } },
  forename: { kind: 'text', autoComplete: 'given-name', width: 'two-thirds' },
  middleNames: { kind: 'text', autoComplete: 'additional-name', width: 'two-thirds' },
  surname: { kind: 'text', autoComplete: 'family-name', width: 'two-thirds' },
  hasPreviousNames: { kind: 'yesNo' },
  mothersMaidenName: { kind: 'text', width: 'two-thirds' },
  gender: { kind: 'choice', options: Object.keys(GENDERS) },
  placeOfBirth: { kind: 'text', width: 'two-thirds' },
  countryOfBirth: { kind: 'text', autoComplete: 'country-name', width: 'two-thirds' },
  nationality: { kind: 'text', width: 'two-thirds' },
  residentFrom: { kind: 'monthYear' },
  residentTo: { kind: 'hidden' },
  telephone: { kind: 'tel', autoComplete: 'tel', width: '20' },
  alternateTelephone: { kind: 'tel', width: '20' },
  pvgNumber: { kind: 'text', width: '20', autoComplete: 'off' },
  hasNINumber: { kind: 'yesNo' },
  niNumber: {
    kind: 'text',
    width: '10',
    autoComplete: 'off',
    showWhen: { field: 'hasNINumber', value: 'yes' },
  },
  hasPassport: { kind: 'yesNo' },
  hasDrivingLicence: { kind: 'yesNo' },
  countryOfIssue: { kind: 'text', autoComplete: 'country-name', width: 'two-thirds' },
  passportNumber: { kind: 'text', width: '20', autoComplete: 'off' },
  regionOfIssue: {
    kind: 'choice',
    options: UK_LICENCE_REGIONS,
    showWhen: { field: 'countryOfIssue', test: ukCountry },
  },
  licenceNumber: { kind: 'text', width: '20', autoComplete: 'off' },
  isRegulatoryBodyMember: { kind: 'yesNo' },
};

/** The answers a form schema holds, in schema order (a piped schema is read through to its input object). */
export function schemaFields(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape as Record<string, unknown>);
    if (current instanceof z.ZodPipe) current = current.in;
    else return [];
  }
  return [];
}

/** A page asks one question when it has one answer that is a choice: its legend is then the h1. */
export function isSingleQuestion(fields: readonly string[]): boolean {
  const visible = fields.filter((name) => !FIELDS[name]?.showWhen && FIELDS[name]?.kind !== 'hidden');
  const kind = FIELDS[visible[0] ?? '']?.kind;
  return (
    visible.length === 1 && (kind === 'tick' || kind === 'yesNo' || kind === 'choice' || kind === 'multi')
  );
}

/** Stored answers (booleans, numbers) as form values (radio and box strings). */
export function toFormValues(fields: readonly string[], stored: unknown): FieldValues {
  const source = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const values: FieldValues = {};
  for (const name of fields) {
    const value = source[name];
    const kind = FIELDS[name]?.kind ?? 'text';
    if (kind === 'tick') values[name] = value === true;
    else if (kind === 'yesNo') values[name] = toYesNo(typeof value === 'boolean' ? value : undefined) ?? '';
    else if (kind === 'multi') values[name] = Array.isArray(value) ? value : [];
    else if (kind === 'hidden') continue;
    else if (kind === 'monthYear') {
      const date = (value ?? {}) as Record<string, unknown>;
      values[name] = {
        month: date.month === undefined ? '' : String(date.month),
        year: date.year === undefined ? '' : String(date.year),
      };
    } else if (kind === 'date') {
      const date = (value ?? {}) as Record<string, unknown>;
      values[name] = {
        day: date.day === undefined ? '' : String(date.day),
        month: date.month === undefined ? '' : String(date.month),
        year: date.year === undefined ? '' : String(date.year),
      };
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
  name: string;
  /** Applicant pages speak to the applicant: `fields.applicant.<name>` overrides `fields.<name>`. */
  side?: JourneySide;
  register: UseFormRegister<FieldValues>;
  error: string | undefined;
  errorParts?: ('day' | 'month' | 'year')[] | undefined;
  /** The page's only question: its legend is the h1. */
  heading?: string | undefined;
  costCentres?: string[];
}

export function JourneyField({
  name,
  side = 'organisation',
  register,
  error,
  errorParts,
  heading,
  costCentres = [],
}: FieldProps) {
  const { t } = useTranslation();
  const ui = FIELDS[name] ?? { kind: 'text' };
  const text = (part: string, fallback?: string) => {
    const own = t(`fields.${name}.${part}`, { defaultValue: fallback ?? '' });
    return side === 'applicant' ? t(`fields.applicant.${name}.${part}`, { defaultValue: own }) : own;
  };
  const autoComplete =
    (side === 'applicant' ? APPLICANT_OWN_AUTOCOMPLETE[name] : undefined) ?? ui.autoComplete;
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
  const optionItems = () => (ui.options ?? []).map((value) => ({ value, label: option(value) }));
  switch (ui.kind) {
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
      return (
        <DateInput
          id={name}
          legend={label}
          hint={hint}
          error={error}
          errorParts={errorParts}
          // WCAG 1.3.5: the applicant's own date of birth, not one an organisation enters for someone else.
          autoCompletePrefix={side === 'applicant' && name === 'dateOfBirth' ? 'bday' : undefined}
          register={{
            day: register(`${name}.day`),
            month: register(`${name}.month`),
            year: register(`${name}.year`),
          }}
        />
      );
    case 'monthYear':
      return (
        <DateInput
          id={name}
          legend={label}
          hint={hint}
          error={error}
          errorParts={errorParts}
          parts={['month', 'year']}
          register={{ month: register(`${name}.month`), year: register(`${name}.year`) }}
        />
      );
    case 'select':
      return (
        <Select
          id={name}
          label={label}
          hint={hint}
          error={error}
          register={register(name)}
          items={[
            { value: '', text: text('placeholder', t('fields.choose')) },
            ...(ui.options ?? []).map((value) => ({ value, text: option(value) })),
          ]}
        />
      );
    case 'hidden':
      return null;
    case 'costCentre':
      return (
        <Select
          id={name}
          label={label}
          hint={hint}
          error={error}
          register={register(name)}
          items={[
            { value: '', text: t('fields.subAccountCode.none') },
            ...costCentres.map((code) => ({ value: code, text: code })),
          ]}
        />
      );
    default:
      return (
        <Input
          id={name}
          label={label}
          hint={hint}
          error={error}
          register={register(name)}
          type={ui.kind === 'email' ? 'email' : ui.kind === 'tel' ? 'tel' : 'text'}
          spellCheck={false}
          {...(autoComplete ? { autoComplete } : {})}
          {...(ui.width ? { width: ui.width } : {})}
        />
      );
  }
}
