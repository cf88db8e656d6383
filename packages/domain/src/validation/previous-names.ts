import type { z } from 'zod';
import { objectOf, listOf } from './structure';
import { MAX_PREVIOUS_NAMES } from '../limits';
import { yesNoSchema } from './choices';
import { personNameSchema } from './names';

/** previous-name-check: has the applicant been known by any other name. */
export const previousNameCheckFormSchema = objectOf({
  hasPreviousNames: yesNoSchema('previousNames.hasPreviousNames.required'),
});

/** One entry of the previous-name page (add another). */
export const previousNameFormSchema = personNameSchema('previousName');
export type PreviousName = z.output<typeof previousNameFormSchema>;

export const previousNamesSchema = listOf(previousNameFormSchema, 'previousNames.required').max(
  MAX_PREVIOUS_NAMES,
  'previousNames.tooMany',
);

/** The whole previous-names list: at least one entry when the applicant said yes, none stored when no. */
export const previousNamesFormSchema = objectOf({
  hasPreviousNames: yesNoSchema('previousNames.hasPreviousNames.required'),
  previousNames: previousNamesSchema.optional(),
})
  .superRefine((value, ctx) => {
    if (value.hasPreviousNames && (value.previousNames ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['previousNames'], message: 'previousNames.required' });
    }
  })
  .transform((value) =>
    value.hasPreviousNames
      ? { hasPreviousNames: true, previousNames: value.previousNames ?? [] }
      : { hasPreviousNames: false, previousNames: [] },
  );
