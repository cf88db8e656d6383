export * from './types';
export * from './answers';
export * from './engine';
export { defineJourney, defineSteps, REVIEW_STEP_ID } from './build';
export type { DynamicSteps, JourneyDefinition, StepDefinition, StepLinks, StepValues } from './build';
export * from './organisation';
export * from './applicant';
export { isPreviousSchemeMember } from './applicant-memberships';
export { addressText, applicantDisplayName } from './format';
export { applicantCodec, organisationCodec, APPLICANT_SERVER_OWNED_FIELDS } from './codec';
export type { OrganisationPayloadExtras } from './codec';
export * from './applicant-pages';
export * from './fields';
// The step schemas by name: loading the domain installs them (the browser fetches `@dis/domain/step-schemas`).
export { STEP_SCHEMAS } from './step-schemas';
export type { StepSchemaTable } from './step-schemas';
export { installStepSchemas, stepSchema, stepSchemasInstalled } from './schema-table';
