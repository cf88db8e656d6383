import type { ApplicantJourneyId } from '../codes';
import { applicantJourneyHas } from '../rules/journey-types';
import type { AddressAnswer, ApplicantDraft } from './answers';
import { stepSchema } from './schema-table';
import type { Journey, JourneyContext, JourneyStep } from './types';

const addressHistoryRule = stepSchema('addressHistory');

// What the applicant's pages ask of the rules beyond one step's form: the address history a step belongs to,
// why a step the form accepted still cannot stand in the draft, and which answers the identity record gives.

/** `address/current` is index 0, `address/3` the third previous address; undefined for any other step. */
export function addressIndex(stepId: string): number | undefined {
  if (stepId === 'address/current') return 0;
  const match = /^address\/(\d+)$/.exec(stepId);
  return match ? Number(match[1]) : undefined;
}

/** Current address first, then each previous one, newest first (the order of the history schema). */
export function addressHistory(answers: ApplicantDraft): AddressAnswer[] {
  return [...(answers.currentAddress ? [answers.currentAddress] : []), ...(answers.previousAddresses ?? [])];
}

/**
 * Why a step the form accepted still cannot stand in the draft: an address that starts after the one following
 * it (overlap) or leaves a gap. The message is the history schema's own; undefined when the step stands.
 */
export function wholeDraftProblem(
  journey: Journey<object>,
  step: JourneyStep<object>,
  answers: object,
  ctx: JourneyContext,
): { field: string; key: string } | undefined {
  if (step.complete(answers, ctx)) return undefined;
  const index = addressIndex(step.id);
  if (journey.side !== 'applicant' || index === undefined) return undefined;
  const history = addressHistory(answers as ApplicantDraft).slice(0, index + 1);
  const parsed = addressHistoryRule(ctx).safeParse(history);
  const issue = parsed.success
    ? undefined
    : (parsed.error.issues.find((item) => item.path[0] === index) ?? parsed.error.issues[0]);
  return { field: 'residentFrom', key: issue?.message ?? 'addressHistory.overlap' };
}

/** The identity record (GET /api/personal-details/enhanced) as far as it answers a journey. */
export interface IdentityRecordAnswers {
  name?: { forename?: string; middleNames?: string | undefined; surname?: string };
  dateOfBirth?: string | null;
  address?: AddressAnswer | null;
  emailAddress?: string | null;
  phoneNumber?: string | null;
}

/** The identity record as draft answers, for the steps it can answer. */
export function prefillAnswers(details: IdentityRecordAnswers): ApplicantDraft {
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

const PREFILLED_STEPS: readonly string[] = ['name', 'date-of-birth', 'contact-details'];

/**
 * Whether an unanswered step starts from the identity record (document 2 section 4): the PVG join journey's name,
 * date of birth and contact details, when the prepopulatePersonalDetails flag is on.
 */
export function startsFromIdentityRecord(journey: Journey<object>, step: JourneyStep<object>): boolean {
  return (
    journey.side === 'applicant' &&
    applicantJourneyHas(journey.id as ApplicantJourneyId, 'prefilledFromIdentity') &&
    PREFILLED_STEPS.includes(step.id)
  );
}
