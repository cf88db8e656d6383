import { applyStep, nextPath, wholeDraftProblem, type JourneyStep } from '@dis/domain';
import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { stepSchemaResolver } from '../../lib/step-schemas';
import { useQueryClient } from '../../lib/query';
import { useNavigate } from '../../lib/router';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { forgetDraft, useSaveDraft } from './draft';
import {
  DOB_MISMATCH_ATTEMPTS_EXCEEDED,
  DOB_MISMATCH_PATH,
  journeyContext,
  withToken,
  type StepPageProps,
} from './shared';

export type StepSubmitOutcome =
  | { outcome: 'saving' }
  /** The step's own schema refused the values (the form shows its errors). */
  | { outcome: 'invalid'; error: z.ZodError }
  /** A whole-draft rule the page's form cannot see refused them (an address that overlaps the one after it). */
  | { outcome: 'refused'; problem: { field: string; key: string } };

/**
 * A step form's check: the step's own schema, run with zodResolver, which is fetched when the form is first sent
 * (decision 0071): the page is drawn and taken over without the form library's resolvers.
 */
export function useStepResolver(step: JourneyStep<object>) {
  return useMemo(() => stepSchemaResolver<FieldValues>((ctx) => step.schema(ctx)), [step]);
}

/**
 * The one way every step view saves its answer: the step's rules apply the values to the draft, the whole-draft
 * rules check it, the save goes to the server, and the walk's next page follows. Too many dates of birth that
 * do not match the identity record lock the application, whichever page sent one.
 */
export function useStepSubmit(
  { journey, draft, edit, step }: StepPageProps & { step: JourneyStep<object> },
  addressEntry?: 'postcode' | 'manual',
) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const save = useSaveDraft(draft, addressEntry ? { stepId: step.id, entry: addressEntry } : undefined);

  const submit = (values: unknown): StepSubmitOutcome => {
    const ctx = journeyContext(draft);
    const result = applyStep(journey, step.id, draft.answers, values, ctx);
    if (!result.success) return { outcome: 'invalid', error: result.error };
    const refused = wholeDraftProblem(journey, step, result.answers, ctx);
    if (refused) return { outcome: 'refused', problem: refused };
    save.mutate(result.answers, {
      onSuccess: (saved) => {
        void navigate(
          withToken(nextPath(journey, step.id, saved.answers, journeyContext(saved), { edit }), draft.token),
        );
      },
      onError: (error) => {
        if (error instanceof ApiError && error.backendCode === DOB_MISMATCH_ATTEMPTS_EXCEEDED) {
          forgetDraft(client, draft.token, journey.side);
          void navigate(DOB_MISMATCH_PATH, { replace: true });
        }
      },
    });
    return { outcome: 'saving' };
  };

  return { submit, save };
}
