import { installStepSchemas, stepSchemasInstalled, type JourneyContext } from '@dis/domain';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { currentTime } from './clock';
import { lazySchemaResolver } from './lazy-resolver';

/**
 * Fetches the step schemas (zod and the form rules) and installs them, once: a journey page is drawn, taken over
 * and walked without them (decision 0077), and a step form loads them with its checker when it is first sent.
 */
export async function loadStepSchemas(): Promise<void> {
  if (stepSchemasInstalled()) return;
  const { STEP_SCHEMAS } = await import('@dis/domain/step-schemas');
  installStepSchemas(STEP_SCHEMAS);
}

/**
 * The resolver of a form checked by a schema of the step schemas' table (`stepSchema(name)`, or a step's own
 * `schema`): the table and the resolvers are fetched when the form is first checked, the rule applied at that
 * instant.
 */
export function stepSchemaResolver<T extends FieldValues>(
  rule: (ctx: JourneyContext) => z.ZodType | undefined,
): Resolver<T> {
  return lazySchemaResolver<T>(async () => {
    await loadStepSchemas();
    return rule({ now: currentTime() }) as z.ZodType;
  });
}
