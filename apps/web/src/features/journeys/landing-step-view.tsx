import { LandingStep } from './landing-step';
import type { StepViewProps } from './step-views';

/** A journey's landing step as a step view (`STEP_VIEWS.landing`). */
export function LandingStepView({ journey, draft }: StepViewProps) {
  return <LandingStep journey={journey} draft={draft} />;
}
