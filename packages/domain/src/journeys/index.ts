export * from './types';
export * from './engine';
export { defineJourney, REVIEW_STEP_ID } from './build';
export type { DynamicSteps, JourneyDefinition, StepDefinition, StepLinks } from './build';
