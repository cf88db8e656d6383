import type { z } from 'zod';
import type { Journey, JourneyContext, JourneyStep, SummaryItem } from './types';

/**
 * A walk never needs more steps than a journey has pages; the largest (an address history of
 * one-month stays over five years) stays far below this. Past it the data is treated as a loop.
 */
export const MAX_WALK_STEPS = 500;

export const BACK_TO_APPLICATIONS = 'Back to applications';
export const BACK_TEXT = 'Back';

export interface JourneyWalk<A> {
  /** Steps from the first to the furthest reachable one, in order. */
  steps: readonly JourneyStep<A>[];
  /** True when the walk reached check-your-answers with every step before it answered and valid. */
  complete: boolean;
  /** True when the walk stopped because a step led back to one already visited. */
  loop: boolean;
}

export function isStepComplete<A>(step: JourneyStep<A>, answers: A, ctx: JourneyContext): boolean {
  // A form's answers are complete by the server's word when it is given; a page without a form by its own rule.
  if (step.kind === 'form' && ctx.completeSteps) return ctx.completeSteps.includes(step.id);
  const schema = step.schema(ctx);
  if (schema) {
    const values = step.read(answers);
    if (values === undefined || !schema.safeParse(values).success) return false;
  }
  return step.complete(answers, ctx);
}

export function walkJourney<A>(journey: Journey<A>, answers: A, ctx: JourneyContext): JourneyWalk<A> {
  const steps: JourneyStep<A>[] = [];
  const seen = new Set<string>();
  let id: string | null = journey.firstStepId;
  while (id !== null) {
    const step = journey.step(id);
    if (!step) break;
    if (seen.has(id) || steps.length >= MAX_WALK_STEPS) return { steps, complete: false, loop: true };
    seen.add(id);
    steps.push(step);
    if (!isStepComplete(step, answers, ctx)) break;
    if (step.id === journey.reviewStepId) return { steps, complete: true, loop: false };
    id = step.next(answers, { ...ctx, edit: false });
  }
  return { steps, complete: false, loop: false };
}

/**
 * The ids of the steps on the draft's walk that are complete: what the server sends with a draft, so the page can
 * walk the journey by it (`JourneyContext.completeSteps`) before the step schemas are loaded.
 */
export function completeStepIds<A>(journey: Journey<A>, answers: A, ctx: JourneyContext): string[] {
  const checked = { now: ctx.now };
  return walkJourney(journey, answers, checked)
    .steps.filter((step) => isStepComplete(step, answers, checked))
    .map((step) => step.id);
}

/** The steps a user may open, in order; the last is the furthest one (first unanswered, or the review). */
export function reachableSteps<A>(
  journey: Journey<A>,
  answers: A,
  ctx: JourneyContext,
): readonly JourneyStep<A>[] {
  return walkJourney(journey, answers, ctx).steps;
}

/** The first step that is unanswered or invalid; undefined when the draft is ready for review. */
export function firstIncompleteStep<A>(
  journey: Journey<A>,
  answers: A,
  ctx: JourneyContext,
): JourneyStep<A> | undefined {
  const walk = walkJourney(journey, answers, ctx);
  if (walk.complete) return undefined;
  return walk.steps.at(-1);
}

/**
 * What the server runs before accepting a declaration or a payment: every step on the path the
 * answers take is answered and valid, so an incomplete or tampered draft cannot be submitted.
 */
export function isJourneyComplete<A>(journey: Journey<A>, answers: A, ctx: JourneyContext): boolean {
  return walkJourney(journey, answers, ctx).complete;
}

export function stepUrl<A>(journey: Journey<A>, step: JourneyStep<A>, edit = false): string {
  return `${journey.basePath}/${step.path}${edit ? '?edit=true' : ''}`;
}

