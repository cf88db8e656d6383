import type { z } from 'zod';
import type { StepDefinition } from './build';
import { defined, defineSteps } from './build';
import type { FieldView } from './fields';
import type { JourneyContext } from './types';

/**
 * The step builder, shared by both journeys, of a plain question whose answers the draft keeps at its top level
 * under the fields' own names (date of birth, gender, confirm role): the step writes and reads back exactly
 * those answers, and its check-your-answers row is `summaryKey` with the value `summary` gives (the key written out
 * in full, so that the web build finds its text with the page's code: decision 0046).
 * The schema's output must be part of the draft, so an answer the draft does not hold does not compile. A step
 * that stores its answers elsewhere, branches or clears others is written with the journey's `step({...})`.
 */
export function defineTopLevelQuestions<A extends object>() {
  const step = defineSteps<A>();
  return <S extends z.ZodType<Partial<A>>>(question: {
    id: string;
    group?: string;
    schema: (ctx: JourneyContext) => S;
    fields: readonly FieldView[];
    summary?: { key: string; value: (answers: A) => readonly string[] };
  }): StepDefinition<A> => {
    const { id, group, schema, fields, summary } = question;
    const names = fields.map((view) => view.name as keyof A & string);
    return step({
      id,
      group,
      writes: names,
      schema,
      fields,
      read: (a) => defined(Object.fromEntries(names.map((name) => [name, a[name]]))),
      write: (a, v) => ({ ...a, ...v }),
      ...(summary ? { summary: (a: A) => [{ labelKey: summary.key, value: summary.value(a) }] } : {}),
    });
  };
}
