import type { JourneyStep, StepView } from '@dis/domain';
import type { ComponentType } from 'react';
import { AddressStep } from './address-step';
import { DeclarationStep, PaymentErrorStep, PaymentReturnStep, PaymentStep } from './after-review';
import { LandingStep } from './landing-step';
import { FormStep } from './form-step';
import { AddressHistoryCheckStep, InterstitialStep } from './interstitial-steps';
import { PreviousNamesStep, RegulatoryBodiesStep } from './list-steps';
import { ReviewStep } from './review-step';
import type { StepPageProps } from './shared';

export type StepViewProps = StepPageProps & { step: JourneyStep<object> };

/**
 * One component per way a step is shown (the domain's `StepView`): a step says how it is shown, and the page
 * looks its component up here, never by the step's id or path. A new view fails to compile until it has one.
 */
export const STEP_VIEWS: { readonly [V in StepView]: ComponentType<StepViewProps> } = {
  question: FormStep,
  address: AddressStep,
  'previous-names-list': PreviousNamesStep,
  'regulatory-bodies-list': RegulatoryBodiesStep,
  'history-check': AddressHistoryCheckStep,
  landing: ({ journey, draft }) => <LandingStep journey={journey} draft={draft} />,
  interstitial: InterstitialStep,
  review: ReviewStep,
};

/** The pages after check your answers, by their path under the journey (`afterReviewPaths`). */
export const AFTER_REVIEW_PAGES: Readonly<Record<string, ComponentType<StepPageProps>>> = {
  declaration: DeclarationStep,
  payment: PaymentStep,
  'payment/redirect': PaymentReturnStep,
  'payment/error': PaymentErrorStep,
};