/** Accepts `name`, `/name`, the full `/applicant-apply/level-1/name`, with or without a query. */
export function relativeStepPath<A>(journey: Journey<A>, path: string): string {
  const withoutQuery = path.replace(/[?#].*$/s, '');
  const prefix = `${journey.basePath}/`;
  const relative = withoutQuery.startsWith(prefix) ? withoutQuery.slice(prefix.length) : withoutQuery;
  return relative.replace(/^\/+|\/+$/g, '');
}

export function canVisit<A>(journey: Journey<A>, stepPath: string, answers: A, ctx: JourneyContext): boolean {
  const relative = relativeStepPath(journey, stepPath);
  const walk = walkJourney(journey, answers, ctx);
  if (journey.afterReviewPaths.includes(relative)) return walk.complete;
  const step = journey.stepForPath(relative);
  return step !== undefined && walk.steps.some((reached) => reached.id === step.id);
}

/**
 * Where a request for stepPath should go instead: null when the page may be shown, otherwise the
 * furthest reachable step (no jumping ahead, and after the review only with a complete draft).
 */
export function redirectTarget<A>(
  journey: Journey<A>,
  stepPath: string,
  answers: A,
  ctx: JourneyContext,
): string | null {
  if (canVisit(journey, stepPath, answers, ctx)) return null;
  const furthest = walkJourney(journey, answers, ctx).steps.at(-1);
  // A journey's first step always resolves, so the walk holds at least one step.
  return stepUrl(journey, furthest as JourneyStep<A>);
}

export interface NavigationOptions {
  edit?: boolean;
}

/** A link worked out for the page of `stepId` in a journey, from the answers so far (the next page, the back link). */
type StepNavigation<R> = <A>(
  journey: Journey<A>,
  stepId: string,
  answers: A,
  ctx: JourneyContext,
  options?: NavigationOptions,
) => R;

/**
 * The page after stepId once its answer is saved. In edit mode the step's own rule decides (most go
 * back to check-your-answers); if that would land on the review with a gap left by the change, the
 * gap comes first, still in edit mode so the user returns to the review afterwards.
 */
export const nextPath: StepNavigation<string> = (journey, stepId, answers, ctx, options = {}) => {
  const edit = options.edit === true;
  const step = requireStep(journey, stepId);
  const targetId = step.next(answers, { ...ctx, edit });
  if (targetId === null) return `${journey.basePath}/${journey.afterReviewPaths[0] ?? ''}`;
  const target = requireStep(journey, targetId);
  if (target.id === journey.reviewStepId) {
    const gap = firstIncompleteStep(journey, answers, ctx);
    if (gap) return stepUrl(journey, gap, edit);
    return stepUrl(journey, target);
  }
  return stepUrl(journey, target, edit);
};

/** The page the back link leads to: the previous reachable step, the review in edit mode, the applications list first. */
export const previousPath: StepNavigation<string> = (journey, stepId, answers, ctx, options = {}) => {
  if (stepId === journey.firstStepId) return journey.exitPath;
  const review = requireStep(journey, journey.reviewStepId);
  if (options.edit === true) return stepUrl(journey, review);
  const steps = walkJourney(journey, answers, ctx).steps;
  const index = steps.findIndex((step) => step.id === stepId);
  const previous = index > 0 ? steps[index - 1] : steps.at(-1);
  return stepUrl(journey, previous as (typeof steps)[number]);
};

export interface BackLink {
  href: string;
  text: typeof BACK_TO_APPLICATIONS | typeof BACK_TEXT;
}

export const backLink: StepNavigation<BackLink> = (journey, stepId, answers, ctx, options = {}) => ({
  href: previousPath(journey, stepId, answers, ctx, options),
  text: stepId === journey.firstStepId ? BACK_TO_APPLICATIONS : BACK_TEXT,
});

export interface SummaryRow extends SummaryItem {
  stepId: string;
  /** The step's page with `?edit=true`, so saving returns to check-your-answers. */
  href: string;
}

export interface SummarySection {
  id: string;
  titleKey: string;
  rows: readonly SummaryRow[];
}

/**
 * Check-your-answers: the summaries of the steps the answers actually pass through (a step the
 * current answers skip, such as passport details after "no", shows nothing), grouped and in order.
 */
export function checkYourAnswers<A>(
  journey: Journey<A>,
  answers: A,
  ctx: JourneyContext,
): readonly SummarySection[] {
  const steps = walkJourney(journey, answers, ctx).steps;
  return journey.groups
    .map((group) => ({
      id: group.id,
      titleKey: group.titleKey,
      rows: steps
        .filter((step) => step.group === group.id)
        .flatMap((step) =>
          step
            .summary(answers)
            .map((item) => ({ ...item, stepId: step.id, href: stepUrl(journey, step, true) })),
        ),
    }))
    .filter((section) => section.rows.length > 0);
}

export type ApplyStepResult<A> = { success: true; answers: A } | { success: false; error: z.ZodError };

/**
 * Validate one page's form with the step's schema and merge it into the draft: the same call on
 * the browser (before saving) and on the server (before storing).
 */
export function applyStep<A>(
  journey: Journey<A>,
  stepId: string,
  answers: A,
  values: unknown,
  ctx: JourneyContext,
): ApplyStepResult<A> {
  const step = requireStep(journey, stepId);
  const schema = step.schema(ctx);
  if (!schema) return { success: true, answers: step.write(answers, values, ctx) };
  const parsed = schema.safeParse(values);
  if (!parsed.success) return { success: false, error: parsed.error };
  return { success: true, answers: step.write(answers, parsed.data, ctx) };
}

function requireStep<A>(journey: Journey<A>, id: string): JourneyStep<A> {
  const step = journey.step(id);
  if (!step) throw new Error(`Journey ${journey.side}/${journey.id} has no step ${id}`);
  return step;
}
