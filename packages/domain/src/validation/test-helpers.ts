import { expect } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsFrom, validationMessages } from './messages';

/** The field errors of parsing `input`, checking that every key has wording. Empty when valid. */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const errors = result.success ? {} : fieldErrorsFrom(result.error);
  for (const key of Object.values(errors))
    expect(validationMessages, `wording for ${key}`).toHaveProperty([key]);
  return errors;
}
