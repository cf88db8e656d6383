import { z } from 'zod';
import { objectOf, listOf } from './structure';
import {
  APPLICANT_STARTABLE_TYPES,
  ORGANISATION_PAYMENT_CHOICES,
  ORGANISATION_STARTABLE_TYPES,
  SHARE_PURPOSES,
  WHO_PAYS,
  WORKFORCES,
} from '../codes';
import { MAX_SHORT_TEXT_LENGTH } from '../limits';
import { emailField } from './email';
import { isRevealed, SUB_ACCOUNT_CODE_REVEAL } from './conditional';
import { normaliseText } from './normalise';
import { optionalText, organisationNameField } from './text';

// Radios arrive as 'yes'/'no' from forms and as booleans from API payloads and stored drafts; both parse to a
// boolean so that parsing a parsed value again gives the same result.
// A Map, not an object literal: a payload answering "constructor" must not find Object.prototype's members.
const YES_NO_VALUES: ReadonlyMap<string, boolean> = new Map([
  ['yes', true],
  ['no', false],
  ['true', true],
  ['false', false],
]);

function toYesNoBoolean(value: unknown): unknown {
  const text = normaliseText(value);
  return typeof text === 'string' ? (YES_NO_VALUES.get(text.toLowerCase()) ?? text) : text;
}

/** A yes/no question that must be answered; the issue (any missing or unknown answer) is `key`. */
export function yesNoSchema(key: string) {
  return z.preprocess(toYesNoBoolean, z.boolean({ error: key }));
}

export { toYesNo } from './conditional';

const TICKED_VALUES = new Set(['true', 'on', 'yes']);

function toTicked(value: unknown): unknown {
  if (value === true) return true;
  const text = normaliseText(value);
  return typeof text === 'string' && TICKED_VALUES.has(text.toLowerCase()) ? true : false;
}

/** A checkbox that must be ticked: parses to `true`, anything else gives `key`. */
export function mustTickSchema(key: string) {
  return z.preprocess(toTicked, z.literal(true, { error: key }));
}

/** A form of one checkbox, `name`, that must be ticked (an agreement, a declaration); the issue is `<page>.<name>.required`. */
function mustTickForm<N extends string>(page: string, name: N) {
  const ticked = mustTickSchema(`${page}.${name}.required`);
  return objectOf({ [name]: ticked } as Record<N, typeof ticked>);
}

/** A form of one yes/no question, `name`; the issue is `<page>.<name>.required`. */
function yesNoForm<N extends string>(page: string, name: N) {
  const answer = yesNoSchema(`${page}.${name}.required`);
  return objectOf({ [name]: answer } as Record<N, typeof answer>);
}

/** One radio choice among `values`; the issue (no choice, or another value) is `key`. */
function choiceSchema<const V extends readonly [string, ...string[]]>(values: V, key: string) {
  return z.preprocess(normaliseText, z.enum(values, { error: key }));
}

/** A form of one radio choice, `name`, among `values`; the issue is `<page>.<name>.required`. */
function choiceForm<N extends string, const V extends readonly [string, ...string[]]>(
  page: string,
  name: N,
  values: V,
) {
  const choice = choiceSchema(values, `${page}.${name}.required`);
  return objectOf({ [name]: choice } as Record<N, typeof choice>);
}

/** The choice of application type among those a side may start. */
function applicationTypeForm<const V extends readonly [string, ...string[]]>(types: V) {
  return objectOf({ applicationType: choiceSchema(types, 'applicationType.required') });
}

function toList(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return [value];
  // An unticked group comes back from the form as false, null or nothing.
  return value === undefined || value === null || value === false ? [] : value;
}

/** Workforces (children, protected adults): at least one; duplicates collapse. */
export function workforcesSchema(prefix: string) {
  return z.preprocess(
    toList,
    listOf(z.enum(WORKFORCES, { error: `${prefix}.invalid` }), `${prefix}.required`)
      .min(1, `${prefix}.required`)
      .transform((list) => WORKFORCES.filter((workforce) => list.includes(workforce))),
  );
}

