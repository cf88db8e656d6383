import type { FastifyRequest } from 'fastify';
import { createHmac } from 'node:crypto';
import { mobileNumberForSms, phoneHint, STEP_UP_VALIDITY_MS, type PasscodeValidity } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { OutboxService } from '../outbox/service';
import { userById } from '../auth/service';
import { createCodeLifeCycle, tooManyCodes } from './life-cycle';

// The one life cycle of a one-time code, for any subject (the basic share link's codes use it too).
export {
  createCodeLifeCycle,
  equalSecrets,
  tooManyCodes,
  type CodeCheck,
  type CodeLifeCycle,
  type CodeSubject,
} from './life-cycle';

/** The applicant's step-up before sharing; other flows (the basic share link) use their own purpose. */
export const STEP_UP_PURPOSE = 'applicant-step-up';

export interface OneTimeCodeDeps {
  db: Db;
  clock: Clock;
  /** The code's text message: written with the code, sent at once, never after the code expires. */
  outbox: Pick<OutboxService, 'enqueue' | 'dispatch'>;
  /** Key of the codes' HMAC: a stolen table does not give the codes away (1,000,000 plain hashes would). */
  hashKey: string;
}

export interface CodeCaller {
  userId: string;
  requestId: string;
}

/** The applicant's codes: their account is the codes' subject, the mobile number on it their destination. */
export function createOneTimeCodeService(deps: OneTimeCodeDeps) {
  const { db, clock } = deps;
  const codes = createCodeLifeCycle({
    db,
    clock,
    outbox: deps.outbox,
    hash: (id, code) => createHmac('sha256', deps.hashKey).update(`${id}:${code}`).digest('base64url'),
  });
  const audit = (
    event: string,
    outcome: 'success' | 'failure' | 'refused',
    caller: CodeCaller,
    detail = {},
  ) => writeAudit(db, { event, outcome, userId: caller.userId, requestId: caller.requestId, detail });
  const subjectOf = (caller: CodeCaller, purpose: string) =>
    ({ kind: 'account', userId: caller.userId, purpose }) as const;

  return {
    /** Sends a new code by SMS: 6 digits from the CSPRNG, kept only as a keyed hash, the earlier code replaced. */
    async request(caller: CodeCaller, purpose = STEP_UP_PURPOSE): Promise<{ partialPhoneNumber: string }> {
      const user = await userById(db, caller.userId);
      if (!user?.phone) {
        await audit('otc.requested', 'refused', caller, { reason: 'mobile_number_not_found' });
        throw new ApiError(409, 'MOBILE_NUMBER_NOT_FOUND', 'There is no mobile phone number on your account');
      }
      const mobile = mobileNumberForSms(user.phone);
      if (!mobile) {
        await audit('otc.requested', 'refused', caller, { reason: 'invalid_mobile_number' });
        throw new ApiError(400, 'INVALID_MOBILE_NUMBER', 'The phone number on your account is not a mobile');
      }
      if (!(await codes.send(subjectOf(caller, purpose), mobile))) {
        await audit('otc.requested', 'refused', caller, { reason: 'max_requests', purpose });
        throw tooManyCodes();
      }
      await audit('otc.requested', 'success', caller, { purpose });
      return { partialPhoneNumber: phoneHint(mobile) ?? '' };
    },

    /** Checks a code: single use, 15 minutes, the third wrong attempt locks it (the right code then fails too). */
    async verify(caller: CodeCaller, code: string, purpose = STEP_UP_PURPOSE): Promise<PasscodeValidity> {
      const now = clock.now();
      const { validity } = await db
        .transaction()
        .execute((trx) => codes.check(trx, subjectOf(caller, purpose), code, now));
      await audit('otc.verified', validity === 'VALID' ? 'success' : 'failure', caller, {
        purpose,
        validationStatus: validity,
      });
      return validity;
    },
  };
}

export type OneTimeCodeService = ReturnType<typeof createOneTimeCodeService>;

declare module 'fastify' {
  interface Session {
    /** When this session last verified a one-time code (ms since the epoch): the step-up before sharing. */
    stepUpAt?: number;
  }
}

/** Whether the session verified a code within the step-up period (decision 0021). */
export function isSteppedUp(request: FastifyRequest, now: Date): boolean {
  const at = request.session.get('stepUpAt');
  return typeof at === 'number' && now.getTime() - at < STEP_UP_VALIDITY_MS && now.getTime() >= at;
}

export function recordStepUp(request: FastifyRequest, now: Date): void {
  request.session.set('stepUpAt', now.getTime());
}
