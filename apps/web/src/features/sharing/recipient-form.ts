import { addressSchema, recipientContactFormSchema, recipientDetailsFormSchema } from '@dis/domain';
import type { z } from 'zod';

// The recipient-details page's forms (spec 02 section 5), shared by the page and its action. Without JavaScript
// nothing is kept between the page's views: each form carries the answers given so far as hidden fields and the
// server answers each post with the next view (decision 0044); only the share itself is saved.

export const detailsSchema = recipientDetailsFormSchema.omit({ recipientAddress: true });
export const contactSchema = recipientContactFormSchema;
export const manualSchema = addressSchema('recipient.recipientAddress');
export type Details = z.output<typeof detailsSchema>;
/** What a Basic result's simpler form gives: the recipient's email and phone and the applicant's email. */
export type ContactDetails = z.output<typeof contactSchema>;
export type ManualAddressValue = z.output<typeof manualSchema>;

export const DETAIL_FIELDS = [
  'recipientName',
  'recipientPositionAppliedFor',
  'recipientEmail',
  'recipientPhoneNumber',
  'applicantEmail',
] as const;
/** A basic result's simpler form: the recipient's email and phone (the code goes there) and the applicant's email. */
export const BASIC_FIELDS = ['recipientEmail', 'recipientPhoneNumber', 'applicantEmail'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

/** The details form's fields: a Basic result's simpler form, or the whole form. */
export function detailFields(basic: boolean): readonly DetailField[] {
  return basic ? BASIC_FIELDS : DETAIL_FIELDS;
}
export const MANUAL_FIELDS = ['line1', 'line2', 'town', 'county', 'postcode', 'country'] as const;
export type ManualField = (typeof MANUAL_FIELDS)[number];

/** The page's views; the first has no name in the address. */
export type RecipientView = 'details' | 'address' | 'manual' | 'check';
export const RECIPIENT_VIEWS: readonly RecipientView[] = ['details', 'address', 'manual', 'check'];
/** The hidden field that says which view a form was posted from. */
export const VIEW_FIELD = '_view';

/** The name of a carried address line (`recipientAddress.line1`): apart from the manual form's own fields. */
export const carriedAddressField = (name: ManualField) => `recipientAddress.${name}`;

type Values = Record<string, string | string[] | undefined>;
const textOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The details a form carried (or the details form's own fields). */
export function carriedDetails(values: Values, fields: readonly DetailField[]): Partial<Details> {
  return Object.fromEntries(fields.map((name) => [name, textOf(values[name]) ?? ''])) as Partial<Details>;
}

/** The address a form carried, if it carried one. */
export function carriedAddress(values: Values): Partial<ManualAddressValue> | undefined {
  const address = Object.fromEntries(
    MANUAL_FIELDS.map((name) => [name, textOf(values[carriedAddressField(name)])]),
  ) as Partial<Record<ManualField, string>>;
  return address.line1 === undefined ? undefined : address;
}

/** The hidden fields that carry the details and the address to the next view. */
export function carriedValues(
  details: Partial<Details> | undefined,
  address: Partial<ManualAddressValue> | undefined,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of DETAIL_FIELDS) {
    const value = details?.[name];
    if (value !== undefined && value !== '') values[name] = String(value);
  }
  for (const name of MANUAL_FIELDS) {
    const value = address?.[name];
    if (value !== undefined && value !== '') values[carriedAddressField(name)] = String(value);
  }
  return values;
}
