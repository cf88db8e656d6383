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

// ---------- the appeal state machine (server-enforced; decision 0011) ----------

/** What decides whether an appeal step may happen. */
export interface AppealState {
  /** At least one conviction can be removed by a sheriff. */
  hasAppealableConvictions: boolean;
  appealDecision: AppealDecision;
  /** Casework has recorded the outcome of the appeal. */
  outcomeRecorded: boolean;
  /** The result has been released to the organisation (never undone). */
  released: boolean;
}

/**
 * INTEND: the applicant says they will apply to a sheriff. RELEASE: the applicant releases the result to the
 * organisation. SCHEDULED_RELEASE: the scheduled pending release date has come (the job), which releases the
 * result even while an intended appeal has no recorded outcome. RECORD_OUTCOME:
 * casework records the appeal's outcome.
 */
export type AppealEvent = 'INTEND' | 'RELEASE' | 'SCHEDULED_RELEASE' | 'RECORD_OUTCOME';

export type AppealRefusal =
  /** No conviction can be appealed: there is no question and nothing is held back. */
  | 'no-appealable-convictions'
  /** The applicant has already answered (intent or release happen once each, in that order). */
  | 'already-decided'
  /** The result has already gone to the organisation; nothing undoes that. */
  | 'already-released'
  /** An appeal is intended and its outcome is not recorded yet: the applicant cannot release it (the date does). */
  | 'appeal-pending'
  /** Casework records an outcome only for an intended appeal, once. */
  | 'no-appeal-to-decide';

export type AppealTransition = { ok: true; state: AppealState } | { ok: false; refusal: AppealRefusal };

const refuse = (refusal: AppealRefusal): AppealTransition => ({ ok: false, refusal });

/** The one place that says which appeal step may follow which; a refusal changes nothing. */
export function appealTransition(state: AppealState, event: AppealEvent): AppealTransition {
  if (!state.hasAppealableConvictions) return refuse('no-appealable-convictions');
  switch (event) {
    case 'INTEND':
      if (state.released) return refuse('already-released');
      if (state.appealDecision !== 'NOT_SET') return refuse('already-decided');
      return { ok: true, state: { ...state, appealDecision: 'INTENDS_TO_APPEAL' } };
    case 'RECORD_OUTCOME':
      if (state.appealDecision !== 'INTENDS_TO_APPEAL' || state.outcomeRecorded)
        return refuse('no-appeal-to-decide');
      return { ok: true, state: { ...state, outcomeRecorded: true } };
    case 'RELEASE':
    case 'SCHEDULED_RELEASE': {
      if (state.released) return refuse('already-released');
      // The applicant cannot release an intended appeal before its outcome; the scheduled pending release date
      // releases it whatever the appeal's state (spec 02 section 4; decision 0047).
      if (event === 'RELEASE' && state.appealDecision === 'INTENDS_TO_APPEAL' && !state.outcomeRecorded)
        return refuse('appeal-pending');
      // "No" to the question is WONT_APPEAL; a release after an appeal, or by the date, is APPEAL_RELEASED.
      const appealDecision =
        event === 'RELEASE' && state.appealDecision === 'NOT_SET' ? 'WONT_APPEAL' : 'APPEAL_RELEASED';
      return { ok: true, state: { ...state, appealDecision, released: true } };
    }
  }
}

/** While the applicant may still appeal (or an appeal runs) the organisation sees nothing of the result. */
export function isHeldBackFromOrganisation(state: AppealState): boolean {
  return state.hasAppealableConvictions && !state.released;
}
