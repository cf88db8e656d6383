import type { FastifyRequest } from 'fastify';
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  isPasscodeRequestAllowed,
  mobileNumberForSms,
  PASSCODE_LENGTH,
  PASSCODE_REQUEST_WINDOW_MS,
  PASSCODE_VALIDITY_MINUTES,
  passcodeValidity,
  phoneHint,
  STEP_UP_VALIDITY_MS,
  type PasscodeValidity,
} from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { OutboxService } from '../outbox/service';
import { userById } from '../auth/service';
import * as store from './store';

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

export function createOneTimeCodeService(deps: OneTimeCodeDeps) {
  const { db, clock } = deps;
  const hash = (id: string, code: string) =>
    createHmac('sha256', deps.hashKey).update(`${id}:${code}`).digest('base64url');
  const audit = (
    event: string,
    outcome: 'success' | 'failure' | 'refused',
    caller: CodeCaller,
    detail = {},
  ) => writeAudit(db, { event, outcome, userId: caller.userId, requestId: caller.requestId, detail });

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
      const now = clock.now();
      const issued = await db.transaction().execute(async (trx) => {
        const earlier = await store.requestTimes(
          trx,
          caller.userId,
          purpose,
          new Date(now.getTime() - PASSCODE_REQUEST_WINDOW_MS),
        );
        if (!isPasscodeRequestAllowed(earlier, now)) return null;
        const id = randomUUID();
        const code = String(randomInt(0, 10 ** PASSCODE_LENGTH)).padStart(PASSCODE_LENGTH, '0');
        await store.insertCode(trx, {
          id,
          userId: caller.userId,
          purpose,
          codeHash: hash(id, code),
          issuedAt: now,
        });
        const messageId = await deps.outbox.enqueue(trx, {
          channel: 'sms',
          template: 'one-time-code',
          to: mobile,
          personalisation: { code, minutes: String(PASSCODE_VALIDITY_MINUTES) },
          about: { type: 'one-time-code', id },
          sendBy: new Date(now.getTime() + PASSCODE_VALIDITY_MINUTES * 60_000),
        });
        return { id, messageId };
      });
      if (!issued) {
        await audit('otc.requested', 'refused', caller, { reason: 'max_requests', purpose });
        throw new ApiError(
          429,
          'NUMBER_OF_ATTEMPTS_FOR_OTC_GENERATION_EXCEEDED',
          'You have asked for too many codes. Wait 15 minutes and try again.',
        );
      }
      // After the commit, at once (the outbox job retries it only until the code expires).
      await deps.outbox.dispatch([issued.messageId]);
      await audit('otc.requested', 'success', caller, { purpose });
      return { partialPhoneNumber: phoneHint(mobile) ?? '' };
    },

    /** Checks a code: single use, 15 minutes, the third wrong attempt locks it (the right code then fails too). */
    async verify(caller: CodeCaller, code: string, purpose = STEP_UP_PURPOSE): Promise<PasscodeValidity> {
      const now = clock.now();
      const validity = await db.transaction().execute(async (trx) => {
        const row = await store.currentCode(trx, caller.userId, purpose);
        if (!row) return 'INVALID' as const;
        const expected = Buffer.from(row.code_hash);
        const given = Buffer.from(hash(row.id, code));
        const matches = expected.length === given.length && timingSafeEqual(expected, given);
        const verdict = passcodeValidity(
          { issuedAt: row.issued_at, failedAttempts: row.failed_attempts, matches },
          now,
        );
        if (verdict === 'VALID') return (await store.markUsed(trx, row.id, now)) ? verdict : 'INVALID';
        if (!matches) await store.recordFailure(trx, row.id);
        return verdict;
      });
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
