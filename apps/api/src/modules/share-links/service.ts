import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ADDITIONAL_INFORMATION_MAX_ATTEMPTS,
  SHARED_LINK_SESSION_MS,
  sharedLinkExpiresAt,
} from '@dis/domain';
import type { SharedResult } from '@dis/domain/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit, type AuditOutcome } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { NotifySender } from '../../integrations/notify/types';
import type { ResultsService } from '../results/service';
import * as store from './store';

/** 32 random bytes (256 bits) from the CSPRNG, URL-safe: a link token or a recipient session's cookie value. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** A well-formed secret: 43 URL-safe characters. Anything else is not looked up at all. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface ShareLinkDeps {
  db: Db;
  clock: Clock;
  results: Pick<ResultsService, 'recipientResult'>;
  notify: NotifySender;
  templateId: string;
  publicUrl: string;
  /** Key of the tokens' and sessions' HMAC: a stolen table gives no working link. */
  hashKey: string;
  log: FastifyBaseLogger;
}

export interface RecipientCaller {
  requestId: string;
}

/**
 * The one answer to every link that does not work (unknown, expired, stopped, locked, no session): the same
 * status, code and message, so a link cannot be probed.
 */
export const linkInvalid = () =>
  new ApiError(404, 'SHARED_RESULT_LINK_INVALID', 'This link does not work. Ask the person who shared it.');

/** The shared result can no longer be read (link expired or stopped, session over): the expired-link page. */
const linkExpired = () =>
  new ApiError(401, 'SHARED_RESULT_LINK_EXPIRED', 'This link has expired. Ask the person who shared it.');

/** Whether a link still opens: not expired, not stopped by the applicant, not locked by wrong answers. */
function isUsable(link: store.LinkRow, now: Date): boolean {
  return link.revoked_at === null && link.locked_at === null && now.getTime() < link.expires_at.getTime();
}

