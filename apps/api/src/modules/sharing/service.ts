import { randomUUID } from 'node:crypto';
import {
  fieldErrorsFrom,
  isRecord,
  strictFieldErrors,
  WRONG_TYPE,
  recipientContactFormSchema,
  recipientDetailsFormSchema,
  shareOptions,
  shareRefusal,
  shareRouteFor,
  shareSectionState,
  type BackendCode,
} from '@dis/domain';
import {
  type ResponseOf,
  type shareOptionsContract,
  type shareResultContract,
  type shareThirdPartyContract,
} from '@dis/domain/contracts';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { invalidInput } from '../../platform/input';
import type { Caller, ResultsService } from '../results/service';
import type { ShareLinkService } from '../share-links/service';
import * as store from './store';

export interface SharingDeps {
  db: Db;
  clock: Clock;
  results: Pick<ResultsService, 'shareFacts' | 'markShared'>;
  links: Pick<ShareLinkService, 'issue' | 'send'>;
}

type Facts = Awaited<ReturnType<ResultsService['shareFacts']>>;

/** The message of each refusal (spec 02 section 8). */
export const SHARE_REFUSALS: Partial<Record<BackendCode, string>> = {
  SHARE_LIMIT_EXCEEDED: 'You have shared this result the maximum number of times',
  SHARE_COOLDOWN_TIMER_NOT_MET: 'You can only share your result once every 30 minutes',
  SHARE_NOT_ALLOWED: 'This result cannot be shared',
  PAPER_SHARE_ALREADY_USED: 'You have already asked for a paper copy of this result',
};

/** A body's structural problems (not an object, unknown fields, wrong types), or null when there are none. */
function strictFieldErrorsOf(schema: z.ZodType, body: unknown): Record<string, string> | null {
  if (!isRecord(body)) return { '': WRONG_TYPE };
  const errors = strictFieldErrors(schema, body);
  return Object.keys(errors).length > 0 ? errors : null;
}

const refused = (code: BackendCode) => new ApiError(409, code, SHARE_REFUSALS[code] ?? 'Not allowed');

