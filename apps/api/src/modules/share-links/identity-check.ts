import { ADDITIONAL_INFORMATION_MAX_ATTEMPTS } from '@dis/domain';
import type { Result } from '@dis/domain/contracts';
import { ApiError } from '../../platform/errors';
import { equalSecrets } from '../one-time-codes/service';
import {
  linkRefusal,
  type BrowserBinding,
  type FoundSession,
  type LinkCore,
  type LinkState,
  type RecipientCaller,
  type RecipientCookies,
  type ShareLinkDeps,
} from './links';
import * as store from './store';

/** The recipient's answer to a link's identity check. */
interface IdentityAnswer {
  applicantDateOfBirth: string;
  applicationReference: string;
}

/** Whether the answer gives the result's date of birth and application reference (case and spaces aside). */
function answerMatches(result: Result | undefined, answer: IdentityAnswer): boolean {
  const same = (a: string, b: string) => equalSecrets(a.trim().toUpperCase(), b.trim().toUpperCase());
  return (
    result !== undefined &&
    result.dateOfBirth !== null &&
    same(result.dateOfBirth, answer.applicantDateOfBirth) &&
    same(result.applicationReference, answer.applicationReference)
  );
}

/** How an identity check ended: verified, a wrong answer, the wrong answer that locked the link, or a dead link. */
type AnswerOutcome = 'verified' | 'wrong' | 'locked' | { refused: Exclude<LinkState, 'usable'> };

/** The refusal of an answer that did not open the link (spec 02 section 8). */
function answerRefusal(outcome: Exclude<AnswerOutcome, 'verified'>): ApiError {
  if (typeof outcome !== 'string') return linkRefusal(outcome.refused);
  // Spec 02 section 8: "401 with attempts exceeded goes to incorrect-details".
  if (outcome === 'locked')
    return new ApiError(
      401,
      'VIEW_SHARED_RESULT_ATTEMPTS_EXCEEDED',
      'The details were entered wrongly too many times. This link no longer works.',
    );
  return new ApiError(
    400,
    'VALIDATE_VIEW_SHARED_RESULT_INVALID',
    'The details you entered do not match the application',
  );
}

/** A (not basic) link's challenge: the recipient's identity check, which opens the result to their session. */
export function createIdentityCheck(deps: ShareLinkDeps, core: LinkCore) {
  const { db, clock } = deps;

  /**
   * In one transaction, the link's row locked: a right answer verifies the session and binds the link to this
   * browser; a wrong one counts on the link, and the last allowed one locks it.
   */
  async function checkAnswer(found: FoundSession, browser: string | undefined, matches: boolean, now: Date) {
    let binding: BrowserBinding | undefined;
    const outcome = await db.transaction().execute(async (trx): Promise<AnswerOutcome> => {
      const link = await store.linkById(trx, found.link.id, true);
      // (Another browser may have answered first and bound the link since the session was read.)
      const state = link ? core.stateOf(link, now, browser) : 'revoked';
      if (!link || state !== 'usable') return { refused: state === 'usable' ? 'revoked' : state };
      if (matches) {
        await store.markVerified(trx, found.session.id, link.id, now);
        binding = await core.bindOnce(trx, link);
        return 'verified';
      }
      const attempts = await store.recordFailure(trx, link.id);
      if (attempts < ADDITIONAL_INFORMATION_MAX_ATTEMPTS) return 'wrong';
      await store.lockLink(trx, link.id, now);
      return 'locked';
    });
    return { outcome, binding };
  }

  return {
    /**
     * The recipient's identity check: the applicant's date of birth and the application reference. Wrong answers
     * count on the link; the last allowed one locks it for everybody.
     */
    async additionalInformation(
      caller: RecipientCaller,
      cookies: RecipientCookies,
      answer: IdentityAnswer,
    ): Promise<{ sharedResultId: string; binding: BrowserBinding | undefined }> {
      const now = clock.now();
      const found = await core.usableLinkOf(caller, cookies, 'shared_link.checked', false);
      const matches = answerMatches(await deps.results.recipientResult(found.link.result_id), answer);
      const { outcome, binding } = await checkAnswer(found, cookies.browser, matches, now);
      const shareId = found.link.share_id;
      if (outcome === 'verified') {
        await core.audit('shared_link.checked', 'success', caller, {
          shareId,
          ...(binding ? { bound: true } : {}),
        });
        return { sharedResultId: shareId, binding };
      }
      const reason = typeof outcome === 'string' ? outcome : 'invalid';
      await core.audit('shared_link.checked', 'failure', caller, { shareId, reason });
      throw answerRefusal(outcome);
    },
  };
}
