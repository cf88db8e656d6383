import type { z } from 'zod';
import { isUnitedKingdom } from './countries';

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

/**
 * When a detail is asked: while another answer of the same page has a value (`equals`: the invoice's sub-account
 * code, the other title, the NI number after yes), or is the United Kingdom (the licence's region). Plain data, so
 * the page shows the detail by the same rule the schema uses to check and keep it. Yes/no answers are compared as
 * booleans (the schema's parsed value); the page turns its "yes"/"no" into one first.
 */
export type RevealRule =
  | { readonly field: string; readonly equals: string | boolean }
  | { readonly field: string; readonly isUnitedKingdom: true };

/** Whether `rule` reveals its detail for the page's answers (parsed values: booleans for yes/no). */
export function isRevealed(rule: RevealRule, answers: Readonly<Record<string, unknown>>): boolean {
  const value = answers[rule.field];
  if ('equals' in rule) return value === rule.equals;
  return typeof value === 'string' && isUnitedKingdom(value);
}

/** The sub-account code is asked for, and kept, with an invoice only. */
export const SUB_ACCOUNT_CODE_REVEAL: RevealRule = { field: 'type', equals: 'INVOICE' };
/** The other title is asked for, and kept, when the title is Other. */
export const OTHER_TITLE_REVEAL: RevealRule = { field: 'title', equals: 'Other' };
/** The NI number is asked for after yes. */
export const NI_NUMBER_REVEAL: RevealRule = { field: 'hasNINumber', equals: true };
/** A UK driving licence's region (Great Britain or Northern Ireland). */
export const LICENCE_REGION_REVEAL: RevealRule = { field: 'countryOfIssue', isUnitedKingdom: true };

/** The radio value of a stored boolean answer, for putting a form back on screen. */
export function toYesNo(value: boolean | undefined): 'yes' | 'no' | undefined {
  return value === undefined ? undefined : value ? 'yes' : 'no';
}
