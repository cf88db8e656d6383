import type { AppealDecision } from '../codes';
import { APPEAL_DEADLINE_OFFSET_DAYS } from '../limits';
import { addUtcDays, utcStartOf } from './dates';

export interface AppealFacts {
  convictions: readonly { appealable: boolean }[];
  appealDecision: AppealDecision | null | undefined;
}

export function hasAppealableConvictions(facts: Pick<AppealFacts, 'convictions'>): boolean {
  return facts.convictions.some((c) => c.appealable);
}

function decisionOf(facts: AppealFacts): AppealDecision {
  return facts.appealDecision ?? 'NOT_SET';
}

/** With appealable convictions and no decision, the applicant is asked whether they intend to appeal. */
export function shouldAskAppealQuestion(facts: AppealFacts): boolean {
  return hasAppealableConvictions(facts) && decisionOf(facts) === 'NOT_SET';
}

/** Sharing is allowed when shareable and (no appealable convictions, or decision wont-appeal or released). */
export function isSharingAllowedByAppeal(facts: AppealFacts & { shareable: boolean }): boolean {
  if (!facts.shareable) return false;
  if (!hasAppealableConvictions(facts)) return true;
  const decision = decisionOf(facts);
  return decision === 'WONT_APPEAL' || decision === 'APPEAL_RELEASED';
}

/** The "it is appealed" inset shows while the applicant intends to appeal. */
export function isAppealPending(facts: AppealFacts): boolean {
  return decisionOf(facts) === 'INTENDS_TO_APPEAL';
}

/** Deadline shown to the applicant: the scheduled pending release date minus one day (YYYY-MM-DD). */
export function appealDeadline(scheduledPendingReleaseDate: string): string {
  return addUtcDays(scheduledPendingReleaseDate, -APPEAL_DEADLINE_OFFSET_DAYS);
}

/** From the scheduled pending release date on, the result is released to the organisation. */
export function isPendingReleaseDue(scheduledPendingReleaseDate: string, now: Date): boolean {
  return now.getTime() >= utcStartOf(scheduledPendingReleaseDate).getTime();
}

/** After a release is posted: share digitally when shareable, else the release-success page. */
export function afterReleasePath(resultId: string, shareable: boolean): string {
  const id = encodeURIComponent(resultId);
  return shareable ? `/share-result?resultId=${id}` : `/results/${id}/release-success`;
}
