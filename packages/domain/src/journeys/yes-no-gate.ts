import type { z } from 'zod';
import type { StepDefinition, StepLinks } from './build';
import { defined, defineSteps } from './build';
import { field } from './fields';
import { yesNoText } from './format';
import type { JourneyContext, NavigationContext } from './types';

/**
 * A yes/no question that opens a details page (have a passport, a driving licence, a regulatory body, applying on
 * behalf of another organisation), shared by both journeys. The answer is `flag` of the draft's `at` object; yes
 * keeps the details already given and goes on to the `details` step, no replaces the object with the bare no (and
 * `cleared`, an emptied list), so no stale detail is sent, and goes where `whenNo` says.
 */
export function defineYesNoGates<A>() {
  return <K extends keyof A & string, F extends string>(gate: YesNoGate<A, K, F>): StepDefinition<A> =>
    yesNoGate(gate);
}

interface YesNoGate<A, K extends keyof A & string, F extends string> {
  id: string;
  group: string;
  at: K;
  flag: F;
  /** The question's schema rule (`stepSchema(...)`, or a schema the step's own file has at hand). */
  schema: (ctx: JourneyContext) => z.ZodType<Record<F, boolean>>;
  /** The check-your-answers row's label, written out in full so that the web build finds its text (decision 0046). */
  summaryKey: string;
  details: string;
  whenNo: (answers: A, nav: NavigationContext, links: StepLinks) => string;
  cleared?: Partial<NonNullable<A[K]>>;
}

function yesNoGate<A, K extends keyof A & string, F extends string>(
  gate: YesNoGate<A, K, F>,
): StepDefinition<A> {
  const { at, flag } = gate;
  const answer = (a: A): boolean | undefined => (a[at] as Partial<Record<F, boolean>> | undefined)?.[flag];
  return defineSteps<A>()({
    id: gate.id,
    group: gate.group,
    writes: [`${at}.${flag}`],
    schema: gate.schema,
    fields: [field.yesNo(flag)],
    read: (a) => defined({ [flag]: answer(a) }),
    write: (a, v) => ({
      ...a,
      [at]: v[flag] ? { ...(a[at] as object), [flag]: true } : { [flag]: false, ...gate.cleared },
    }),
    next: (a, nav, links) => (answer(a) === true ? gate.details : gate.whenNo(a, nav, links)),
    summary: (a) => [{ labelKey: gate.summaryKey, value: yesNoText(answer(a)) }],
  });
}
