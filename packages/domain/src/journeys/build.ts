import type { z } from 'zod';
import type { FieldView } from './fields';
import type {
  Journey,
  JourneyContext,
  JourneySide,
  JourneyStep,
  NavigationContext,
  StepKind,
  StepView,
  SummaryGroup,
  SummaryItem,
} from './types';

export const REVIEW_STEP_ID = 'check-your-answers';

/** What a step's `next` rule may ask about the journey it sits in. */
export interface StepLinks {
  /** The step following `id` in this journey's table (the review after the last one). */
  after(id: string): string;
  review: string;
}

/**
 * What a step's `write` receives: its schema's parsed output. An erased step (`StepDefinition<A>`, the form a
 * journey's list holds) accepts any write; `defineSteps` is where each one is checked against its own schema.
 */
export type StepValues<S extends z.ZodType> = z.ZodType extends S ? never : z.output<S>;

export interface StepDefinition<A, S extends z.ZodType = z.ZodType> {
  id: string;
  /** Defaults to the id. */
  path?: string;
  /** Defaults to [path]. */
  paths?: readonly string[];
  /** Defaults to 'form' when a schema is given, else 'interstitial'. */
  kind?: StepKind;
  /** Defaults to 'review' for the review, 'address' for a step of two paths, 'question' with a schema, else 'interstitial'. */
  view?: StepView;
  /** How the page asks each answer (question and address views); a domain test holds them to the schema. */
  fields?: readonly FieldView[];
  /** Defaults to `journey.<id>.title`. */
  titleKey?: string;
  writes?: readonly string[];
  group?: string;
  schema?: (ctx: JourneyContext) => S;
  read?: (answers: A) => unknown;
  /** Merges the parsed form into the draft: typed by the schema's output, so a mismatch does not compile. */
  write?: (answers: A, values: StepValues<S>, ctx: JourneyContext) => A;
  complete?: (answers: A, ctx: JourneyContext) => boolean;
  /** Defaults to: the review in edit mode, else the following step of the table. */
  next?: (answers: A, nav: NavigationContext, links: StepLinks) => string | null;
  summary?: (answers: A) => readonly SummaryItem[];
}

/**
 * The step builder of a journey over drafts of shape A: `const step = defineSteps<ApplicantDraft>();` then
 * `step({ id, schema: () => nameSchema, write: (a, v) => ... })`, where `v` is the schema's output.
 */
export function defineSteps<A>() {
  // The one place a checked step is erased to the list's form: its write then takes what its own schema parsed.
  return <S extends z.ZodType>(definition: StepDefinition<A, S>): StepDefinition<A> =>
    definition as unknown as StepDefinition<A>;
}

export interface DynamicSteps<A> {
  /** Builds the step for a dynamic id (`address/3`), or undefined when the id is not one of them. */
  byId(id: string, links: StepLinks): StepDefinition<A> | undefined;
  /** The dynamic id a path shows (`address/manual/3` -> `address/3`), or undefined. */
  idForPath(path: string): string | undefined;
}

export interface JourneyDefinition<A, Id extends string = string, S extends JourneySide = JourneySide> {
  side: S;
  id: Id;
  basePath: string;
  exitPath: string;
  groups: readonly SummaryGroup[];
  /** In order; the last must be the review step. */
  steps: readonly StepDefinition<A>[];
  afterReviewPaths: readonly string[];
  dynamic?: DynamicSteps<A>;
}

export function defineJourney<A, Id extends string = string, S extends JourneySide = JourneySide>(
  definition: JourneyDefinition<A, Id, S>,
): Journey<A, Id, S> {
  const order = definition.steps.map((step) => step.id);
  const last = order.at(-1);
  if (last !== REVIEW_STEP_ID) throw new Error(`Journey ${definition.id} must end with ${REVIEW_STEP_ID}`);
  const links: StepLinks = {
    review: REVIEW_STEP_ID,
    after: (id) => order[order.indexOf(id) + 1] ?? REVIEW_STEP_ID,
  };
  const steps = definition.steps.map((step) => materialise(step, links));
  const byId = new Map(steps.map((step) => [step.id, step]));
  const byPath = new Map(steps.flatMap((step) => step.paths.map((path) => [path, step] as const)));

  const journey: Journey<A, Id, S> = {
    side: definition.side,
    id: definition.id,
    basePath: definition.basePath,
    exitPath: definition.exitPath,
    firstStepId: order[0] as string,
    reviewStepId: REVIEW_STEP_ID,
    steps,
    afterReviewPaths: definition.afterReviewPaths,
    groups: definition.groups,
    step(id) {
      const known = byId.get(id);
      if (known) return known;
      const dynamic = definition.dynamic?.byId(id, links);
      return dynamic ? materialise(dynamic, links) : undefined;
    },
    stepForPath(path) {
      const known = byPath.get(path);
      if (known) return known;
      const id = definition.dynamic?.idForPath(path);
      return id === undefined ? undefined : journey.step(id);
    },
  };
  return journey;
}

function materialise<A>(definition: StepDefinition<A>, links: StepLinks): JourneyStep<A> {
  const path = definition.path ?? definition.id;
  const schema = definition.schema;
  const isReview = definition.id === REVIEW_STEP_ID;
  return {
    id: definition.id,
    path,
    paths: definition.paths ?? [path],
    kind: definition.kind ?? (isReview ? 'review' : schema ? 'form' : 'interstitial'),
    view:
      definition.view ??
      (isReview
        ? 'review'
        : (definition.paths?.length ?? 1) > 1
          ? 'address'
          : schema
            ? 'question'
            : 'interstitial'),
    fields: definition.fields ?? [],
    titleKey: definition.titleKey ?? `journey.${definition.id}.title`,
    writes: definition.writes ?? [],
    ...(definition.group === undefined ? {} : { group: definition.group }),
    schema: (ctx) => schema?.(ctx),
    read: definition.read ?? (() => undefined),
    write: (answers, values, ctx) =>
      definition.write ? definition.write(answers, values as never, ctx) : answers,
    complete: definition.complete ?? (() => true),
    next: (answers, nav) => {
      if (isReview) return null;
      if (definition.next) return definition.next(answers, nav, links);
      return nav.edit ? links.review : links.after(definition.id);
    },
    summary: definition.summary ?? (() => []),
  };
}

/** A step's form values read from the draft, or undefined when none of them is there yet (the step unanswered). */
export function defined<T extends object>(value: T): T | undefined {
  return Object.values(value).every((item) => item === undefined) ? undefined : value;
}

/** A list answer of the draft, or none when the stored value is not a list. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * A side's journeys, each built by `build` the first time it is asked for and then kept: `all`, a frozen record by
 * id (an enumerable getter each), and `get`, the journey of an id or undefined for an unknown one. A module can so
 * offer every journey without building them all when it is loaded.
 */
export function lazyJourneys<K extends string, V>(ids: readonly K[], build: (id: K) => V) {
  const built = new Map<K, V>();
  const journey = (id: K): V => {
    let found = built.get(id);
    if (found === undefined) {
      found = build(id);
      built.set(id, found);
    }
    return found;
  };
  const all = {} as Record<K, V>;
  for (const id of ids) Object.defineProperty(all, id, { enumerable: true, get: () => journey(id) });
  return {
    all: Object.freeze(all) as Readonly<Record<K, V>>,
    get: (id: string): V | undefined =>
      (ids as readonly string[]).includes(id) ? journey(id as K) : undefined,
  };
}
