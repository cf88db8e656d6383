import {
  isShareCooldownMet,
  SHARE_COOLDOWN_MS,
  shareRefusal,
  shareRouteFor,
  shareSectionState,
  type BackendCode,
  type ShareRoute,
} from '@dis/domain';
import type { Db } from '../../platform/db/database';
import type { ShareFacts, SharingDeps } from './context';
import * as store from './store';

/** The share call being made: with the organisation, with a named recipient, or a paper copy. */
export type ShareCallName = 'digital' | 'thirdparty' | 'paper';

/** No shares yet: the history a channel that does not count towards the limit is judged with. */
export const NO_SHARES: store.ShareHistory = { shareCount: 0, lastSharedAt: null };

/** The share rules, decided on the server from the result's facts and its share history. */
export function createShareRules(deps: Pick<SharingDeps, 'outbox'>) {
  return {
    /**
     * Every share rule: route by type, window, appeal, review, limit and cooldown. `call` is the share call being
     * made (absent: the share-options question), which must be the route's own; a share of a review-eligible
     * scheme record whose review was not asked for also needs the purpose the applicant confirmed
     * (`purposeConfirmed`, decision 0054).
     */
    decide(
      facts: ShareFacts,
      history: store.ShareHistory,
      now: Date,
      call?: ShareCallName,
      purposeConfirmed = false,
    ): { route: ShareRoute; refusal: BackendCode | null } {
      const route = shareRouteFor({
        type: facts.applicationType,
        isCountersigned: facts.isCountersigned,
        channel: facts.channel,
      });
      // A named recipient's link: the recipient-details route, and every basic result (its SMS-code link).
      const callOfRoute = facts.type === 'BD' || route === 'recipient-details' ? 'thirdparty' : 'digital';
      let refusal: BackendCode | null;
      if (call && call !== 'paper' && call !== callOfRoute) refusal = 'SHARE_NOT_ALLOWED';
      else if (!facts.viewable || shareSectionState(facts.section, now) !== 'available')
        refusal = 'SHARE_NOT_ALLOWED';
      else if (call && facts.reviewChoiceOpen && !purposeConfirmed) refusal = 'SHARE_PURPOSE_NOT_CONFIRMED';
      else refusal = shareRefusal(history, now);
      return { route, refusal };
    },

    /**
     * How often the result was shared and when last, for the rules: a share whose recipient's email could not be
     * delivered does not hold the next one back (no cooldown after it); it still counts towards the maximum.
     */
    async historyOf(trx: Db, resultId: string, now: Date): Promise<store.ShareHistory> {
      const history = await store.countedShareHistory(trx, resultId);
      if (isShareCooldownMet(history.lastSharedAt, now)) return history;
      const recent = await store.countedSharesSince(
        trx,
        resultId,
        new Date(now.getTime() - SHARE_COOLDOWN_MS),
      );
      const delivery = await deps.outbox.deliveryAbout(
        'share',
        recent.map((r) => r.id),
        'shared-link',
        trx,
      );
      const holding = recent.find((r) => delivery.get(r.id) !== 'NOT_DELIVERED');
      return { shareCount: history.shareCount, lastSharedAt: holding ? new Date(holding.created_at) : null };
    },
  };
}

export type ShareRules = ReturnType<typeof createShareRules>;
