import {
  addressHistorySchema,
  type AddressAnswer,
  type ApplicantDraft,
  type JourneyContext,
  type JourneyStep,
} from '@dis/domain';
import { useQuery } from '@tanstack/react-query';
import { useFeatureFlags } from '../../lib/config';
import { journeyApi } from './api';
import type { AnyJourney } from './draft';

// What the applicant pages add to the shared journey pages: the whole-history check of an address step,
// and the PVG join prefill from the identity record. The rules themselves are the domain's.

/** `address/current` is index 0, `address/3` the third previous address. */
export function addressIndex(stepId: string): number | undefined {
  if (stepId === 'address/current') return 0;
  const match = /^address\/(\d+)$/.exec(stepId);
  return match ? Number(match[1]) : undefined;
}

/** Current address first, then each previous one, newest first (the order of the domain's history). */
export function addressHistory(answers: ApplicantDraft): AddressAnswer[] {
  return [...(answers.currentAddress ? [answers.currentAddress] : []), ...(answers.previousAddresses ?? [])];
}

/**
 * Why a step the form accepted still cannot stand in the draft: an address that starts after the one
 * following it (overlap) or leaves a gap. The message is the domain history schema's own.
 */
export function stepProblem(
  journey: AnyJourney,
  step: JourneyStep<object>,
  answers: object,
  ctx: JourneyContext,
): { field: string; key: string } | undefined {
  if (step.complete(answers, ctx)) return undefined;
  const index = addressIndex(step.id);
  if (journey.side !== 'applicant' || index === undefined) return undefined;
  const history = addressHistory(answers as ApplicantDraft).slice(0, index + 1);
  const parsed = addressHistorySchema({ now: ctx.now }).safeParse(history);
  const issue = parsed.success
    ? undefined
    : (parsed.error.issues.find((item) => item.path[0] === index) ?? parsed.error.issues[0]);
  return { field: 'residentFrom', key: issue?.message ?? 'addressHistory.overlap' };
}

interface EnhancedDetails {
  name?: { forename?: string; middleNames?: string; surname?: string };
  dateOfBirth?: string;
  address?: AddressAnswer;
  emailAddress?: string;
  phoneNumber?: string;
}

/** The identity record as draft answers, for the steps it can answer. */
export function prefillAnswers(details: EnhancedDetails): ApplicantDraft {
  const [year, month, day] = (details.dateOfBirth ?? '').split('-').map(Number);
  const answers: ApplicantDraft = {};
  if (details.name) answers.currentName = { ...details.name };
  if (year && month && day) answers.dateOfBirth = { year, month, day };
  if (details.address) answers.currentAddress = details.address;
  if (details.emailAddress || details.phoneNumber) {
    answers.contactDetails = {
      ...(details.emailAddress ? { email: details.emailAddress } : {}),
      ...(details.phoneNumber ? { telephone: details.phoneNumber } : {}),
    };
  }
  return answers;
}

const PREFILLED_STEPS = ['name', 'date-of-birth', 'contact-details'];

/** Values for an unanswered PVG join step from GET /api/personal-details/enhanced when the flag is on. */
export function usePrefill(
  journey: AnyJourney,
  step: JourneyStep<object>,
  answers: object,
): { pending: boolean; values: unknown } {
  const flags = useFeatureFlags();
  const wanted =
    journey.side === 'applicant' &&
    journey.id === 'pvg-join' &&
    flags.prepopulatePersonalDetails &&
    PREFILLED_STEPS.includes(step.id) &&
    step.read(answers) === undefined;
  const details = useQuery({
    queryKey: ['personal-details', 'enhanced'],
    queryFn: () => journeyApi.enhancedPersonalDetails() as Promise<EnhancedDetails>,
    enabled: wanted,
    staleTime: Infinity,
    retry: false,
  });
  if (!wanted) return { pending: false, values: undefined };
  if (details.isPending) return { pending: true, values: undefined };
  return { pending: false, values: details.data ? step.read(prefillAnswers(details.data)) : undefined };
}
