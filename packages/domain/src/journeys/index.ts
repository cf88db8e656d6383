export * from './types';
export * from './answers';
export * from './engine';
export { defineJourney, defineSteps, REVIEW_STEP_ID } from './build';
export type { DynamicSteps, JourneyDefinition, StepDefinition, StepLinks, StepValues } from './build';
export { buildOrganisationJourney, getOrganisationJourney, organisationJourneys } from './organisation';
export type { OrganisationJourney } from './organisation';
export {
  applicantJourneys,
  buildApplicantJourney,
  DRAFT_CREATING_APPLICANT_JOURNEYS,
  getApplicantJourney,
} from './applicant';
export { isPreviousSchemeMember } from './applicant-memberships';
export type { ApplicantJourney } from './applicant';
export { addressText, applicantDisplayName } from './format';
export { applicantCodec, organisationCodec, APPLICANT_SERVER_OWNED_FIELDS } from './codec';
export type { OrganisationPayloadExtras } from './codec';
export {
  addressHistory,
  addressIndex,
  prefillAnswers,
  startsFromIdentityRecord,
  wholeDraftProblem,
} from './applicant-pages';
export type { IdentityRecordAnswers } from './applicant-pages';
export * from './fields';
