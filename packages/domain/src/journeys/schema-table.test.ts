import { describe, expect, it } from 'vitest';
import { installStepSchemas, stepSchema, stepSchemasInstalled } from './schema-table';
import { STEP_SCHEMAS } from './step-schemas';

describe('the step schemas by name (decision 0077)', () => {
  const ctx = { now: new Date('2026-11-27T12:00:00Z') };

  it("a named schema is the table's, with the arguments the step gives it", () => {
    expect(stepSchemasInstalled()).toBe(true);
    expect(stepSchema('confirmRole')(ctx)).toBe(STEP_SCHEMAS.confirmRole());
    expect(stepSchema('applicantDetails', 'scheme')(ctx).safeParse({}).success).toBe(false);
  });

  it('a check before the table is loaded says so, rather than passing or failing the form', () => {
    installStepSchemas(undefined as never);
    try {
      expect(stepSchemasInstalled()).toBe(false);
      expect(() => stepSchema('confirmRole')(ctx)).toThrow(/step schemas are not loaded \(confirmRole\)/);
    } finally {
      installStepSchemas(STEP_SCHEMAS);
    }
    expect(stepSchemasInstalled()).toBe(true);
  });
});