// Organisation journeys (document 1 section 5).
export const confirmRoleFormSchema = mustTickForm('confirmRole', 'confirmRoleQualifies');
export const verifyApplicantFormSchema = mustTickForm('verifyApplicant', 'verified');
/** The once-a-day countersignatory declaration at /declaration. */
export const countersignatoryDeclarationFormSchema = mustTickForm('countersignatoryDeclaration', 'agreed');
/** The declaration step of an organisation journey, before payment. */
export const applicationDeclarationFormSchema = mustTickForm('applicationDeclaration', 'agreed');
/** barred-list-check, and the workforce step of the confirmation journeys. */
export const workforceFormSchema = objectOf({ workforces: workforcesSchema('workforces') });
/** organisation-details of the PVG journeys: volunteering for a qualifying voluntary organisation. */
export const organisationDetailsFormSchema = yesNoForm(
  'organisationDetails',
  'volunteerForQualifyingOrganisation',
);
export const applyingOnBehalfFormSchema = yesNoForm('applyingOnBehalf', 'isCsgForAnotherOrganisation');
export const applyingOnBehalfOrganisationFormSchema = objectOf({
  organisationName: organisationNameField('applyingOnBehalf.organisationName'),
  organisationEmail: emailField('applyingOnBehalf.organisationEmail'),
});
export const whoWillPayFormSchema = choiceForm('whoWillPay', 'whoWillPay', WHO_PAYS);

/** The two payment methods an organisation can choose: card (paid by the countersignatory) or invoice. */
export { ORGANISATION_PAYMENT_CHOICES };
/** Sub-account (cost centre) codes: letters and digits; the spec gives no format, so the short-text cap applies. */
export const SUB_ACCOUNT_CODE_PATTERN = /^[A-Za-z0-9]+$/;

export const subAccountCodeSchema = optionalText('paymentMethod.subAccountCode', {
  max: MAX_SHORT_TEXT_LENGTH,
  pattern: SUB_ACCOUNT_CODE_PATTERN,
});

export const paymentMethodFormSchema = objectOf({
  type: choiceSchema(ORGANISATION_PAYMENT_CHOICES, 'paymentMethod.type.required'),
  subAccountCode: subAccountCodeSchema,
})
  // A sub-account code only means something for an invoice.
  .transform(({ type, subAccountCode }) =>
    isRevealed(SUB_ACCOUNT_CODE_REVEAL, { type }) ? { type, subAccountCode } : { type },
  );

export const organisationApplicationTypeFormSchema = applicationTypeForm(ORGANISATION_STARTABLE_TYPES);
export const applicantApplicationTypeFormSchema = applicationTypeForm(APPLICANT_STARTABLE_TYPES);
/** /view-result-confirmation: view the result now, or go back to the dashboard. */
export const viewResultConfirmationFormSchema = yesNoForm('viewResultConfirmation', 'viewResult');

// Applicant side (document 2 section 5).
export const personalInformationFormSchema = mustTickForm('personalInformation', 'personalInfoAgreed');
export const applicantDeclarationFormSchema = mustTickForm('applicantDeclaration', 'agreed');
/** /share-confirmation: the applicant confirms the purpose of sharing. */
export const shareConfirmationFormSchema = mustTickForm('shareConfirmation', 'confirmed');
/** /share/consent of the confirmation (PVG) types. */
export const pvgConfirmShareFormSchema = mustTickForm('pvgConfirmShare', 'confirmShare');
/** Scheme-record results: share the result or request a review. */
export const shareOrReviewFormSchema = choiceForm('shareOrReview', 'purpose', SHARE_PURPOSES);
/** Share digitally (yes) or on paper (no). */
export const digitalShareFormSchema = yesNoForm('digitalShare', 'shareDigitally');
/** Higher-level results with appealable convictions: does the applicant intend to appeal. */
export const intendToAppealFormSchema = yesNoForm('appeal', 'intendsToAppeal');