export function createShareLinkService(deps: ShareLinkDeps) {
  const { db, clock } = deps;
  const hash = (kind: 'token' | 'session', secret: string) =>
    createHmac('sha256', deps.hashKey).update(`${kind}:${secret}`).digest('base64url');
  const audit = (
    event: string,
    outcome: AuditOutcome,
    caller: RecipientCaller,
    detail: Record<string, unknown>,
    executor: Db = db,
  ) => writeAudit(executor, { event, outcome, requestId: caller.requestId, detail });

  /** The recipient's session from its cookie, with its link; undefined for any session that does not work. */
  async function sessionOf(cookie: string | undefined, now: Date) {
    if (!cookie || !SECRET_PATTERN.test(cookie)) return undefined;
    const session = await store.sessionByHash(db, hash('session', cookie));
    if (!session || now.getTime() >= session.expiresAt.getTime()) return undefined;
    const link = await store.linkById(db, session.linkId);
    if (!link) return undefined;
    return { session, link };
  }

  return {
    /**
     * Inside the share's transaction: a new link for the share, expiring as the domain says from the share's time.
     * Returns the token, which exists only in the email from here on.
     */
    async issue(trx: Db, share: { shareId: string; basic: boolean; sharedAt: Date }) {
      const token = newSecret();
      const expiresAt = sharedLinkExpiresAt(share.sharedAt, share.basic);
      await store.insertLink(trx, {
        id: randomUUID(),
        shareId: share.shareId,
        tokenHash: hash('token', token),
        basic: share.basic,
        createdAt: share.sharedAt,
        expiresAt,
      });
      return { token, expiresAt };
    },

    /** After the share commits: emails the recipient their link (through Notify, or the local outbox). */
    async send(
      caller: RecipientCaller & { userId: string },
      share: { shareId: string; resultId: string; email: string; token: string; expiresAt: Date },
    ) {
      let outcome: AuditOutcome = 'success';
      try {
        await deps.notify.sendEmail(deps.templateId, share.email, {
          personalisation: {
            link: `${deps.publicUrl}/before-you-continue?token=${share.token}`,
            expiryDate: share.expiresAt.toISOString().slice(0, 10),
          },
          reference: share.shareId,
        });
      } catch (error) {
        outcome = 'failure';
        deps.log.error({ err: error }, 'shared link email failed');
      }
      await writeAudit(db, {
        event: 'shared_link.sent',
        outcome,
        userId: caller.userId,
        requestId: caller.requestId,
        detail: { shareId: share.shareId, resultId: share.resultId },
      });
    },

    /**
     * The token from the emailed URL, exchanged for a new recipient session (its cookie value returned); null for
     * a token that does not open a link, which the recipient then learns on the next page, like any other.
     */
    async exchange(caller: RecipientCaller, token: string): Promise<string | null> {
      const now = clock.now();
      const link = SECRET_PATTERN.test(token)
        ? await store.linkByTokenHash(db, hash('token', token))
        : undefined;
      if (!link || !isUsable(link, now)) {
        await audit('shared_link.exchanged', 'refused', caller, {
          ...(link ? { shareId: link.share_id } : {}),
          reason: !link ? 'unknown' : 'not_usable',
        });
        return null;
      }
      const cookie = newSecret();
      await store.insertSession(db, {
        id: randomUUID(),
        linkId: link.id,
        sessionHash: hash('session', cookie),
        createdAt: now,
        expiresAt: new Date(Math.min(now.getTime() + SHARED_LINK_SESSION_MS, link.expires_at.getTime())),
      });
      await audit('shared_link.exchanged', 'success', caller, { shareId: link.share_id });
      return cookie;
    },

    /** Whether the recipient's session opens a working link (any failure: linkInvalid). */
    async validate(caller: RecipientCaller, cookie: string | undefined): Promise<{ valid: true }> {
      const found = await sessionOf(cookie, clock.now());
      if (!found || !isUsable(found.link, clock.now()) || found.link.basic) {
        await audit(
          'shared_link.validated',
          'refused',
          caller,
          found ? { shareId: found.link.share_id } : {},
        );
        throw linkInvalid();
      }
      return { valid: true };
    },

    /**
     * The recipient's identity check: the applicant's date of birth and the application reference. Wrong answers
     * count on the link; the last allowed one locks it for everybody.
     */
    async additionalInformation(
      caller: RecipientCaller,
      cookie: string | undefined,
      answer: { applicantDateOfBirth: string; applicationReference: string },
    ): Promise<{ sharedResultId: string }> {
      const now = clock.now();
      const found = await sessionOf(cookie, now);
      if (!found || !isUsable(found.link, now) || found.link.basic) {
        await audit('shared_link.checked', 'refused', caller, found ? { shareId: found.link.share_id } : {});
        throw linkInvalid();
      }
      const result = await deps.results.recipientResult(found.link.result_id);
      const same = (a: string, b: string) => {
        const x = Buffer.from(a.trim().toUpperCase());
        const y = Buffer.from(b.trim().toUpperCase());
        return x.length === y.length && timingSafeEqual(x, y);
      };
      const matches =
        result !== undefined &&
        result.dateOfBirth !== null &&
        same(result.dateOfBirth, answer.applicantDateOfBirth) &&
        same(result.applicationReference, answer.applicationReference);
      const outcome = await db.transaction().execute(async (trx) => {
        const link = await store.linkById(trx, found.link.id, true);
        if (!link || !isUsable(link, now)) return 'invalid' as const;
        if (matches) {
          await store.markVerified(trx, found.session.id, link.id, now);
          return 'verified' as const;
        }
        const attempts = await store.recordFailure(trx, link.id);
        if (attempts >= ADDITIONAL_INFORMATION_MAX_ATTEMPTS) {
          await store.lockLink(trx, link.id, now);
          return 'locked' as const;
        }
        return 'wrong' as const;
      });
      const shareId = found.link.share_id;
      if (outcome === 'verified') {
        await audit('shared_link.checked', 'success', caller, { shareId });
        return { sharedResultId: shareId };
      }
      await audit('shared_link.checked', 'failure', caller, { shareId, reason: outcome });
      if (outcome === 'locked')
        throw new ApiError(
          403,
          'VIEW_SHARED_RESULT_ATTEMPTS_EXCEEDED',
          'The details were entered wrongly too many times. This link no longer works.',
        );
      if (outcome === 'invalid') throw linkInvalid();
      throw new ApiError(
        400,
        'VALIDATE_VIEW_SHARED_RESULT_INVALID',
        'The details you entered do not match the application',
      );
    },

    /**
     * The shared result, for a session that passed the identity check for this share. `refresh` is the page's
     * polling: only a page load counts (and is audited) as an opening.
     */
    async sharedResult(
      caller: RecipientCaller,
      cookie: string | undefined,
      shareId: string,
      refresh: boolean,
    ): Promise<SharedResult> {
      const now = clock.now();
      const found = await sessionOf(cookie, now);
      const result =
        found && found.session.verifiedAt && found.link.share_id === shareId && isUsable(found.link, now)
          ? await deps.results.recipientResult(found.link.result_id)
          : undefined;
      if (!found || !result) {
        await audit('shared_result.opened', 'refused', caller, { shareId });
        throw linkExpired();
      }
      if (!refresh) {
        await store.markOpened(db, found.session.id, now);
        await audit('shared_result.opened', 'success', caller, { shareId, resultId: found.link.result_id });
      }
      return {
        sharedResultId: shareId,
        linkExpiresAt: found.link.expires_at.toISOString(),
        disclosureType: result.disclosureType,
        disclosureTypeShortCode: result.disclosureTypeShortCode,
        disclosureNumber: result.disclosureNumber,
        name: result.name,
        address: result.address,
        dateOfBirth: result.dateOfBirth,
        dateOfIssue: result.dateOfIssue,
        aboutResultText: result.aboutResultText,
        reportInaccurateInfo: result.reportInaccurateInfo,
        channel: result.channel,
        higherLevelResultInformation: result.higherLevelResultInformation,
        vettingInformation: result.vettingInformation,
      };
    },
  };
}

export type ShareLinkService = ReturnType<typeof createShareLinkService>;
