import type { StepSchemaTable } from './step-schemas';
import type { JourneyContext } from './types';

// The schemas the journey steps check their forms with, by name (decision 0077). A step file names its schema
// (`schema: stepSchema('confirmRole')`) and imports the table as a type only, so a page can load a journey, draw
// its steps and walk it (with the server's word on which steps are complete, `JourneyContext.completeSteps`)
// without zod and the form rules; the table (`step-schemas.ts`) is installed when a form is first checked. On the
// server it is installed as the domain loads.

let installed: StepSchemaTable | undefined;

/** Makes the step schemas available to every journey (the table installs itself when its module loads). */
export function installStepSchemas(table: StepSchemaTable): void {
  installed = table;
}

/** Whether the step schemas are here (always on the server; in the browser once a form has been checked). */
export function stepSchemasInstalled(): boolean {
  return installed !== undefined;
}

type ExtraArgs<F> = F extends (ctx: JourneyContext, ...rest: infer R) => unknown ? R : never;

/** Each named schema as a step's rule (a mapped type, so a step's `write` is typed by it where it is written). */
type StepSchemaRules = {
  [K in keyof StepSchemaTable]: (ctx: JourneyContext) => ReturnType<StepSchemaTable[K]>;
};

/**
 * A step's `schema` rule: the named schema of the table (with the arguments its entry takes after the context),
 * typed by the table, so a step's `write` still takes exactly what its schema parses.
 */
export function stepSchema<K extends keyof StepSchemaTable>(
  name: K,
  ...args: ExtraArgs<StepSchemaTable[K]>
): StepSchemaRules[K] {
  const rule = (ctx: JourneyContext) => {
    if (!installed)
      throw new Error(`The step schemas are not loaded (${name}): load them before checking a form`);
    const entry = installed[name] as (ctx: JourneyContext, ...rest: unknown[]) => unknown;
    return entry(ctx, ...args);
  };
  return rule as StepSchemaRules[K];
}
