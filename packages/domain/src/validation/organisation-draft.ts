import { z } from 'zod';
import { objectOf, memoiseSchemaFactory } from './structure';
import { APPLICATION_TYPE_CODES, PAYMENT_METHODS, WHO_PAYS } from '../codes';
import {
  MAX_FORENAME_LENGTH,
  MAX_LONG_TEXT_LENGTH,
  MAX_MIDDLE_NAMES_LENGTH,
  MAX_SHORT_TEXT_LENGTH,
  MAX_SURNAME_LENGTH,
} from '../limits';
import { addressSchema } from './address';
import { subAccountCodeSchema, workforcesSchema, yesNoSchema } from './choices';
import { parseInto } from './conditional';
import type { ClockOptions } from './date-of-birth';
import { dateOfBirthKindFor, dateOfBirthSchema } from './date-of-birth';
import { parseIsoDate } from './dates';
import { emailField } from './email';
import { CSG_CODE_PATTERN } from './filters';
import { optionalPersonNameField, personNameField } from './names';
import { normaliseText } from './normalise';
import { FREE_TEXT_PATTERN, NAME_PATTERN, optionalText, organisationNameField, positionField } from './text';

/** A value of an API payload that has no form of its own: any problem is `payload.invalid`. */
export const applicationTypeCodeSchema = z.preprocess(
  normaliseText,
  z.enum(APPLICATION_TYPE_CODES, { error: 'payload.invalid' }),
);
export const paymentMethodSchema = z.preprocess(
  normaliseText,
  z.enum(PAYMENT_METHODS, { error: 'payload.invalid' }),
);
export const isoDateSchema = z.preprocess(
  normaliseText,
  z
    .string({ error: 'payload.invalid' })
    .refine((value) => parseIsoDate(value) !== undefined, 'payload.invalid'),
);
const flag = z.boolean({ error: 'payload.invalid' });

/** roleDetails of a draft: each part validated when present (position and volunteering are saved by different steps). */
export const roleDetailsPayloadSchema = objectOf({
  organisationName: organisationNameField('roleDetails.organisationName').optional(),
  position: positionField('roleDetails.position').optional(),
  volunteerForQualifyingOrganisation: yesNoSchema(
    'organisationDetails.volunteerForQualifyingOrganisation.required',
  ).optional(),
});

/** csgAnotherOrganisation: the organisation's name and email only when applying on its behalf. */
export const csgAnotherOrganisationSchema = objectOf({
  isCsgForAnotherOrganisation: yesNoSchema('applyingOnBehalf.isCsgForAnotherOrganisation.required'),
  organisationName: z.unknown().optional(),
  organisationEmail: z.unknown().optional(),
}).transform(({ isCsgForAnotherOrganisation, organisationName, organisationEmail }, ctx) => {
  if (!isCsgForAnotherOrganisation) return { isCsgForAnotherOrganisation: false as const };
  const name = parseInto(organisationNameField('applyingOnBehalf.organisationName'), organisationName, ctx, [
    'organisationName',
  ]);
  const email = parseInto(emailField('applyingOnBehalf.organisationEmail'), organisationEmail, ctx, [
    'organisationEmail',
  ]);
  return name.ok && email.ok
    ? {
        isCsgForAnotherOrganisation: true as const,
        organisationName: name.value,
        organisationEmail: email.value,
      }
    : z.NEVER;
});

/**
 * The organisation save payload (document 1 section 7), PUT /api/draftApplications/{token}/countersignatory.
 * Like a PATCH: every field may be left out and each one present is validated. The applicant must be 12, or 16
 * when the payload's applicationTypeCode is a scheme type; the server re-runs this schema on the merged draft
 * so a type saved earlier is taken into account.
 */
function buildOrganisationDraftSaveSchema(options: ClockOptions = {}) {
  return objectOf({
    applicationTypeCode: applicationTypeCodeSchema.optional(),
    csgCode: optionalText('payload', { max: MAX_SHORT_TEXT_LENGTH, pattern: CSG_CODE_PATTERN }),
    applicantCurrentAddress: addressSchema('address').optional(),
    applicantEmail: emailField('applicantDetails.email').optional(),
    applicantName: objectOf({
      forename: personNameField('applicantDetails.firstName', MAX_FORENAME_LENGTH),
      middleNames: optionalPersonNameField('applicantDetails.middleName', MAX_MIDDLE_NAMES_LENGTH),
      surname: personNameField('applicantDetails.lastName', MAX_SURNAME_LENGTH),
    }).optional(),
    applicantDateOfBirth: dateOfBirthSchema('standard', 'applicantDetails.dateOfBirth', options).optional(),
    declaration: flag.optional(),
    declarationDate: isoDateSchema.optional(),
    confirmationOfIdentity: flag.optional(),
    csgAnotherOrganisation: csgAnotherOrganisationSchema.optional(),
    email: emailField('countersignatory.email').optional(),
    name: optionalText('countersignatory.name', { max: MAX_LONG_TEXT_LENGTH, pattern: NAME_PATTERN }),
    registeredBody: objectOf({
      registeredBodyName: optionalText('payload', {
        max: MAX_LONG_TEXT_LENGTH,
        pattern: FREE_TEXT_PATTERN,
      }),
      registeredBodyOrSubAccountCode: optionalText('payload', {
        max: MAX_SHORT_TEXT_LENGTH,
        pattern: CSG_CODE_PATTERN,
      }),
    }).optional(),
    roleDetails: roleDetailsPayloadSchema.optional(),
    workforces: workforcesSchema('roleDetails.workforces').optional(),
    onlinePaymentType: paymentMethodSchema.optional(),
    invoiceSubAccountCode: subAccountCodeSchema,
  }).superRefine((draft, ctx) => {
    if (
      draft.applicationTypeCode &&
      draft.applicantDateOfBirth &&
      dateOfBirthKindFor(draft.applicationTypeCode) === 'scheme'
    ) {
      parseInto(
        dateOfBirthSchema('scheme', 'applicantDetails.dateOfBirth', options),
        draft.applicantDateOfBirth,
        ctx,
        ['applicantDateOfBirth'],
      );
    }
  });
}
export const createOrganisationDraftSaveSchema = memoiseSchemaFactory(buildOrganisationDraftSaveSchema);

export const organisationDraftSaveSchema = createOrganisationDraftSaveSchema();
export type OrganisationDraftSave = z.output<typeof organisationDraftSaveSchema>;

/**
 * The spec's save payload has no field for two answers the journey walk needs (confirm-role and
 * who-will-pay), so the API also accepts `confirmRoleQualifies` and `whoWillPay` beside it.
 */
export const organisationJourneyExtrasSchema = objectOf({
  confirmRoleQualifies: z.boolean({ error: 'payload.invalid' }).optional(),
  whoWillPay: z.enum(WHO_PAYS, { error: 'whoWillPay.whoWillPay.required' }).optional(),
});

/**
 * The body of the countersignatory's save as a whole: the payload's fields and the journey's two extras. The server
 * reads a body strictly against it, then checks the answers against the schema of its own clock.
 */
export const organisationDraftSavePayloadSchema = z.intersection(
  organisationDraftSaveSchema,
  organisationJourneyExtrasSchema,
);
