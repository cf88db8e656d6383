import type { z } from 'zod';

/**
 * Parses `value` with `schema` inside an enclosing transform, copying any issues under `path`, so that
 * details revealed by a yes answer are checked only when the answer is yes.
 */
export function parseInto<T>(
  schema: z.ZodType<T>,
  value: unknown,
  ctx: z.RefinementCtx,
  path: (string | number)[],
): { ok: true; value: T } | { ok: false } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: [...path, ...issue.path.map(String)], message: issue.message });
  }
  return { ok: false };
}

/**
 * True when none of the details a yes reveals has been given yet (they are asked on the next page): the
 * draft then keeps the bare yes, and the journey walk asks for the details before the declaration.
 */
export function detailsToCome(details: Record<string, unknown>): boolean {
  return Object.values(details).every((value) => value === undefined);
}
