import type { z } from 'zod';
import type { FieldView } from './fields';

/**
 * What every rule of a walk may depend on besides the answers. The clock is passed in (never read),
 * so the browser and the server reach the same verdict for the same draft at the same instant.
 */
export interface JourneyContext {
  now: Date;
  /**
   * The server's word on which steps of the draft are complete (`completeStepIds`, sent with the draft): when
   * given, the walk takes it for each form step instead of checking the form with its schema, so a page in the browser can
   * walk the journey before the step schemas are loaded (decision 0077). The server never passes it.
   */
  completeSteps?: readonly string[];
}

/** `edit` is true when the page was opened from check-your-answers (`?edit=true`). */
export interface NavigationContext extends JourneyContext {
  edit: boolean;
}

/**
 * form: a page with a schema whose answer is stored in the draft.
 * interstitial: a page with nothing to answer (landing page, address-history intro).
 * review: check-your-answers, where every walk ends.
 */
export type StepKind = 'form' | 'interstitial' | 'review';

/**
 * How a step is shown; the web keeps one component per view (features/journeys/step-views.tsx) and never chooses a
 * page by a step's id or path.
 * question: one form of fields. address: postcode lookup or manual entry (two paths). previous-names-list and
 * regulatory-bodies-list: a list to add to and remove from. history-check: the five-year address history
 * summary. landing: the applicant journey's start page. interstitial: text and a continue button. review:
 * check your answers.
 */
export type StepView =
  | 'question'
  | 'address'
  | 'previous-names-list'
  | 'regulatory-bodies-list'
  | 'history-check'
  | 'landing'
  | 'interstitial'
  | 'review';

export type JourneySide = 'organisation' | 'applicant';

export interface SummaryItem {
  /** i18n key of the row label. */
  labelKey: string;
  /** Values the label's text takes (`Previous address {{number}}`), so rows of one kind name themselves apart. */
  labelValues?: Readonly<Record<string, string | number>>;
  /** Display lines of the answer; empty when the answer is blank (an optional field left empty). */
  value: readonly string[];
}

export interface JourneyStep<A> {
  /** Unique inside the journey; dynamic steps carry their index (`address/2`). */
  readonly id: string;
  /** Path under the journey prefix used for links (`address/postcode/current`). */
  readonly path: string;
  /** Every path under the prefix that shows this step (postcode or manual address entry). */
  readonly paths: readonly string[];
  readonly kind: StepKind;
  /** How the step is shown (its page component). */
  readonly view: StepView;
  /** How each answer of a question or address page is asked, in page order; empty for the other views. */
  readonly fields: readonly FieldView[];
  /** i18n key of the page title (and the h1). */
  readonly titleKey: string;
  /** Dotted draft keys this step writes, so the API can tell which part of the draft a page owns. */
  readonly writes: readonly string[];
  /** Check-your-answers group; absent for steps that never show a row. */
  readonly group?: string;
  /** The form schema; undefined for interstitial and review steps. */
  schema(ctx: JourneyContext): z.ZodType | undefined;
  /** The form values held in the draft, or undefined when the step has not been answered. */
  read(answers: A): unknown;
  /** Merge a parsed (valid) form into the draft and return the new draft; the input is not mutated. */
  write(answers: A, values: unknown, ctx: JourneyContext): A;
  /** Extra whole-draft checks that a single form cannot see (address history, list lengths). */
  complete(answers: A, ctx: JourneyContext): boolean;
  /** The id of the step that follows, given the answers; null after check-your-answers. */
  next(answers: A, ctx: NavigationContext): string | null;
  summary(answers: A): readonly SummaryItem[];
}

export interface SummaryGroup {
  id: string;
  titleKey: string;
}

/** A journey over drafts of shape A; its id and side are typed when known (a side's journeys name their ids). */
export interface Journey<A, Id extends string = string, S extends JourneySide = JourneySide> {
  readonly side: S;
  readonly id: Id;
  /** `/csg-apply/level-2` or `/applicant-apply/pvgcj`. */
  readonly basePath: string;
  /** Where "Back to applications" on the first page leads. */
  readonly exitPath: string;
  readonly firstStepId: string;
  readonly reviewStepId: string;
  /** The steps in table order; dynamic steps appear once, for their first index. */
  readonly steps: readonly JourneyStep<A>[];
  /** Pages after check-your-answers (declaration, payment, confirmation): open only to a complete draft. */
  readonly afterReviewPaths: readonly string[];
  /** Check-your-answers groups in display order. */
  readonly groups: readonly SummaryGroup[];
  /** Resolves static and dynamic step ids. */
  step(id: string): JourneyStep<A> | undefined;
  /** Resolves a path under the prefix (without query) to its step. */
  stepForPath(path: string): JourneyStep<A> | undefined;
}
