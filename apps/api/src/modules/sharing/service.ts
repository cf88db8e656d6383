import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  isShareCooldownMet,
  SHARE_COOLDOWN_MS,
  sharedLinkExpiresAt,
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
  type PrintRequest,
  type ResponseOf,
  type resultSharesContract,
  type ShareEntry,
  type shareOptionsContract,
  type shareResultContract,
  type shareThirdPartyContract,
} from '@dis/domain/contracts';
import type { z } from 'zod';
import { successTimesByDetail, writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { invalidInput } from '../../platform/input';
import type { Delivery, OutboxService } from '../outbox/service';
import type { Caller, ResultsService } from '../results/service';
import { SHARE_OPENED_EVENT, type ShareLinkService } from '../share-links/service';
import * as store from './store';

/** The times each share was opened by its recipient, oldest first, from the audit trail. */
async function openingsOf(db: Db, shareIds: readonly string[]): Promise<Map<string, Date[]>> {
  const openings = new Map<string, Date[]>(shareIds.map((id) => [id, []]));
  for (const { value, occurredAt } of await successTimesByDetail(db, SHARE_OPENED_EVENT, 'shareId', shareIds))
    openings.get(value)?.push(occurredAt);
  return openings;
}

export interface SharingDeps {
  db: Db;
  clock: Clock;
  results: Pick<ResultsService, 'shareFacts' | 'markShared' | 'shareListFacts' | 'printReferences'>;
  links: Pick<ShareLinkService, 'issue' | 'writeEmail' | 'sendWritten' | 'lockTimes'>;
  /** Whether each recipient's email was delivered. */
  outbox: Pick<OutboxService, 'deliveryAbout'>;
}

/** Who asked casework to change a print request, for the audit trail. */
export interface PrintActor {
  requestId?: string | null;
  source: string;
}

/** The most print requests casework's list shows. */
export const PRINT_REQUEST_LIST_LIMIT = 200;

const shareNotFound = () => new ApiError(404, 'NOT_FOUND', 'Share not found');
const printRequestNotFound = () => new ApiError(404, 'NOT_FOUND', 'Print request not found');
const instant = (value: Date | string) => new Date(value).toISOString();

/** One share as "who can see my result" shows it; every status decided here, never in the page. */
export function shareEntry(
  row: store.ShareRow,
  context: {
    basic: boolean;
    organisationName: string | null;
    openings: readonly Date[];
    print: store.PrintRequestRow | undefined;
    /** When the recipient's link locked (too many wrong answers or codes), if it did. */
    lockedAt?: Date | undefined;
    now: Date;
    /** The delivery of the recipient's email, when one was sent. */
    email?: Delivery | undefined;
  },
): ShareEntry {
  const paper = row.channel === 'PAPER';
  // Only a share with a named recipient is a link (emailed, with an expiry, opened by them); a share with the
  // organisation on the application has no link: the organisation reads the result in its own account.
  const link = !paper && row.recipient !== 'ORGANISATION';
  const expiresAt = link ? sharedLinkExpiresAt(row.created_at, context.basic) : null;
  const status: ShareEntry['status'] = paper
    ? context.print?.status === 'SENT'
      ? 'PAPER_SENT'
      : 'PAPER_REQUESTED'
    : row.revoked_at !== null
      ? 'STOPPED'
      : context.lockedAt
        ? 'LOCKED'
        : expiresAt && context.now.getTime() >= expiresAt.getTime()
          ? 'EXPIRED'
          : 'ACTIVE';
  const recipientKind: ShareEntry['recipientKind'] = paper
    ? 'APPLICANT_BY_POST'
    : row.recipient === 'ORGANISATION'
      ? 'ORGANISATION'
      : 'PERSON';
  return {
    shareId: row.id,
    channel: row.channel,
    recipientKind,
    recipientName:
      recipientKind === 'ORGANISATION'
        ? context.organisationName
        : recipientKind === 'PERSON'
          ? row.recipient
          : null,
    sharedOn: instant(row.created_at),
    expiresOn: expiresAt && expiresAt.toISOString(),
    status,
    stoppedOn: row.revoked_at === null ? null : instant(row.revoked_at),
    lockedOn: context.lockedAt ? instant(context.lockedAt) : null,
    sentOn: context.print?.sent_at ? instant(context.print.sent_at) : null,
    openings: context.openings.map((d) => d.toISOString()),
    canStop: status === 'ACTIVE',
    emailDelivery: context.email ?? null,
  };
}

type Facts = Awaited<ReturnType<ResultsService['shareFacts']>>;

/** The message of each refusal (spec 02 section 8). */
export const SHARE_REFUSALS: Partial<Record<BackendCode, string>> = {
  SHARE_LIMIT_EXCEEDED: 'You have shared this result the maximum number of times',
  SHARE_COOLDOWN_TIMER_NOT_MET: 'You can only share your result once every 30 minutes',
  SHARE_NOT_ALLOWED: 'This result cannot be shared',
  SHARE_PURPOSE_NOT_CONFIRMED: 'Choose to share your scheme record and confirm why you are sharing it first',
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
   * is the share call being made (absent: the share-options question), which must be the route's own; a share
   * of a review-eligible scheme record whose review was not asked for also needs the purpose the applicant
   * confirmed (`purposeConfirmed`, decision 0054).
   */
  function decide(
    facts: Facts,
    history: store.ShareHistory,
    now: Date,
    call?: 'digital' | 'thirdparty' | 'paper',
    purposeConfirmed = false,
  ) {
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
  }

  /**
   * How often the result was shared and when last, for the rules: a share whose recipient's email could not be
   * delivered does not hold the next one back (no cooldown after it); it still counts towards the maximum.
   */
  async function historyOf(trx: Db, resultId: string, now: Date): Promise<store.ShareHistory> {
    const history = await store.digitalShareHistory(trx, resultId);
    if (isShareCooldownMet(history.lastSharedAt, now)) return history;
    const recent = await store.digitalSharesSince(trx, resultId, new Date(now.getTime() - SHARE_COOLDOWN_MS));
    const delivery = await deps.outbox.deliveryAbout(
      'share',
      recent.map((r) => r.id),
      'shared-link',
      trx,
    );
    const holding = recent.find((r) => delivery.get(r.id) !== 'NOT_DELIVERED');
    return { shareCount: history.shareCount, lastSharedAt: holding ? new Date(holding.created_at) : null };
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

  /** The caller's result for a sharing view or change; a refusal is audited under `event`, then 404. */
  async function ownFacts(caller: Caller, id: string, event: string, detail: Record<string, unknown> = {}) {
    try {
      return await deps.results.shareListFacts(caller, id);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404)
        await writeAudit(db, {
          event,
          outcome: 'refused',
          userId: caller.userId,
          requestId: caller.requestId,
          detail: { resultId: id, ...detail, reason: 'not_found' },
        });
      throw caught;
    }
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
        const { route, refusal } = decide(facts, await historyOf(trx, facts.resultId, now), now);
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

    /**
     * A digital share (direct or consent route), atomically: the result row stays locked from the checks to the
     * commit, so of simultaneous shares one passes and the rest meet the cooldown.
     */
    async share(
      caller: Caller,
      id: string,
      body: { confirmShare?: boolean | undefined },
      steppedUp: boolean,
      purposeConfirmed: boolean,
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
          await historyOf(trx, facts.resultId, now),
          now,
          'digital',
          purposeConfirmed,
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
      purposeConfirmed: boolean,
    ): Promise<ResponseOf<typeof shareThirdPartyContract>> {
      if (!steppedUp) {
        await audit(caller, 'refused', { resultId: id, reason: 'step_up_required', call: 'thirdparty' });
        throw new ApiError(403, 'STEP_UP_REQUIRED', 'Enter the security code we sent to your phone first');
      }
      const now = clock.now();
      type Outcome =
        | { refusal: BackendCode }
        | { invalid: Record<string, string> }
        | { shareId: string; expiresAt: Date; messageId: string | null };
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const facts = await deps.results.shareFacts(caller, id, trx);
        const { route, refusal } = decide(
          facts,
          await historyOf(trx, facts.resultId, now),
          now,
          'thirdparty',
          purposeConfirmed,
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
        // The recipient's email commits with the share.
        const messageId = await deps.links.writeEmail(trx, caller, {
          shareId,
          resultId: facts.resultId,
          token: link.token,
          expiresAt: link.expiresAt,
          basic,
          email,
        });
        return { shareId, expiresAt: link.expiresAt, messageId };
      });
      if ('refusal' in outcome) {
        await audit(caller, 'refused', { resultId: id, reason: outcome.refusal, call: 'thirdparty' });
        throw refused(outcome.refusal);
      }
      if ('invalid' in outcome) throw invalidInput(outcome.invalid);
      await deps.links.sendWritten([outcome.messageId]);
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
      purposeConfirmed: boolean,
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
          const { refusal } = decide(
            facts,
            { shareCount: 0, lastSharedAt: null },
            now,
            'paper',
            purposeConfirmed,
          );
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
          // The paper copy is a print request for casework to print and post.
          await store.insertPrintRequest(trx, {
            share_id: shareId,
            result_id: facts.resultId,
            requested_at: now,
            status: 'REQUESTED',
          });
          await audit(caller, 'success', { resultId: facts.resultId, shareId, channel: 'PAPER' }, trx);
          await writeAudit(trx, {
            event: 'print_request.created',
            outcome: 'success',
            userId: caller.userId,
            requestId: caller.requestId,
            detail: { resultId: facts.resultId, shareId },
          });
          return { shareId };
        });
      if ('refusal' in outcome) {
        await audit(caller, 'refused', { resultId: id, reason: outcome.refusal, channel: 'PAPER' });
        throw refused(outcome.refusal);
      }
      return { shareId: outcome.shareId, sharedOn: now.toISOString() };
    },

    /**
     * The applicant chose to share (not to request a review) and confirmed why: allowed only for a result that could
     * be shared now, apart from the step-up code and the limit and cooldown (those are the share's own answer).
     * Audited; the route records it in the session.
     */
    async confirmPurpose(caller: Caller, id: string): Promise<{ resultId: string }> {
      const now = clock.now();
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const facts = await deps.results.shareFacts(caller, id, trx);
          const { refusal } = decide(facts, { shareCount: 0, lastSharedAt: null }, now);
          return { resultId: facts.resultId, refusal };
        })
        .catch(async (caught: unknown) => {
          // Another person's result, or none: audited as refused, then the same 404.
          if (caught instanceof ApiError && caught.status === 404)
            await writeAudit(db, {
              event: 'result.share_purpose_confirmed',
              outcome: 'refused',
              userId: caller.userId,
              requestId: caller.requestId,
              detail: { resultId: id, reason: 'not_found' },
            });
          throw caught;
        });
      await writeAudit(db, {
        event: 'result.share_purpose_confirmed',
        outcome: outcome.refusal ? 'refused' : 'success',
        userId: caller.userId,
        requestId: caller.requestId,
        detail: {
          resultId: outcome.resultId,
          purpose: 'SHARE',
          ...(outcome.refusal ? { reason: outcome.refusal } : {}),
        },
      });
      if (outcome.refusal) throw refused(outcome.refusal);
      return { resultId: outcome.resultId };
    },

    // ---------- who can see my result ----------

    /** Every share of the caller's result with each opening; another person's result is not found. */
    async list(caller: Caller, id: string): Promise<ResponseOf<typeof resultSharesContract>> {
      const facts = await ownFacts(caller, id, 'result.shares_viewed');
      const rows = await store.sharesOf(db, facts.resultId);
      const openings = await openingsOf(
        db,
        rows.map((r) => r.id),
      );
      const prints = new Map((await store.printRequestsOf(db, facts.resultId)).map((p) => [p.share_id, p]));
      const emails = await deps.outbox.deliveryAbout(
        'share',
        rows.map((r) => r.id),
        'shared-link',
      );
      const locks = await deps.links.lockTimes(rows.map((r) => r.id));
      const now = clock.now();
      await writeAudit(db, {
        event: 'result.shares_viewed',
        outcome: 'success',
        userId: caller.userId,
        requestId: caller.requestId,
        detail: { resultId: facts.resultId, shares: rows.length },
      });
      return {
        resultId: facts.resultId,
        disclosureTypeShortCode: facts.type,
        shares: rows.map((row) =>
          shareEntry(row, {
            basic: facts.type === 'BD',
            organisationName: facts.organisationName,
            openings: openings.get(row.id) ?? [],
            print: prints.get(row.id),
            lockedAt: locks.get(row.id),
            now,
            email: emails.get(row.id),
          }),
        ),
      };
    },

    /**
     * Stops a digital share at once: its link no longer opens. Stopping it again changes nothing; a paper copy
     * cannot be stopped; a share that is not the caller's is not found. Each stop (and refusal) is audited.
     */
    async revoke(caller: Caller, id: string, shareId: string): Promise<ShareEntry> {
      const facts = await ownFacts(caller, id, 'result.share_revoked', { shareId });
      const now = clock.now();
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await store.findShare(trx, facts.resultId, shareId, true);
        if (!row || row.applicant_user_id !== caller.userId) return { refusal: 'not_found' as const };
        if (row.channel !== 'DIGITAL') return { refusal: 'paper' as const };
        const already = row.revoked_at !== null;
        if (!already) await store.revokeShare(trx, row.id, now);
        await writeAudit(trx, {
          event: 'result.share_revoked',
          outcome: 'success',
          userId: caller.userId,
          requestId: caller.requestId,
          detail: { resultId: facts.resultId, shareId: row.id, ...(already ? { alreadyStopped: true } : {}) },
        });
        return { row: { ...row, revoked_at: row.revoked_at ?? now } };
      });
      if ('refusal' in outcome) {
        await writeAudit(db, {
          event: 'result.share_revoked',
          outcome: 'refused',
          userId: caller.userId,
          requestId: caller.requestId,
          detail: { resultId: facts.resultId, shareId, reason: outcome.refusal },
        });
        if (outcome.refusal === 'not_found') throw shareNotFound();
        throw new ApiError(409, 'SHARE_NOT_REVOCABLE', 'A paper copy cannot be stopped');
      }
      const openings = await openingsOf(db, [outcome.row.id]);
      const emails = await deps.outbox.deliveryAbout('share', [outcome.row.id], 'shared-link');
      const locks = await deps.links.lockTimes([outcome.row.id]);
      return shareEntry(outcome.row, {
        email: emails.get(outcome.row.id),
        basic: facts.type === 'BD',
        organisationName: facts.organisationName,
        openings: openings.get(outcome.row.id) ?? [],
        print: undefined,
        lockedAt: locks.get(outcome.row.id),
        now,
      });
    },

    // ---------- print requests (casework) ----------

    /** Paper copies waiting to be printed and posted first, then those sent, newest first. */
    async printRequests(): Promise<PrintRequest[]> {
      const rows = await store.listPrintRequests(db, PRINT_REQUEST_LIST_LIMIT);
      const references = await deps.results.printReferences(rows.map((r) => r.result_id));
      return rows.map((row) => printRequestOf(row, references.get(row.result_id)));
    },

    /** Casework printed and posted the paper copy; marking it again changes nothing. */
    async markPrintRequestSent(id: string, actor: PrintActor): Promise<PrintRequest> {
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const found = await store.findPrintRequest(trx, id, true);
        if (!found) return undefined;
        if (found.status === 'REQUESTED') await store.markPrintRequestSent(trx, found.share_id, now);
        await writeAudit(trx, {
          event: 'print_request.sent',
          outcome: 'success',
          requestId: actor.requestId ?? null,
          detail: {
            shareId: found.share_id,
            resultId: found.result_id,
            source: actor.source,
            ...(found.status === 'SENT' ? { alreadySent: true } : {}),
          },
        });
        return found.status === 'SENT' ? found : { ...found, status: 'SENT' as const, sent_at: now };
      });
      if (!row) throw printRequestNotFound();
      const references = await deps.results.printReferences([row.result_id]);
      return printRequestOf(row, references.get(row.result_id));
    },
  };
}

function printRequestOf(
  row: store.PrintRequestRow,
  references: { applicationReference: string; disclosureNumber: string } | undefined,
): PrintRequest {
  return {
    id: row.share_id,
    resultId: row.result_id,
    applicationReference: references?.applicationReference ?? 'Unknown',
    disclosureNumber: references?.disclosureNumber ?? 'Unknown',
    requestedAt: instant(row.requested_at),
    status: row.status,
    sentAt: row.sent_at === null ? null : instant(row.sent_at),
  };
}

export type SharingService = ReturnType<typeof createSharingService>;

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
