import { prefillAnswers, startsFromIdentityRecord, type JourneyStep } from '@dis/domain';
import { useQuery } from '../../lib/query';
import { useFeatureFlags } from '../../lib/config';
import { journeyApi } from './api';
import type { AnyJourney } from './draft';

// The PVG join prefill from the identity record, fetched for the page; which steps it answers and how are the
// domain's rules (journeys/applicant-pages.ts).

/** Values for an unanswered PVG join step from GET /api/personal-details/enhanced when the flag is on. */
export function usePrefill(
  journey: AnyJourney,
  step: JourneyStep<object>,
  answers: object,
): { pending: boolean; values: unknown } {
  const flags = useFeatureFlags();
  const wanted =
    flags.prepopulatePersonalDetails &&
    startsFromIdentityRecord(journey, step) &&
    step.read(answers) === undefined;
  const details = useQuery({
    queryKey: ['personal-details', 'enhanced'],
    queryFn: () => journeyApi.enhancedPersonalDetails(),
    enabled: wanted,
    staleTime: Infinity,
    retry: false,
  });
  if (!wanted) return { pending: false, values: undefined };
  if (details.isPending) return { pending: true, values: undefined };
  return { pending: false, values: details.data ? step.read(prefillAnswers(details.data)) : undefined };
}
