import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ADDITIONAL_INFORMATION_MAX_ATTEMPTS,
  BASIC_LINK_MAX_FAILED_CODES,
  BASIC_SHARE_TIMEOUT_MS,
  isPasscodeRequestAllowed,
  mobileNumberForSms,
  PASSCODE_LENGTH,
  PASSCODE_REQUEST_WINDOW_MS,
  PASSCODE_VALIDITY_MINUTES,
  passcodeValidity,
  maskedPhone,
  phoneHint,
  SHARED_LINK_SESSION_MS,
  sharedLinkExpiresAt,
} from '@dis/domain';
import type { Result, SharedResult } from '@dis/domain/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit, type AuditOutcome } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { OutboxService } from '../outbox/service';
import { SHARED_LINK_WHAT_YOU_NEED } from '../../integrations/notify/templates';
import type { ResultsService } from '../results/service';
import * as store from './store';

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
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

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
const linkExpired = () =>
  new ApiError(401, 'SHARED_RESULT_LINK_EXPIRED', 'This link has expired. Ask the person who shared it.');

/** What a recipient reads: the content of the result, no applicant-side status, appeal or review facts. */
function recipientView(shareId: string, linkExpiresAt: Date, result: Result): SharedResult {
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
function linkStateOf(link: store.LinkRow, now: Date, browserMatches: boolean): LinkState {
  if (link.revoked_at !== null) return 'revoked';
  if (link.locked_at !== null) return 'locked';
  if (now.getTime() >= link.expires_at.getTime()) return 'expired';
  return browserMatches ? 'usable' : 'other_browser';
}

export function createShareLinkService(deps: ShareLinkDeps) {
  const { db, clock } = deps;
  const hash = (kind: 'token' | 'session' | 'code' | 'browser', secret: string) =>
    createHmac('sha256', deps.hashKey).update(`${kind}:${secret}`).digest('base64url');
  /** Whether this browser may use the link: any browser until one answered its challenge, then that one only. */
  const browserMatches = (link: store.LinkRow, browser: string | undefined) => {
    if (link.browser_hash === null) return true;
    if (!browser || !SECRET_PATTERN.test(browser)) return false;
    const expected = Buffer.from(link.browser_hash);
    const given = Buffer.from(hash('browser', browser));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  /** The first right answer binds the link to this browser: a new secret for its cookie (the link keeps a hash). */
  const bindOnce = async (trx: Db, link: store.LinkRow): Promise<BrowserBinding | undefined> => {
    if (link.browser_hash !== null) return undefined;
    const secret = newSecret();
    await store.bindBrowser(trx, link.id, hash('browser', secret));
    return { secret, until: link.expires_at };
  };
  const audit = (
    event: string,
    outcome: AuditOutcome,
    caller: RecipientCaller,
    detail: Record<string, unknown>,
    executor: Db = db,
  ) => writeAudit(executor, { event, outcome, requestId: caller.requestId, detail });

  const stateOf = (link: store.LinkRow, now: Date, browser: string | undefined) =>
    linkStateOf(link, now, browserMatches(link, browser));

  /**
   * The recipient's session from its cookie, with its link and the link's state (another browser than the one
   * the link is bound to included); undefined for no session, or one that ended while its link still works.
   */
  async function sessionOf(cookies: RecipientCookies, now: Date) {
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

  /**
   * The working link of the recipient's session for this kind of link (basic or not), or its refusal (audited as
   * `event`).
   */
  async function usableLinkOf(
    caller: RecipientCaller,
    cookies: RecipientCookies,
    event: string,
    basic: boolean,
  ) {
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
  }

  /** A basic link's working link from the recipient's cookie, or its refusal (audited as `event`). */
  async function basicLinkOf(caller: RecipientCaller, cookies: RecipientCookies, event: string) {
    return (await usableLinkOf(caller, cookies, event, true)).link;
  }

  const service = {
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

    /**
     * In the share's transaction: the recipient's email with their link, in the outbox, and its audit record.
     * Returns the message's id, for `sendWritten` once the share commits.
     */
    async writeEmail(
      trx: Db,
      caller: RecipientCaller & { userId: string },
      share: {
        shareId: string;
        resultId: string;
        email: string;
        token: string;
        expiresAt: Date;
        basic: boolean;
      },
    ): Promise<string | null> {
      const page = share.basic ? '/shared-basic' : '/before-you-continue';
      const messageId = await deps.outbox.enqueue(trx, {
        channel: 'email',
        template: 'shared-link',
        to: share.email,
        personalisation: {
          link: `${deps.publicUrl}${page}?token=${share.token}`,
          expiryDate: share.expiresAt.toISOString().slice(0, 10),
          whatYouNeed: SHARED_LINK_WHAT_YOU_NEED[share.basic ? 'basic' : 'details'],
        },
        about: { type: 'share', id: share.shareId },
      });
      await writeAudit(trx, {
        event: 'shared_link.sent',
        outcome: messageId ? 'success' : 'failure',
        userId: caller.userId,
        requestId: caller.requestId,
        detail: { shareId: share.shareId, resultId: share.resultId },
      });
      return messageId;
    },

    /** After the commit: sends the messages written in it now (the outbox job sends any it could not). */
    sendWritten: (ids: readonly (string | null)[]) => deps.outbox.dispatch(ids),

    /**
     * The token from the emailed URL, exchanged for a new recipient session (its cookie value returned); null for
     * a token that does not open a link, which the recipient then learns on the next page, like any other.
     */
    async exchange(
      caller: RecipientCaller,
      token: string,
      browser?: string,
    ): Promise<
      | { cookie: string; basic: boolean; refused?: undefined }
      | { refused: Exclude<LinkState, 'usable'> | 'unknown'; basic: boolean | undefined }
    > {
      const now = clock.now();
      const link = SECRET_PATTERN.test(token)
        ? await store.linkByTokenHash(db, hash('token', token))
        : undefined;
      // A link bound to another browser opens nowhere else: its use is spent.
      const state = link ? stateOf(link, now, browser) : 'unknown';
      if (!link || state !== 'usable') {
        await audit('shared_link.exchanged', 'refused', caller, {
          ...(link ? { shareId: link.share_id } : {}),
          reason: state,
        });
        return { refused: state === 'usable' ? 'unknown' : state, basic: link?.basic };
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
      return { cookie, basic: link.basic };
    },

    /**
     * The spec's calls carry the link's token (spec 02 section 7): exchanged here for a new recipient session, as
     * the first page does, whose cookie the route sets; the call then goes on with it. No token: the cookies as
     * they are. A token that does not open a link is refused as the link's state says.
     */
    async withToken(
      caller: RecipientCaller,
      cookies: RecipientCookies,
      token: string | undefined,
    ): Promise<{ cookies: RecipientCookies; issued: string | undefined }> {
      if (typeof token !== 'string') return { cookies, issued: undefined };
      const exchanged = await service.exchange(caller, token.trim(), cookies.browser);
      if (exchanged.refused !== undefined) throw linkRefusal(exchanged.refused);
      return { cookies: { ...cookies, session: exchanged.cookie }, issued: exchanged.cookie };
    },

    /** Whether the recipient's session opens a working link (else its refusal). */
    async validate(caller: RecipientCaller, cookies: RecipientCookies): Promise<{ valid: true }> {
      await usableLinkOf(caller, cookies, 'shared_link.validated', false);
      return { valid: true };
    },

    /**
     * The recipient's identity check: the applicant's date of birth and the application reference. Wrong answers
     * count on the link; the last allowed one locks it for everybody.
     */
    async additionalInformation(
      caller: RecipientCaller,
      cookies: RecipientCookies,
      answer: { applicantDateOfBirth: string; applicationReference: string },
    ): Promise<{ sharedResultId: string; binding: BrowserBinding | undefined }> {
      const now = clock.now();
      const found = await usableLinkOf(caller, cookies, 'shared_link.checked', false);
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
      let binding: BrowserBinding | undefined;
      let refusedAs: Exclude<LinkState, 'usable'> = 'revoked';
      const outcome = await db.transaction().execute(async (trx) => {
        const link = await store.linkById(trx, found.link.id, true);
        // (Another browser may have answered first and bound the link since the session was read.)
        const state = link ? stateOf(link, now, cookies.browser) : 'revoked';
        if (!link || state !== 'usable') {
          refusedAs = state === 'usable' ? 'revoked' : state;
          return 'invalid' as const;
        }
        if (matches) {
          await store.markVerified(trx, found.session.id, link.id, now);
          binding = await bindOnce(trx, link);
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
        await audit('shared_link.checked', 'success', caller, {
          shareId,
          ...(binding ? { bound: true } : {}),
        });
        return { sharedResultId: shareId, binding };
      }
      await audit('shared_link.checked', 'failure', caller, { shareId, reason: outcome });
      // Spec 02 section 8: "401 with attempts exceeded goes to incorrect-details".
      if (outcome === 'locked')
        throw new ApiError(
          401,
          'VIEW_SHARED_RESULT_ATTEMPTS_EXCEEDED',
          'The details were entered wrongly too many times. This link no longer works.',
        );
      if (outcome === 'invalid') throw linkRefusal(refusedAs);
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
      cookies: RecipientCookies,
      shareId: string,
      refresh: boolean,
    ): Promise<SharedResult> {
      const now = clock.now();
      const found = await sessionOf(cookies, now);
      const result =
        found && found.session.verifiedAt && found.link.share_id === shareId && found.state === 'usable'
          ? await deps.results.recipientResult(found.link.result_id)
          : undefined;
      if (!found || !result) {
        await audit(SHARE_OPENED_EVENT, 'refused', caller, { shareId });
        throw linkExpired();
      }
      if (!refresh) {
        await store.markOpened(db, found.session.id, now);
        await audit(SHARE_OPENED_EVENT, 'success', caller, { shareId, resultId: found.link.result_id });
      }
      return recipientView(shareId, found.link.expires_at, result);
    },

    /**
     * The share and result a recipient's session opens, for a session that passed the identity check for this
     * share (nothing recorded: the recipient's print of the result they are reading; decision 0051).
     */
    async recipientShare(
      cookies: RecipientCookies,
      shareId: string,
    ): Promise<{ shareId: string; resultId: string } | undefined> {
      const now = clock.now();
      const found = await sessionOf(cookies, now);
      if (
        !found?.session.verifiedAt ||
        found.link.share_id !== shareId ||
        linkStateOf(found.link, now, true) !== 'usable'
      )
        return undefined;
      return { shareId, resultId: found.link.result_id };
    },

    /** For "who can see my result": when each of these shares' links locked (never-locked shares absent). */
    lockTimes(shareIds: readonly string[]): Promise<Map<string, Date>> {
      return store.lockTimesOfShares(db, shareIds);
    },

    // ---------- a basic result's link ----------

    /** Checks a basic link (through its cookie): the last digits of the phone the code will go to. */
    async basicCheck(caller: RecipientCaller, cookies: RecipientCookies) {
      const link = await basicLinkOf(caller, cookies, 'shared_link.validated');
      return {
        phoneNumber: maskedPhone(link.recipient_phone),
        phoneNumberEnding: phoneHint(link.recipient_phone),
      };
    },

    /** Sends the recipient a code by SMS: 6 digits from the CSPRNG, kept only as a keyed hash, 2 per 15 minutes. */
    async basicSendCode(caller: RecipientCaller, cookies: RecipientCookies) {
      const link = await basicLinkOf(caller, cookies, 'shared_link.code_requested');
      const mobile = mobileNumberForSms(link.recipient_phone ?? '');
      if (!mobile) {
        await audit('shared_link.code_requested', 'refused', caller, {
          shareId: link.share_id,
          reason: 'invalid_mobile_number',
        });
        throw new ApiError(400, 'INVALID_MOBILE_NUMBER', 'The phone number given for you is not a mobile');
      }
      const now = clock.now();
      const issued = await db.transaction().execute(async (trx) => {
        const earlier = await store.codeRequestTimes(
          trx,
          link.id,
          new Date(now.getTime() - PASSCODE_REQUEST_WINDOW_MS),
        );
        if (!isPasscodeRequestAllowed(earlier, now)) return null;
        const id = randomUUID();
        const code = String(randomInt(0, 10 ** PASSCODE_LENGTH)).padStart(PASSCODE_LENGTH, '0');
        await store.insertCode(trx, {
          id,
          linkId: link.id,
          codeHash: hash('code', `${id}:${code}`),
          issuedAt: now,
        });
        // The text message commits with its code and is sent at once; never after the code has expired.
        const messageId = await deps.outbox.enqueue(trx, {
          channel: 'sms',
          template: 'one-time-code',
          to: mobile,
          personalisation: { code, minutes: String(PASSCODE_VALIDITY_MINUTES) },
          about: { type: 'share-link-code', id },
          sendBy: new Date(now.getTime() + PASSCODE_VALIDITY_MINUTES * 60_000),
        });
        return { id, messageId };
      });
      if (!issued) {
        await audit('shared_link.code_requested', 'refused', caller, {
          shareId: link.share_id,
          reason: 'max_requests',
        });
        throw new ApiError(
          429,
          'NUMBER_OF_ATTEMPTS_FOR_OTC_GENERATION_EXCEEDED',
          'You have asked for too many codes. Wait 15 minutes and try again.',
        );
      }
      await deps.outbox.dispatch([issued.messageId]);
      await audit('shared_link.code_requested', 'success', caller, { shareId: link.share_id });
      return { phoneNumber: maskedPhone(mobile), phoneNumberEnding: phoneHint(mobile) };
    },

    /** Checks the recipient's code; a valid one opens the result to this session for the basic time-out. */
    async basicVerify(caller: RecipientCaller, cookies: RecipientCookies, code: string) {
      const now = clock.now();
      const link = await basicLinkOf(caller, cookies, 'shared_link.code_checked');
      const found = (await sessionOf(cookies, now))!;
      let binding: BrowserBinding | undefined;
      const verdict = await db.transaction().execute(async (trx) => {
        // The link's row is locked first: two wrong codes at once both count towards the link's total.
        const current = await store.linkById(trx, link.id, true);
        if (!current || stateOf(current, now, cookies.browser) !== 'usable') return 'LINK_INVALID' as const;
        const row = await store.currentCode(trx, link.id);
        if (!row) return 'INVALID' as const;
        const expected = Buffer.from(row.code_hash);
        const given = Buffer.from(hash('code', `${row.id}:${code}`));
        const matches = expected.length === given.length && timingSafeEqual(expected, given);
        const validity = passcodeValidity(
          { issuedAt: row.issued_at, failedAttempts: row.failed_attempts, matches },
          now,
        );
        if (validity === 'VALID') {
          if (!(await store.markCodeUsed(trx, row.id, now))) return 'INVALID' as const;
          await store.markVerified(trx, found.session.id, link.id, now);
          binding = await bindOnce(trx, current);
          return validity;
        }
        if (!matches) {
          await store.recordCodeFailure(trx, row.id);
          // Codes keep coming (two per 15 minutes), so wrong ones also count on the link over its whole life:
          // after BASIC_LINK_MAX_FAILED_CODES the link locks for everybody (decision 0039).
          if ((await store.failedCodesOfLink(trx, link.id)) >= BASIC_LINK_MAX_FAILED_CODES) {
            await store.lockLink(trx, link.id, now);
            return 'LINK_LOCKED' as const;
          }
        }
        return validity;
      });
      await audit('shared_link.code_checked', verdict === 'VALID' ? 'success' : 'failure', caller, {
        shareId: link.share_id,
        validationStatus: verdict,
      });
      if (verdict === 'VALID') return { sharedResultId: link.share_id, viewId: found.session.id, binding };
      // The lock answers as any broken link does, from this attempt on.
      if (verdict === 'LINK_LOCKED' || verdict === 'LINK_INVALID') throw linkInvalid();
      if (verdict === 'ATTEMPTS_EXCEEDED')
        throw new ApiError(
          403,
          'CODE_ATTEMPTS_EXCEEDED',
          'The security code was entered wrongly too many times',
        );
      throw new ApiError(
        400,
        'CODE_INVALID',
        verdict === 'EXPIRED'
          ? 'The security code has expired. Send a new code.'
          : 'The security code is not correct. Check your code and try again.',
      );
    },

    /** The basic shared result, for the session whose code opened it, until the basic time-out. */
    async basicResult(caller: RecipientCaller, cookies: RecipientCookies, shareId: string, viewId: string) {
      const now = clock.now();
      const found = await sessionOf(cookies, now);
      const verifiedAt = found?.session.verifiedAt;
      const open =
        found &&
        verifiedAt &&
        found.link.basic &&
        found.session.id === viewId &&
        found.link.share_id === shareId &&
        found.state === 'usable' &&
        now.getTime() < verifiedAt.getTime() + BASIC_SHARE_TIMEOUT_MS;
      const result = open ? await deps.results.recipientResult(found.link.result_id) : undefined;
      if (!found || !verifiedAt || !result) {
        await audit(SHARE_OPENED_EVENT, 'refused', caller, { shareId, basic: true });
        throw linkExpired();
      }
      await store.markOpened(db, found.session.id, now);
      await audit(SHARE_OPENED_EVENT, 'success', caller, { shareId, resultId: found.link.result_id });
      return {
        ...recipientView(shareId, found.link.expires_at, result),
        viewingEndsAt: new Date(verifiedAt.getTime() + BASIC_SHARE_TIMEOUT_MS).toISOString(),
      };
    },

    /**
     * The spec's "basic result by token and one-time code": the token exchanged for a session, the code checked in
     * it exactly as the verify call checks it (its failures, counts and locks), then the result for that session.
     * Returns the cookies to set (the session, and the browser binding a first right code makes).
     */
    async basicResultByCode(caller: RecipientCaller, cookies: RecipientCookies, token: string, code: string) {
      const exchanged = await service.withToken(caller, cookies, token);
      const { binding, sharedResultId, viewId } = await service.basicVerify(caller, exchanged.cookies, code);
      const result = await service.basicResult(
        caller,
        { session: exchanged.cookies.session, browser: binding?.secret ?? cookies.browser },
        sharedResultId,
        viewId,
      );
      return { result, session: exchanged.issued, binding };
    },
  };
  return service;
}

export type ShareLinkService = ReturnType<typeof createShareLinkService>;
