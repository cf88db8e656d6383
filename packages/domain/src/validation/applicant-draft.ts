import { z } from 'zod';
import { objectOf, listOf, memoiseSchemaFactory } from './structure';
import { MAX_MOTHERS_MAIDEN_NAME_LENGTH } from '../limits';
import { alwaysRefine, addressShape, checkAddressPostcode } from './address';
import {
  checkAddressHistory,
  deriveResidentTo,
  residenceAddressSchema,
  residentFromSchema,
} from './address-history';
import { mustTickSchema, workforcesSchema, yesNoSchema } from './choices';
import { contactDetailsFormSchema } from './contact';
import { parseInto } from './conditional';
import type { ClockOptions } from './date-of-birth';
import { dateOfBirthKindFor, dateOfBirthSchema } from './date-of-birth';
import { drivingLicenceSchema } from './driving-licence';
import { currentNameFormSchema, personNameField } from './names';
import { nationalInsuranceFormSchema } from './national-insurance';
import {
  applicationTypeCodeSchema,
  paymentMethodSchema,
  roleDetailsPayloadSchema,
} from './organisation-draft';
import { passportSchema } from './passport';
import { countryField, genderSchema, placeOfBirthSchema } from './personal-details';
import { previousNamesSchema } from './previous-names';
import { regulatoryBodiesSchema } from './regulatory-bodies';
import { schemeMembershipNumberField } from './scheme-number';
import { organisationNameField } from './text';

/**
 * The applicant's current address in a draft: membership journeys ask only for the address, the others also
 * for when the applicant moved in.
 */
function currentAddressSchema(options: ClockOptions) {
  return objectOf({
    ...addressShape('address'),
    residentFrom: residentFromSchema('residentFrom', options).optional(),
  }).superRefine((address, ctx) => checkAddressPostcode('address', address, ctx), alwaysRefine);
}

/**
 * The applicant save payload (document 2 section 7), PUT /api/draftApplications/{token}/applicant. Like a
 * PATCH: every field may be left out and each one present is validated. The addresses must be in order without
 * overlaps, and each previous address's residentTo is derived from the address after it. The applicant must be
 * 12, or 16 when schemeInfo.applicationType is a scheme type.
 */
function buildApplicantDraftSaveSchema(options: ClockOptions = {}) {
  return objectOf({
    schemeInfo: objectOf({
      wasMemberPreviously: yesNoSchema('payload.invalid').optional(),
      existingPVGIdNumber: schemeMembershipNumberField('pvgNumber'),
      workforces: workforcesSchema('workforces').optional(),
      applicationType: applicationTypeCodeSchema.optional(),
    }).optional(),
    hasPreviousNames: yesNoSchema('previousNames.hasPreviousNames.required').optional(),
    previousNames: previousNamesSchema.optional(),
    dateOfBirth: dateOfBirthSchema('standard', 'dateOfBirth', options).optional(),
    currentName: currentNameFormSchema.optional(),
    nationalInsuranceNumber: nationalInsuranceFormSchema.optional(),
    passport: passportSchema.optional(),
    drivingLicence: drivingLicenceSchema.optional(),
    currentAddress: currentAddressSchema(options).optional(),
    previousAddresses: listOf(residenceAddressSchema('address', options)).optional(),
    regulatoryBodies: regulatoryBodiesSchema.optional(),
    contactDetails: contactDetailsFormSchema.optional(),
    mothersMaidenName: personNameField('mothersMaidenName', MAX_MOTHERS_MAIDEN_NAME_LENGTH).optional(),
    gender: genderSchema.optional(),
    placeOfBirth: placeOfBirthSchema.optional(),
    countryOfBirth: countryField('countryOfBirth').optional(),
    nationality: countryField('nationality').optional(),
    pvgNumber: schemeMembershipNumberField('pvgNumber'),
    paymentType: paymentMethodSchema.optional(),
    personalInfoAgreed: mustTickSchema('personalInformation.personalInfoAgreed.required').optional(),
    declaration: objectOf({ agreed: mustTickSchema('applicantDeclaration.agreed.required') }).optional(),
    confirmationOfIdentity: z.boolean({ error: 'payload.invalid' }).optional(),
    roleDetails: roleDetailsPayloadSchema.optional(),
    otherOrganisationName: organisationNameField('applyingOnBehalf.organisationName').optional(),
  })
    .superRefine((draft, ctx) => {
      const type = draft.schemeInfo?.applicationType;
      if (type && draft.dateOfBirth && dateOfBirthKindFor(type) === 'scheme') {
        parseInto(dateOfBirthSchema('scheme', 'dateOfBirth', options), draft.dateOfBirth, ctx, [
          'dateOfBirth',
        ]);
      }
      const current = draft.currentAddress;
      if (current?.residentFrom && draft.previousAddresses) {
        const history = [{ ...current, residentFrom: current.residentFrom }, ...draft.previousAddresses];
        checkAddressHistory(history, ctx, (index) =>
          index === 0 ? ['currentAddress'] : ['previousAddresses', index - 1],
        );
      }
    })
    .transform((draft) => {
      const current = draft.currentAddress;
      if (!current?.residentFrom || !draft.previousAddresses) return draft;
      const [, ...previousAddresses] = deriveResidentTo([
        { ...current, residentFrom: current.residentFrom },
        ...draft.previousAddresses,
      ]);
      return { ...draft, previousAddresses };
    });
}
export const createApplicantDraftSaveSchema = memoiseSchemaFactory(buildApplicantDraftSaveSchema);

export const applicantDraftSaveSchema = createApplicantDraftSaveSchema();
export type ApplicantDraftSave = z.output<typeof applicantDraftSaveSchema>;
