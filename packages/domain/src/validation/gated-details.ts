import { z } from 'zod';
import { yesNoSchema } from './choices';
import { detailsToCome, parseInto } from './conditional';
import { objectOf } from './structure';

/**
 * The draft's object of a yes/no question whose details are asked on the next page (the passport, the driving
 * licence): `flag` is the answer (its issue `requiredKey`), `detailNames` the details' keys. No keeps the bare no; a
 * yes whose details are still to come is kept as it is, so the draft on the server holds every answer given (the
 * journey walk still needs the details before the declaration); else the details must pass `details`.
 */
export function gatedDetailsSchema<F extends string, T extends object>(
  flag: F,
  requiredKey: string,
  detailNames: readonly string[],
  details: z.ZodType<T>,
) {
  const shape: Record<string, z.ZodType> = { [flag]: yesNoSchema(requiredKey) };
  for (const name of detailNames) shape[name] = z.unknown().optional();
  return objectOf(shape).transform((value, ctx) => {
    const { [flag]: answer, ...given } = value;
    if (answer !== true) return { [flag]: false } as Record<F, false>;
    if (detailsToCome(given)) return { [flag]: true } as Record<F, true>;
    const parsed = parseInto(details, given, ctx, []);
    return parsed.ok ? ({ [flag]: true, ...parsed.value } as Record<F, true> & T) : z.NEVER;
  });
}
