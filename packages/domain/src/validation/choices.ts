import { z } from 'zod';
import { objectOf, listOf } from './structure';
import {
  APPLICANT_STARTABLE_TYPES,
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

/** The radio value of a stored boolean answer, for putting a form back on screen. */
export function toYesNo(value: boolean | undefined): 'yes' | 'no' | undefined {
  return value === undefined ? undefined : value ? 'yes' : 'no';
}

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
export const confirmRoleFormSchema = objectOf({
  confirmRoleQualifies: mustTickSchema('confirmRole.confirmRoleQualifies.required'),
});
export const verifyApplicantFormSchema = objectOf({
  verified: mustTickSchema('verifyApplicant.verified.required'),
});
/** The once-a-day countersignatory declaration at /declaration. */
export const countersignatoryDeclarationFormSchema = objectOf({
  agreed: mustTickSchema('countersignatoryDeclaration.agreed.required'),
});
/** The declaration step of an organisation journey, before payment. */
export const applicationDeclarationFormSchema = objectOf({
  agreed: mustTickSchema('applicationDeclaration.agreed.required'),
});
/** barred-list-check, and the workforce step of the confirmation journeys. */
export const workforceFormSchema = objectOf({ workforces: workforcesSchema('workforces') });
/** organisation-details of the PVG journeys: volunteering for a qualifying voluntary organisation. */
export const organisationDetailsFormSchema = objectOf({
  volunteerForQualifyingOrganisation: yesNoSchema(
    'organisationDetails.volunteerForQualifyingOrganisation.required',
  ),
});
export const applyingOnBehalfFormSchema = objectOf({
  isCsgForAnotherOrganisation: yesNoSchema('applyingOnBehalf.isCsgForAnotherOrganisation.required'),
});
export const applyingOnBehalfOrganisationFormSchema = objectOf({
  organisationName: organisationNameField('applyingOnBehalf.organisationName'),
  organisationEmail: emailField('applyingOnBehalf.organisationEmail'),
});
export const whoWillPayFormSchema = objectOf({
  whoWillPay: z.preprocess(normaliseText, z.enum(WHO_PAYS, { error: 'whoWillPay.whoWillPay.required' })),
});

/** The two payment methods an organisation can choose: card (paid by the countersignatory) or invoice. */
export const ORGANISATION_PAYMENT_CHOICES = ['CARD_CSG', 'INVOICE'] as const;
/** Sub-account (cost centre) codes: letters and digits; the spec gives no format, so the short-text cap applies. */
export const SUB_ACCOUNT_CODE_PATTERN = /^[A-Za-z0-9]+$/;

export const subAccountCodeSchema = optionalText('paymentMethod.subAccountCode', {
  max: MAX_SHORT_TEXT_LENGTH,
  pattern: SUB_ACCOUNT_CODE_PATTERN,
});

export const paymentMethodFormSchema = objectOf({
  type: z.preprocess(
    normaliseText,
    z.enum(ORGANISATION_PAYMENT_CHOICES, { error: 'paymentMethod.type.required' }),
  ),
  subAccountCode: subAccountCodeSchema,
})
  // A sub-account code only means something for an invoice.
  .transform(({ type, subAccountCode }) =>
    isRevealed(SUB_ACCOUNT_CODE_REVEAL, { type }) ? { type, subAccountCode } : { type },
  );

export const organisationApplicationTypeFormSchema = objectOf({
  applicationType: z.preprocess(
    normaliseText,
    z.enum(ORGANISATION_STARTABLE_TYPES, { error: 'applicationType.required' }),
  ),
});
export const applicantApplicationTypeFormSchema = objectOf({
  applicationType: z.preprocess(
    normaliseText,
    z.enum(APPLICANT_STARTABLE_TYPES, { error: 'applicationType.required' }),
  ),
});
/** /view-result-confirmation: view the result now, or go back to the dashboard. */
export const viewResultConfirmationFormSchema = objectOf({
  viewResult: yesNoSchema('viewResultConfirmation.viewResult.required'),
});

// Applicant side (document 2 section 5).
export const personalInformationFormSchema = objectOf({
  personalInfoAgreed: mustTickSchema('personalInformation.personalInfoAgreed.required'),
});
export const applicantDeclarationFormSchema = objectOf({
  agreed: mustTickSchema('applicantDeclaration.agreed.required'),
});
/** /share-confirmation: the applicant confirms the purpose of sharing. */
export const shareConfirmationFormSchema = objectOf({
  confirmed: mustTickSchema('shareConfirmation.confirmed.required'),
});
/** /share/consent of the confirmation (PVG) types. */
export const pvgConfirmShareFormSchema = objectOf({
  confirmShare: mustTickSchema('pvgConfirmShare.confirmShare.required'),
});
/** Scheme-record results: share the result or request a review. */
export const shareOrReviewFormSchema = objectOf({
  purpose: z.preprocess(normaliseText, z.enum(SHARE_PURPOSES, { error: 'shareOrReview.purpose.required' })),
});
/** Share digitally (yes) or on paper (no). */
export const digitalShareFormSchema = objectOf({
  shareDigitally: yesNoSchema('digitalShare.shareDigitally.required'),
});
/** Higher-level results with appealable convictions: does the applicant intend to appeal. */
export const intendToAppealFormSchema = objectOf({
  intendsToAppeal: yesNoSchema('appeal.intendsToAppeal.required'),
});
