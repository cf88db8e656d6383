import type { JourneyStep, StepView } from '@dis/domain';
import { lazyView, type LazyView } from '../../lib/lazy-view';
import type { StepPageProps } from './shared';

export type StepViewProps = StepPageProps & { step: JourneyStep<object> };

/**
 * One component per way a step is shown (the domain's `StepView`): a step says how it is shown, and the page
 * looks its component up here, never by the step's id or path. A new view fails to compile until it has one.
 *
 * A step shows one of them, so each is fetched when first drawn (`lazyView`), not with the journey page: the page
 * the server sent fetches the one it shows before it is taken over (app/start.tsx).
 */
export const STEP_VIEWS: { readonly [V in StepView]: LazyView<StepViewProps> } = {
  question: lazyView('question', () => import('./form-step'), 'FormStep'),
  address: lazyView('address', () => import('./address-step'), 'AddressStep'),
  'previous-names-list': lazyView('previous-names-list', () => import('./list-steps'), 'PreviousNamesStep'),
  'regulatory-bodies-list': lazyView(
    'regulatory-bodies-list',
    () => import('./list-steps'),
    'RegulatoryBodiesStep',
  ),
  'history-check': lazyView('history-check', () => import('./interstitial-steps'), 'AddressHistoryCheckStep'),
  landing: lazyView('landing', () => import('./landing-step-view'), 'LandingStepView'),
  interstitial: lazyView('interstitial', () => import('./interstitial-steps'), 'InterstitialStep'),
  review: lazyView('review', () => import('./review-step'), 'ReviewStep'),
};

/** The pages after check your answers, by their path under the journey (`afterReviewPaths`), fetched likewise. */
export const AFTER_REVIEW_PAGES: Readonly<Record<string, LazyView<StepPageProps>>> = {
  declaration: lazyView('declaration', () => import('./after-review'), 'DeclarationStep'),
  payment: lazyView('payment', () => import('./after-review'), 'PaymentStep'),
  'payment/redirect': lazyView('payment/redirect', () => import('./after-review'), 'PaymentReturnStep'),
  'payment/error': lazyView('payment/error', () => import('./after-review'), 'PaymentErrorStep'),
};

/** The view a draft's page at `stepPath` shows (before its draft is read, which may send the person elsewhere). */
export function viewAt(
  journey: StepPageProps['journey'],
  stepPath: string,
): { preload: () => Promise<void> } | undefined {
  if (journey.afterReviewPaths.includes(stepPath)) return AFTER_REVIEW_PAGES[stepPath];
  const step = journey.stepForPath(stepPath);
  return step ? STEP_VIEWS[step.view] : undefined;
}
