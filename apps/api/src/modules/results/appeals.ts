import { appealTransition, type AppealEvent } from '@dis/domain';
import type { AppealOutcome } from '@dis/domain/contracts';
import { ApiError } from '../../platform/errors';
import { APPEAL_REFUSALS, resultNotFound, type ResultsCore } from './core';
import type { ResultContent } from './content';
import { appealDeadlineOf, appealStateOf, shareAllowedAt, typeOf } from './rows';
import * as store from './store';
import type { AuditActor, Caller } from './types';

/** The content once an appeal has removed its appealable convictions. */
function withoutAppealable(content: ResultContent): ResultContent {
  const vetting = content.vettingInformation;
  const convictions = vetting.convictions.filter((c) => !c.appealable);
  return {
    ...content,
    vettingInformation: {
      ...vetting,
      convictions,
      noConvictionsCautions: convictions.length === 0 && vetting.cautions.length === 0,
    },
  };
}

/** Appeals: the applicant's intent or release, and casework's outcome (spec 02 section 4). */
export function createAppeals(core: ResultsCore) {
  const { db, clock, audit, deps } = core;

  /** One appeal step by the applicant, in one transaction; a refusal changes nothing and is audited. */
  async function appealStep(caller: Caller, id: string, event: Extract<AppealEvent, 'INTEND' | 'RELEASE'>) {
    const now = clock.now();
    const auditEvent = event === 'INTEND' ? 'result.appeal_intended' : 'result.released';
    const checked = await core.ownResult(caller, id);
    if (typeOf(checked) === 'BD') throw resultNotFound();
    core.assertViewable(checked);
    const outcome = await db.transaction().execute(async (trx) => {
      const row = { ...(await store.findResult(trx, id, true))!, reference: checked.reference };
      const next = appealTransition(appealStateOf(row), event);
      if (!next.ok) return { ok: false as const, refusal: next.refusal };
      const released = next.state.released;
      await store.updateResultOnce(
        trx,
        row.id,
        {
          appeal_decision: next.state.appealDecision,
          appeal_decided_at: now,
          ...(released ? { released_to_organisation_at: now, released_by: 'applicant' } : {}),
        },
        released ? 'released_to_organisation_at' : null,
      );
      await audit(
        auditEvent,
        'success',
        caller,
        { resultId: row.id, appealDecision: next.state.appealDecision, by: 'applicant' },
        trx,
      );
      return { ok: true as const, row, state: next.state };
    });
    if (!outcome.ok) {
      await audit(auditEvent, 'refused', caller, { resultId: id, reason: outcome.refusal });
      throw new ApiError(409, 'APPEAL_NOT_ALLOWED', APPEAL_REFUSALS[outcome.refusal] ?? 'Not allowed');
    }
    return { ...outcome, now };
  }

  return {
    async intendToAppeal(caller: Caller, id: string) {
      const { row } = await appealStep(caller, id, 'INTEND');
      return {
        appealDecision: 'INTENDS_TO_APPEAL' as const,
        scheduledPendingReleaseDate: row.scheduled_pending_release_date,
        appealDeadline: appealDeadlineOf(row),
      };
    },

    async release(caller: Caller, id: string) {
      const { row, state, now } = await appealStep(caller, id, 'RELEASE');
      return {
        appealDecision: state.appealDecision as 'WONT_APPEAL' | 'APPEAL_RELEASED',
        releasedToOrganisationOn: now.toISOString(),
        // The page goes on to share only when a share would be accepted now, with the decision just made (after
        // the share window, or for a result that is not shareable: release success).
        shareable: shareAllowedAt(row, now, state.appealDecision),
      };
    },

    /** Casework records the outcome of an intended appeal; removed convictions leave the content. */
    async recordAppealOutcome(id: string, outcome: AppealOutcome, caller: AuditActor) {
      const now = clock.now();
      const refusal = await db.transaction().execute(async (trx) => {
        const row = await store.findResult(trx, id, true);
        if (!row) throw resultNotFound();
        const next = appealTransition(appealStateOf(row), 'RECORD_OUTCOME');
        if (!next.ok) return next.refusal;
        await store.updateResultOnce(trx, id, { appeal_outcome: outcome, appeal_outcome_at: now }, null);
        if (outcome === 'CONVICTIONS_REMOVED') {
          const content = await core.readContent(row, trx);
          await store.replaceContent(trx, id, core.seal(id, withoutAppealable(content)));
        }
        await audit('result.appeal_outcome', 'success', caller, { resultId: id, outcome }, trx);
        await deps.versions?.record(trx, id, 'APPEAL_OUTCOME');
        return null;
      });
      if (refusal !== null) {
        await audit('result.appeal_outcome', 'refused', caller, { resultId: id, reason: refusal });
        throw new ApiError(409, 'CASEWORK_NOT_ALLOWED', APPEAL_REFUSALS[refusal] ?? 'Not allowed');
      }
      return { resultId: id, appealOutcome: outcome };
    },
  };
}