export function createSharingService(deps: SharingDeps) {
  const { db, clock } = deps;

  /**
   * Every share rule, decided on the server: route by type, window, appeal, review, limit and cooldown. `call`
   * is the share call being made (absent: the share-options question), which must be the route's own.
   */
  function decide(facts: Facts, history: store.ShareHistory, now: Date, call?: 'digital' | 'thirdparty') {
    const route = shareRouteFor({
      type: facts.applicationType,
      isCountersigned: facts.isCountersigned,
      channel: facts.channel,
    });
    // A named recipient's link: the recipient-details route, and every basic result (its SMS-code link).
    const callOfRoute = facts.type === 'BD' || route === 'recipient-details' ? 'thirdparty' : 'digital';
    let refusal: BackendCode | null;
    if (call && call !== callOfRoute) refusal = 'SHARE_NOT_ALLOWED';
    else if (!facts.viewable || shareSectionState(facts.section, now) !== 'available')
      refusal = 'SHARE_NOT_ALLOWED';
    else refusal = shareRefusal(history, now);
    return { route, refusal };
  }

  async function audit(
    caller: Caller,
    outcome: 'success' | 'refused',
    detail: Record<string, unknown>,
    executor = db,
  ) {
    await writeAudit(executor, {
      event: 'result.shared',
      outcome,
      userId: caller.userId,
      requestId: caller.requestId,
      detail,
    });
  }

  return {
    async options(
      caller: Caller,
      id: string,
      steppedUp: boolean,
      mayAskForPaper: boolean,
    ): Promise<ResponseOf<typeof shareOptionsContract>> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const facts = await deps.results.shareFacts(caller, id, trx);
        const { route, refusal } = decide(facts, await store.digitalShareHistory(trx, facts.resultId), now);
        return {
          // A basic result is shared with a named recipient too (the simple form).
          route: facts.type === 'BD' ? 'recipient-details' : route,
          allowed: refusal === null,
          refusal,
          stepUpRequired: !steppedUp,
          sharedPaperResult: facts.sharedPaperResult,
          paperOffered: mayAskForPaper && shareOptions(facts.sharedPaperResult).paper,
          disclosureTypeShortCode: facts.type,
        };
      });
    },

    /**
     * A digital share (direct or consent route), atomically: the result row stays locked from the checks to the
     * commit, so of simultaneous shares one passes and the rest meet the cooldown.
     */
    async share(
      caller: Caller,
      id: string,
      body: { confirmShare?: boolean | undefined },
      steppedUp: boolean,
    ): Promise<ResponseOf<typeof shareResultContract>> {
      if (!steppedUp) {
        await audit(caller, 'refused', { resultId: id, reason: 'step_up_required' });
        throw new ApiError(403, 'STEP_UP_REQUIRED', 'Enter the security code we sent to your phone first');
      }
      const now = clock.now();
      type Outcome = { refusal: BackendCode } | { consentMissing: true } | { shareId: string };
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const facts = await deps.results.shareFacts(caller, id, trx);
        const { route, refusal } = decide(
          facts,
          await store.digitalShareHistory(trx, facts.resultId),
          now,
          'digital',
        );
        if (refusal) return { refusal };
        if (route === 'consent' && body.confirmShare !== true) return { consentMissing: true };
        const shareId = randomUUID();
        await store.insertShare(trx, {
          id: shareId,
          result_id: facts.resultId,
          applicant_user_id: caller.userId,
          channel: 'DIGITAL',
          route,
          // Direct and consent shares go to the organisation on the application.
          recipient: 'ORGANISATION',
          created_at: now,
        });
        await deps.results.markShared(trx, facts.resultId, now, false);
        await audit(caller, 'success', { resultId: facts.resultId, shareId, route, channel: 'DIGITAL' }, trx);
        return { shareId };
      });
      if ('refusal' in outcome) {
        await audit(caller, 'refused', { resultId: id, reason: outcome.refusal });
        throw refused(outcome.refusal);
      }
      if ('consentMissing' in outcome) {
        throw new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', {
          confirmShare: 'Confirm that you want to share your scheme membership',
        });
      }
      return { shareId: outcome.shareId, sharedOn: now.toISOString() };
    },

    /**
     * A share with a named recipient, atomically like the digital share: the recipient-details route with the full
     * form, or a basic result with the simple one (the recipient's email and phone: the link asks for a code sent
     * to that phone). The recipient's link is made in the same transaction and emailed once it commits.
     */
    async shareThirdParty(
      caller: Caller,
      id: string,
      body: Record<string, unknown>,
      steppedUp: boolean,
    ): Promise<ResponseOf<typeof shareThirdPartyContract>> {
      if (!steppedUp) {
        await audit(caller, 'refused', { resultId: id, reason: 'step_up_required', call: 'thirdparty' });
        throw new ApiError(403, 'STEP_UP_REQUIRED', 'Enter the security code we sent to your phone first');
      }
      const now = clock.now();
      type Outcome =
        | { refusal: BackendCode }
        | { invalid: Record<string, string> }
        | {
            shareId: string;
            resultId: string;
            token: string;
            expiresAt: Date;
            basic: boolean;
            email: string;
          };
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const facts = await deps.results.shareFacts(caller, id, trx);
        const { route, refusal } = decide(
          facts,
          await store.digitalShareHistory(trx, facts.resultId),
          now,
          'thirdparty',
        );
        if (refusal) return { refusal };
        const basic = facts.type === 'BD';
        const schema = basic ? recipientContactFormSchema : recipientDetailsFormSchema;
        const strict = strictFieldErrorsOf(schema, body);
        if (strict) return { invalid: strict };
        const parsed = schema.safeParse(body);
        if (!parsed.success) return { invalid: fieldErrorsFrom(parsed.error) };
        const recipient: Partial<z.output<typeof recipientDetailsFormSchema>> = parsed.data;
        const email = recipient.recipientEmail!;
        const shareId = randomUUID();
        const shareRoute = basic ? 'basic-link' : route;
        await store.insertShare(trx, {
          id: shareId,
          result_id: facts.resultId,
          applicant_user_id: caller.userId,
          channel: 'DIGITAL',
          route: shareRoute,
          // Who the recipient is, as the applicant's list shows it (the name, or the email of the simple form);
          // the rest of their details beside it.
          recipient: recipient.recipientName ?? email,
          recipient_email: email,
          recipient_phone: recipient.recipientPhoneNumber ?? null,
          recipient_name: recipient.recipientName ?? null,
          recipient_position: recipient.recipientPositionAppliedFor ?? null,
          recipient_address: recipient.recipientAddress ? JSON.stringify(recipient.recipientAddress) : null,
          applicant_email: recipient.applicantEmail ?? null,
          created_at: now,
        });
        const link = await deps.links.issue(trx, { shareId, basic, sharedAt: now });
        await deps.results.markShared(trx, facts.resultId, now, false);
        await audit(
          caller,
          'success',
          { resultId: facts.resultId, shareId, route: shareRoute, channel: 'DIGITAL' },
          trx,
        );
        return {
          shareId,
          resultId: facts.resultId,
          token: link.token,
          expiresAt: link.expiresAt,
          basic,
          email,
        };
      });
      if ('refusal' in outcome) {
        await audit(caller, 'refused', { resultId: id, reason: outcome.refusal, call: 'thirdparty' });
        throw refused(outcome.refusal);
      }
      if ('invalid' in outcome) throw invalidInput(outcome.invalid);
      await deps.links.send(caller, outcome);
      return {
        shareId: outcome.shareId,
        sharedOn: now.toISOString(),
        linkExpiresAt: outcome.expiresAt.toISOString(),
      };
    },

    /**
     * One paper copy (a print request for casework), under the same window, appeal and review rules as a digital
     * share; it does not count against the digital cooldown or maximum. The result row is locked, so two requests
     * make one copy.
     */
    async sharePaper(
      caller: Caller,
      id: string,
      steppedUp: boolean,
    ): Promise<ResponseOf<typeof shareResultContract>> {
      if (!steppedUp) {
        await audit(caller, 'refused', { resultId: id, reason: 'step_up_required', channel: 'PAPER' });
        throw new ApiError(403, 'STEP_UP_REQUIRED', 'Enter the security code we sent to your phone first');
      }
      const now = clock.now();
      const outcome = await db
        .transaction()
        .execute(async (trx): Promise<{ refusal: BackendCode } | { shareId: string }> => {
          const facts = await deps.results.shareFacts(caller, id, trx);
          if (facts.sharedPaperResult) return { refusal: 'PAPER_SHARE_ALREADY_USED' };
          const { refusal } = decide(facts, { shareCount: 0, lastSharedAt: null }, now);
          if (refusal) return { refusal };
          const shareId = randomUUID();
          await store.insertShare(trx, {
            id: shareId,
            result_id: facts.resultId,
            applicant_user_id: caller.userId,
            channel: 'PAPER',
            route: 'paper',
            recipient: 'APPLICANT_BY_POST',
            created_at: now,
          });
          await deps.results.markShared(trx, facts.resultId, now, true);
          await audit(caller, 'success', { resultId: facts.resultId, shareId, channel: 'PAPER' }, trx);
          return { shareId };
        });
      if ('refusal' in outcome) {
        await audit(caller, 'refused', { resultId: id, reason: outcome.refusal, channel: 'PAPER' });
        throw refused(outcome.refusal);
      }
      return { shareId: outcome.shareId, sharedOn: now.toISOString() };
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
