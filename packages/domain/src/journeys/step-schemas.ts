import {
  applyingOnBehalfFormSchema,
  applyingOnBehalfOrganisationFormSchema,
  confirmRoleFormSchema,
  organisationDetailsFormSchema,
  paymentMethodFormSchema,
  verifyApplicantFormSchema,
  whoWillPayFormSchema,
  workforceFormSchema,
} from '../validation/choices';
import {
  addressPostcodeSearchSchema,
  addressSelectionFormSchema,
  manualAddressFormSchema,
} from '../validation/address';
import {
  addressHistorySchema,
  residenceAddressFormSchema,
  residentFromFormSchema,
} from '../validation/address-history';
import { applicantDetailsFormSchema } from '../validation/applicant-details';
import {
  applicantDeclarationFormSchema,
  applicationDeclarationFormSchema,
  personalInformationFormSchema,
} from '../validation/choices';
import { feedbackFormSchema } from '../validation/feedback';
import { contactDetailsFormSchema } from '../validation/contact';
import { dateOfBirthFormSchema } from '../validation/date-of-birth';
import { drivingLicenceCheckFormSchema, drivingLicenceFormSchema } from '../validation/driving-licence';
import { currentNameFormSchema, mothersMaidenNameFormSchema } from '../validation/names';
import { nationalInsuranceFormSchema } from '../validation/national-insurance';
import { passportCheckFormSchema, passportFormSchema } from '../validation/passport';
import {
  genderFormSchema,
  nationalityFormSchema,
  placeOfBirthFormSchema,
} from '../validation/personal-details';
import { previousNameCheckFormSchema, previousNamesFormSchema } from '../validation/previous-names';
import { regulatoryBodiesFormSchema, regulatoryBodyCheckFormSchema } from '../validation/regulatory-bodies';
import { pvgNumberFormSchema } from '../validation/scheme-number';
import type { DateOfBirthKind } from '../validation/age-rules';
import { pvgRoleDetailsFormSchema, roleDetailsFormSchema } from '../validation/role-details';
import { installStepSchemas } from './schema-table';
import { z } from 'zod';
import type { JourneyContext } from './types';

// The list page posts only the list; the yes it depends on is already stored.
const previousNamesListSchema = z.preprocess(
  (value) => (typeof value === 'object' && value !== null ? { ...value, hasPreviousNames: true } : value),
  previousNamesFormSchema,
);

// The table of the schemas journey steps (and the journeys' other forms) name (`stepSchema('confirmRole')`, decision 0077): the one module of the
// journeys that brings zod and the form rules. The server has it from the start (the domain's index loads it); a
// page in the browser fetches it when a form is first checked (`@dis/domain/step-schemas`).

export const STEP_SCHEMAS = {
  confirmRole: () => confirmRoleFormSchema,
  workforce: () => workforceFormSchema,
  roleDetails: () => roleDetailsFormSchema,
  pvgRoleDetails: () => pvgRoleDetailsFormSchema,
  organisationDetails: () => organisationDetailsFormSchema,
  verifyApplicant: () => verifyApplicantFormSchema,
  applicantDetails: (ctx: JourneyContext, kind: DateOfBirthKind) =>
    applicantDetailsFormSchema(kind, { now: ctx.now }),
  applyingOnBehalf: () => applyingOnBehalfFormSchema,
  applyingOnBehalfOrganisation: () => applyingOnBehalfOrganisationFormSchema,
  whoWillPay: () => whoWillPayFormSchema,
  paymentMethod: () => paymentMethodFormSchema,
  manualAddress: () => manualAddressFormSchema,
  // The applicant's pages.
  personalInformation: () => personalInformationFormSchema,
  currentName: () => currentNameFormSchema,
  previousNameCheck: () => previousNameCheckFormSchema,
  previousNamesList: () => previousNamesListSchema,
  mothersMaidenName: () => mothersMaidenNameFormSchema,
  dateOfBirth: (ctx: JourneyContext, kind: DateOfBirthKind) => dateOfBirthFormSchema(kind, { now: ctx.now }),
  gender: () => genderFormSchema,
  placeOfBirth: () => placeOfBirthFormSchema,
  nationality: () => nationalityFormSchema,
  contactDetails: () => contactDetailsFormSchema,
  residenceAddress: (ctx: JourneyContext) => residenceAddressFormSchema({ now: ctx.now }),
  nationalInsurance: () => nationalInsuranceFormSchema,
  passportCheck: () => passportCheckFormSchema,
  passport: () => passportFormSchema,
  drivingLicenceCheck: () => drivingLicenceCheckFormSchema,
  drivingLicence: () => drivingLicenceFormSchema,
  pvgNumber: () => pvgNumberFormSchema,
  regulatoryBodyCheck: () => regulatoryBodyCheckFormSchema,
  regulatoryBodies: () => regulatoryBodiesFormSchema,
  /** The pages after the review: each side's declaration, and the confirmation's feedback. */
  applicationDeclaration: () => applicationDeclarationFormSchema,
  applicantDeclaration: () => applicantDeclarationFormSchema,
  feedback: () => feedbackFormSchema,
  /** The address step's postcode search and its choice of address (with the date moved in, where asked). */
  postcodeSearch: () => addressPostcodeSearchSchema,
  addressSelection: () => addressSelectionFormSchema,
  addressSelectionFrom: (ctx: JourneyContext) =>
    addressSelectionFormSchema.and(residentFromFormSchema({ now: ctx.now })),
  /** The whole address history (the applicant's pages check a step's place in it). */
  addressHistory: (ctx: JourneyContext) => addressHistorySchema({ now: ctx.now }),
};

export type StepSchemaTable = typeof STEP_SCHEMAS;

installStepSchemas(STEP_SCHEMAS);
