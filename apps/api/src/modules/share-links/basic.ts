import {
  BASIC_LINK_MAX_FAILED_CODES,
  maskedPhone,
  mobileNumberForSms,
  phoneHint,
  type PasscodeValidity,
} from '@dis/domain';
import { ApiError } from '../../platform/errors';
import { createCodeLifeCycle, tooManyCodes } from '../one-time-codes/service';
import {
  linkInvalid,
  type BrowserBinding,
  type FoundSession,
  type LinkCore,
  type RecipientCaller,
  type RecipientCookies,
  type ShareLinkDeps,
} from './links';
import type { ResultReading } from './reading';
import type { RecipientSessions } from './sessions';
import * as store from './store';

/** Why a recipient's code did not open a basic link: the code's own verdict, or the link's. */
type CodeVerdict = PasscodeValidity | 'LINK_INVALID' | 'LINK_LOCKED';

/** The refusal of a code that did not open the link (spec 02 section 8). */
function codeRefusal(verdict: Exclude<CodeVerdict, 'VALID'>): ApiError {
  // The lock answers as any broken link does, from this attempt on.
  if (verdict === 'LINK_LOCKED' || verdict === 'LINK_INVALID') return linkInvalid();
  if (verdict === 'ATTEMPTS_EXCEEDED')
    return new ApiError(
      403,
      'CODE_ATTEMPTS_EXCEEDED',
      'The security code was entered wrongly too many times',
    );
  return new ApiError(
    400,
    'CODE_INVALID',
    verdict === 'EXPIRED'
      ? 'The security code has expired. Send a new code.'
      : 'The security code is not correct. Check your code and try again.',
  );
}

/** What the basic link's calls share: its codes (the link is their subject) and the link from the cookie. */
function basicLinkCodes(deps: ShareLinkDeps, core: LinkCore) {
  // The link is the subject of its codes: the one-time-code life cycle, with this module's key.
  const codes = createCodeLifeCycle({
    db: deps.db,
    clock: deps.clock,
    outbox: deps.outbox,
    hash: (id, code) => core.hash('code', `${id}:${code}`),
  });
  return {
    codes,
    subjectOf: (linkId: string) => ({ kind: 'link', linkId }) as const,
    /** A basic link's working link from the recipient's cookie, or its refusal (audited as `event`). */
    basicLinkOf: (caller: RecipientCaller, cookies: RecipientCookies, event: string) =>
      core.usableLinkOf(caller, cookies, event, true),
  };
}

type BasicLinkCodes = ReturnType<typeof basicLinkCodes>;

/** Before the code: the phone it will go to, and sending it. */
function createBasicCodeSending(core: LinkCore, { codes, subjectOf, basicLinkOf }: BasicLinkCodes) {
  return {
    /** Checks a basic link (through its cookie): the last digits of the phone the code will go to. */
    async basicCheck(caller: RecipientCaller, cookies: RecipientCookies) {
      const { link } = await basicLinkOf(caller, cookies, 'shared_link.validated');
      return {
        phoneNumber: maskedPhone(link.recipient_phone),
        phoneNumberEnding: phoneHint(link.recipient_phone),
      };
    },

    /** Sends the recipient a code by SMS: 6 digits from the CSPRNG, kept only as a keyed hash, 2 per 15 minutes. */
    async basicSendCode(caller: RecipientCaller, cookies: RecipientCookies) {
      const { link } = await basicLinkOf(caller, cookies, 'shared_link.code_requested');
      const shareId = link.share_id;
      const mobile = mobileNumberForSms(link.recipient_phone ?? '');
      if (!mobile) {
        await core.audit('shared_link.code_requested', 'refused', caller, {
          shareId,
          reason: 'invalid_mobile_number',
        });
        throw new ApiError(400, 'INVALID_MOBILE_NUMBER', 'The phone number given for you is not a mobile');
      }
      if (!(await codes.send(subjectOf(link.id), mobile))) {
        await core.audit('shared_link.code_requested', 'refused', caller, {
          shareId,
          reason: 'max_requests',
        });
        throw tooManyCodes();
      }
      await core.audit('shared_link.code_requested', 'success', caller, { shareId });
      return { phoneNumber: maskedPhone(mobile), phoneNumberEnding: phoneHint(mobile) };
    },
  };
}

