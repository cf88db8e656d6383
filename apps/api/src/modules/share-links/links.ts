import { createHmac, randomBytes } from 'node:crypto';
import type { Result, SharedResult } from '@dis/domain/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit, type AuditOutcome } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { OutboxService } from '../outbox/service';
import { equalSecrets } from '../one-time-codes/service';
import type { ResultsService } from '../results/service';
import * as store from './store';

// What every part of a recipient's link shares: its secrets, its state, the recipient's session and the refusals.

/** The recipient's cookie: a random session id (the server keeps its hash), never the link's token. */
export const recipientCookieName = (secure: boolean): string =>
  secure ? '__Host-dis-shared-link' : 'dis-shared-link';

/**
 * The browser the link is bound to (decision 0039): a random secret set by the first right answer to the link's
 * challenge (the link keeps its hash), kept until the link expires. Without it the link opens nowhere else.
 */
export const recipientBrowserCookieName = (secure: boolean): string =>
  secure ? '__Host-dis-shared-link-browser' : 'dis-shared-link-browser';

/** The audit event a recipient's opening of a shared result writes (detail: shareId, and resultId or basic). */
export const SHARE_OPENED_EVENT = 'shared_result.opened';

/** 32 random bytes (256 bits) from the CSPRNG, URL-safe: a link token or a recipient session's cookie value. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** A well-formed secret: 43 URL-safe characters. Anything else is not looked up at all. */
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface ShareLinkDeps {
  db: Db;
  clock: Clock;
  results: Pick<ResultsService, 'recipientResult'>;
  /** The recipient's email and a basic link's text message go through the outbox. */
  outbox: Pick<OutboxService, 'enqueue' | 'dispatch'>;
  publicUrl: string;
  /** Key of the tokens' and sessions' HMAC: a stolen table gives no working link. */
  hashKey: string;
  log: FastifyBaseLogger;
}

export interface RecipientCaller {
  requestId: string;
}

/**
 * The recipient's two cookies: the short-lived session the link's token was exchanged for, and the browser secret
 * set by the first right answer to the link's challenge, which binds the link to that browser (decision 0039).
 */
export interface RecipientCookies {
  session: string | undefined;
  browser: string | undefined;
}

/** A right answer that bound the link to this browser: the secret for its cookie, kept until the link expires. */
export interface BrowserBinding {
  secret: string;
  until: Date;
}

/**
 * The answer to a link that does not open (made up, malformed, stopped, locked, no session): broken or replaced.
 */
export const linkInvalid = () =>
  new ApiError(404, 'SHARED_RESULT_LINK_INVALID', 'This link does not work. Ask the person who shared it.');

/**
 * Why a link the recipient holds does not open, or `usable`. A 256-bit token cannot be guessed, so saying that a
 * real link expired or was used tells a prober nothing (decision 0053).
 */
export type LinkState = 'usable' | 'expired' | 'revoked' | 'locked' | 'other_browser';

/** The refusal for a link that does not open (spec 02 section 8: the expired pages, or broken or replaced). */
export function linkRefusal(state: Exclude<LinkState, 'usable'> | 'unknown'): ApiError {
  switch (state) {
    case 'expired':
      return new ApiError(
        410,
        'SHARED_RESULT_LINK_EXPIRED',
        'This link has expired. Ask the person who shared it to share the result again.',
      );
    case 'other_browser':
      // Its use is spent: the first browser that answered its challenge holds it (decision 0039).
      return new ApiError(
        410,
        'SHARED_RESULT_LINK_ALREADY_USED',
        'This link has already been used. Ask the person who shared it to share the result again.',
      );
    default:
      return linkInvalid();
  }
}

/** The shared result can no longer be read (link expired or stopped, session over): the expired-link page. */
export const linkExpired = () =>
  new ApiError(401, 'SHARED_RESULT_LINK_EXPIRED', 'This link has expired. Ask the person who shared it.');

