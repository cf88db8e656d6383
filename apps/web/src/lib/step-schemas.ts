import { installStepSchemas, stepSchemasInstalled } from '@dis/domain';

/**
 * Fetches the step schemas (zod and the form rules) and installs them, once: a journey page is drawn, taken over
 * and walked without them (decision 0077), and a step form loads them with its checker when it is first sent.
 */
export async function loadStepSchemas(): Promise<void> {
  if (stepSchemasInstalled()) return;
  const { STEP_SCHEMAS } = await import('@dis/domain/step-schemas');
  installStepSchemas(STEP_SCHEMAS);
}
