export * from './types';
export * from './answers';
export * from './engine';
export { defineJourney, REVIEW_STEP_ID } from './build';
export type { DynamicSteps, JourneyDefinition, StepDefinition, StepLinks } from './build';
export { buildOrganisationJourney, getOrganisationJourney, organisationJourneys } from './organisation';
export type { OrganisationJourney } from './organisation';