/** What a recipient reads: the content of the result, no applicant-side status, appeal or review facts. */
export function recipientView(shareId: string, linkExpiresAt: Date, result: Result): SharedResult {
  return {
    sharedResultId: shareId,
    linkExpiresAt: linkExpiresAt.toISOString(),
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
}

/** Whether a link still opens: not stopped by the applicant, not locked by wrong answers, not expired. */
export function linkStateOf(link: store.LinkRow, now: Date, browserMatches: boolean): LinkState {
  if (link.revoked_at !== null) return 'revoked';
  if (link.locked_at !== null) return 'locked';
  if (now.getTime() >= link.expires_at.getTime()) return 'expired';
  return browserMatches ? 'usable' : 'other_browser';
}

/** A recipient's session as its cookie finds it, with its link and the link's state. */
export interface FoundSession {
  session: store.RecipientSession;
  link: store.LinkRow;
  state: LinkState;
}

/** The shared pieces of the link's service parts: its hashes, browser binding, sessions and audit. */
export function createLinkCore(deps: ShareLinkDeps) {
  const { db, clock } = deps;
  const hash = (kind: 'token' | 'session' | 'code' | 'browser', secret: string) =>
    createHmac('sha256', deps.hashKey).update(`${kind}:${secret}`).digest('base64url');
  /** Whether this browser may use the link: any browser until one answered its challenge, then that one only. */
  const browserMatches = (link: store.LinkRow, browser: string | undefined) => {
    if (link.browser_hash === null) return true;
    if (!browser || !SECRET_PATTERN.test(browser)) return false;
    return equalSecrets(link.browser_hash, hash('browser', browser));
  };
  const audit = (
    event: string,
    outcome: AuditOutcome,
    caller: RecipientCaller,
    detail: Record<string, unknown>,
  ) => writeAudit(db, { event, outcome, requestId: caller.requestId, detail });
  const stateOf = (link: store.LinkRow, now: Date, browser: string | undefined) =>
    linkStateOf(link, now, browserMatches(link, browser));

  /**
   * The recipient's session from its cookie, with its link and the link's state (another browser than the one
   * the link is bound to included); undefined for no session, or one that ended while its link still works.
   */
  async function sessionOf(cookies: RecipientCookies, now: Date): Promise<FoundSession | undefined> {
    const cookie = cookies.session;
    if (!cookie || !SECRET_PATTERN.test(cookie)) return undefined;
    const session = await store.sessionByHash(db, hash('session', cookie));
    if (!session) return undefined;
    const link = await store.linkById(db, session.linkId);
    if (!link) return undefined;
    const state = stateOf(link, now, cookies.browser);
    // A session ends with its link (never later): an ended session of an expired link says the link expired.
    if (now.getTime() >= session.expiresAt.getTime() && state === 'usable') return undefined;
    return { session, link, state };
  }

  return {
    hash,
    audit,
    stateOf,
    sessionOf,

    /** The first right answer binds the link to this browser: a new secret for its cookie (the link keeps a hash). */
    async bindOnce(trx: Db, link: store.LinkRow): Promise<BrowserBinding | undefined> {
      if (link.browser_hash !== null) return undefined;
      const secret = newSecret();
      await store.bindBrowser(trx, link.id, hash('browser', secret));
      return { secret, until: link.expires_at };
    },

    /**
     * The working link of the recipient's session for this kind of link (basic or not), or its refusal (audited as
     * `event`).
     */
    async usableLinkOf(
      caller: RecipientCaller,
      cookies: RecipientCookies,
      event: string,
      basic: boolean,
    ): Promise<FoundSession> {
      const found = await sessionOf(cookies, clock.now());
      if (!found || found.state !== 'usable' || found.link.basic !== basic) {
        await audit(
          event,
          'refused',
          caller,
          found ? { shareId: found.link.share_id, reason: found.state } : {},
        );
        throw !found || found.state === 'usable' ? linkInvalid() : linkRefusal(found.state);
      }
      return found;
    },

    /** The recipient opened the result: the session's first opening stamped, every opening audited. */
    async recordOpening(
      caller: RecipientCaller,
      found: FoundSession,
      shareId: string,
      now: Date,
    ): Promise<void> {
      await store.markOpened(db, found.session.id, now);
      await audit(SHARE_OPENED_EVENT, 'success', caller, { shareId, resultId: found.link.result_id });
    },
  };
}

export type LinkCore = ReturnType<typeof createLinkCore>;
