// The drafts module as other modules use it (spec 01 and 02 section 7): the organisation's and the applicant's
// drafts, the caller's countersignatory, and who pays by card on each side. The routes use the two sides
// (`sides.ts`) and the link; every other module comes through here.
export { draftOf, insertNewDraft, validationFailed } from './core';
export {
  countersignatoryOf,
  organisationPaymentTarget,
  registeredBodyOf,
  type Countersignatory,
  type OrganisationUser,
  type StoredDraft,
} from './organisation';
export { declaredPayment } from './organisation-submit';
export {
  APPLICANT_JOURNEY_ROLES,
  applicantPaymentTarget,
  latestApplicantAddress,
  ownedByApplicant,
} from './applicant';
export {
  applicantPartSchema,
  organisationDraftSchema,
  readStored,
  storedOrganisationDraftSchema,
  type ApplicantPart,
} from './stored';
