import type { FastifyRequest } from 'fastify';
import type { Caller } from '../results/service';
import { auditCaller, auditingNotFound, refused, type SharingDeps } from './context';
import { NO_SHARES, type ShareRules } from './rules';

// A review-eligible scheme record's share purpose (decision 0054): confirmed by the applicant, kept in the session.

const EVENT = 'result.share_purpose_confirmed';

export function createSharePurpose(deps: SharingDeps, rules: ShareRules) {
  const { db, clock } = deps;
  return {
    /**
     * The applicant chose to share (not to request a review) and confirmed why: allowed only for a result that
     * could be shared now, apart from the step-up code and the limit and cooldown (those are the share's own
     * answer). Audited; the route records it in the session.
     */
    async confirmPurpose(caller: Caller, id: string): Promise<{ resultId: string }> {
      const now = clock.now();
      // Another person's result, or none: audited as refused, then the same 404.
      const outcome = await auditingNotFound(db, caller, EVENT, { resultId: id }, () =>
        db.transaction().execute(async (trx) => {
          const facts = await deps.results.shareFacts(caller, id, trx);
          const { refusal } = rules.decide(facts, NO_SHARES, now);
          return { resultId: facts.resultId, refusal };
        }),
      );
      await auditCaller(db, caller, EVENT, outcome.refusal ? 'refused' : 'success', {
        resultId: outcome.resultId,
        purpose: 'SHARE',
        ...(outcome.refusal ? { reason: outcome.refusal } : {}),
      });
      if (outcome.refusal) throw refused(outcome.refusal);
      return { resultId: outcome.resultId };
    },
  };
}

declare module 'fastify' {
  interface Session {
    /** The results whose share purpose the applicant confirmed in this session (decision 0054). */
    sharePurposeConfirmed?: string[];
  }
}

/** Whether the applicant confirmed in this session that they share this result (not request its review). */
export function isSharePurposeConfirmed(request: FastifyRequest, resultId: string): boolean {
  const confirmed = request.session.get('sharePurposeConfirmed');
  return Array.isArray(confirmed) && confirmed.includes(resultId);
}

export function recordSharePurpose(request: FastifyRequest, resultId: string): void {
  const confirmed = request.session.get('sharePurposeConfirmed') ?? [];
  if (!confirmed.includes(resultId))
    request.session.set('sharePurposeConfirmed', [...confirmed, resultId].slice(-20));
}
