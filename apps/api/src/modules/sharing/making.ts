import { randomUUID } from 'node:crypto';
import { shareChannelRules, shareOptions, type BackendCode } from '@dis/domain';
import type { ResponseOf, shareOptionsContract } from '@dis/domain/contracts';
import type { ApiError } from '../../platform/errors';
import type { Caller } from '../results/service';
import { SHARE_CALLS, type ShareCallBodies, type ShareCallResponses, type MadeShare } from './channels';
import { auditCaller, refused, stepUpRequired, type SharingDeps } from './context';
import { NO_SHARES, type ShareCallName, type ShareRules } from './rules';
import * as store from './store';

/** What the share pages may offer, and making a share through any channel of the registry. */
export function createShareMaking(deps: SharingDeps, rules: ShareRules) {
  const { db, clock } = deps;
  const audit = (
    caller: Caller,
    outcome: 'success' | 'refused',
    detail: Record<string, unknown>,
    executor = db,
  ) => auditCaller(executor, caller, 'result.shared', outcome, detail);

  /**
   * One share, atomically: the result row stays locked from the checks to the commit, so of simultaneous shares
   * one passes and the rest meet the cooldown (or the paper copy's once-only rule).
   */
  async function makeShare<Name extends ShareCallName>(
    name: Name,
    caller: Caller,
    id: string,
    body: ShareCallBodies[Name],
    steppedUp: boolean,
    purposeConfirmed: boolean,
  ): Promise<ShareCallResponses[Name]> {
    const call = SHARE_CALLS[name];
    if (!steppedUp) {
      await audit(caller, 'refused', { resultId: id, reason: 'step_up_required', ...call.refusalDetail });
      throw stepUpRequired();
    }
    const channel = shareChannelRules(call.channel);
    const now = clock.now();
    type Outcome =
      { refusal: BackendCode } | { invalid: ApiError } | { made: MadeShare<ShareCallResponses[Name]> };
    const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
      const facts = await deps.results.shareFacts(caller, id, trx);
      const first = call.refusalFirst?.(facts);
      if (first) return { refusal: first };
      const history = channel.countsTowardsLimit
        ? await rules.historyOf(trx, facts.resultId, now)
        : NO_SHARES;
      const { route, refusal } = rules.decide(facts, history, now, name, purposeConfirmed);
      if (refusal) return { refusal };
      const shareId = randomUUID();
      const made = await call.make({ trx, deps, caller, facts, route, body, shareId, now });
      if ('invalid' in made) return made;
      await store.insertShare(trx, {
        id: shareId,
        result_id: facts.resultId,
        applicant_user_id: caller.userId,
        channel: call.channel,
        ...made.share,
        created_at: now,
      });
      await deps.results.markShared(trx, facts.resultId, now, channel);
      const detail = { resultId: facts.resultId, shareId, ...made.detail, channel: call.channel };
      await audit(caller, 'success', detail, trx);
      await made.alsoInTransaction?.();
      return { made };
    });
    if ('refusal' in outcome) {
      await audit(caller, 'refused', { resultId: id, reason: outcome.refusal, ...call.refusalDetail });
      throw refused(outcome.refusal);
    }
    if ('invalid' in outcome) throw outcome.invalid;
    return outcome.made.answer();
  }

  return {
    async options(
      caller: Caller,
      id: string,
      steppedUp: boolean,
      mayAskForPaper: boolean,
      purposeConfirmed: boolean,
    ): Promise<ResponseOf<typeof shareOptionsContract>> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const facts = await deps.results.shareFacts(caller, id, trx);
        const { route, refusal } = rules.decide(facts, await rules.historyOf(trx, facts.resultId, now), now);
        return {
          // A basic result is shared with a named recipient too (the simple form).
          route: facts.type === 'BD' ? 'recipient-details' : route,
          allowed: refusal === null,
          refusal,
          stepUpRequired: !steppedUp,
          purposeConfirmationRequired: facts.reviewChoiceOpen && !purposeConfirmed,
          sharedPaperResult: facts.sharedPaperResult,
          paperOffered: mayAskForPaper && shareOptions(facts.sharedPaperResult).paper,
          disclosureTypeShortCode: facts.type,
        };
      });
    },

    /** A digital share with the organisation on the application (the direct and consent routes). */
    share: (
      caller: Caller,
      id: string,
      body: ShareCallBodies['digital'],
      steppedUp: boolean,
      purposeConfirmed: boolean,
    ) => makeShare('digital', caller, id, body, steppedUp, purposeConfirmed),

    /** A share with a named recipient by an emailed link (the recipient-details route, or a basic result). */
    shareThirdParty: (
      caller: Caller,
      id: string,
      body: Record<string, unknown>,
      steppedUp: boolean,
      purposeConfirmed: boolean,
    ) => makeShare('thirdparty', caller, id, body, steppedUp, purposeConfirmed),

    /**
     * One paper copy (a print request for casework), under the same window, appeal and review rules as a digital
     * share; it does not count against the digital cooldown or maximum.
     */
    sharePaper: (caller: Caller, id: string, steppedUp: boolean, purposeConfirmed: boolean) =>
      makeShare('paper', caller, id, undefined, steppedUp, purposeConfirmed),
  };
}