/** The recipient's code checked: a right one opens the link to this session and binds it to this browser. */
function createBasicCodeCheck(
  deps: ShareLinkDeps,
  core: LinkCore,
  { codes, subjectOf, basicLinkOf }: BasicLinkCodes,
) {
  const { db, clock } = deps;

  /**
   * In one transaction, the link's row locked first (two wrong codes at once both count towards the link's
   * total): the code checked; a right one verifies the session and binds the link to this browser.
   */
  async function checkCode(found: FoundSession, browser: string | undefined, code: string, now: Date) {
    let binding: BrowserBinding | undefined;
    const verdict = await db.transaction().execute(async (trx): Promise<CodeVerdict> => {
      const link = await store.linkById(trx, found.link.id, true);
      if (!link || core.stateOf(link, now, browser) !== 'usable') return 'LINK_INVALID';
      const { validity, wrong } = await codes.check(trx, subjectOf(link.id), code, now);
      if (validity === 'VALID') {
        await store.markVerified(trx, found.session.id, link.id, now);
        binding = await core.bindOnce(trx, link);
        return validity;
      }
      // Codes keep coming (two per 15 minutes), so wrong ones also count on the link over its whole life:
      // after BASIC_LINK_MAX_FAILED_CODES the link locks for everybody (decision 0039).
      if (wrong && (await codes.failedAttempts(trx, subjectOf(link.id))) >= BASIC_LINK_MAX_FAILED_CODES) {
        await store.lockLink(trx, link.id, now);
        return 'LINK_LOCKED';
      }
      return validity;
    });
    return { verdict, binding };
  }

  return {
    /** Checks the recipient's code; a valid one opens the result to this session for the basic time-out. */
    async basicVerify(caller: RecipientCaller, cookies: RecipientCookies, code: string) {
      const now = clock.now();
      const found = await basicLinkOf(caller, cookies, 'shared_link.code_checked');
      const { verdict, binding } = await checkCode(found, cookies.browser, code, now);
      const shareId = found.link.share_id;
      await core.audit('shared_link.code_checked', verdict === 'VALID' ? 'success' : 'failure', caller, {
        shareId,
        validationStatus: verdict,
      });
      if (verdict !== 'VALID') throw codeRefusal(verdict);
      return { sharedResultId: shareId, viewId: found.session.id, binding };
    },
  };
}

/** A basic result's link: the recipient's phone checked, a code sent to it and checked, the result for a while. */
export function createBasicLinkAccess(
  deps: ShareLinkDeps,
  core: LinkCore,
  sessions: Pick<RecipientSessions, 'withToken'>,
  reading: Pick<ResultReading, 'basicResult'>,
) {
  const linkCodes = basicLinkCodes(deps, core);
  const checking = createBasicCodeCheck(deps, core, linkCodes);
  return {
    ...createBasicCodeSending(core, linkCodes),
    ...checking,

    /**
     * The spec's "basic result by token and one-time code": the token exchanged for a session, the code checked in
     * it exactly as the verify call checks it (its failures, counts and locks), then the result for that session.
     * Returns the cookies to set (the session, and the browser binding a first right code makes).
     */
    async basicResultByCode(caller: RecipientCaller, cookies: RecipientCookies, token: string, code: string) {
      const exchanged = await sessions.withToken(caller, cookies, token);
      const { binding, sharedResultId, viewId } = await checking.basicVerify(caller, exchanged.cookies, code);
      const result = await reading.basicResult(
        caller,
        { session: exchanged.cookies.session, browser: binding?.secret ?? cookies.browser },
        sharedResultId,
        viewId,
      );
      return { result, session: exchanged.issued, binding };
    },
  };
}

export type BasicLinkAccess = ReturnType<typeof createBasicLinkAccess>;
