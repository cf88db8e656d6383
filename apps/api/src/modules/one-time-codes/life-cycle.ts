import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  isPasscodeRequestAllowed,
  PASSCODE_LENGTH,
  PASSCODE_REQUEST_WINDOW_MS,
  PASSCODE_VALIDITY_MINUTES,
  passcodeValidity,
  type PasscodeValidity,
} from '@dis/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { OutboxService } from '../outbox/service';
import * as store from './store';
import type { CodeSubject } from './store';

export type { CodeSubject };

export interface CodeLifeCycleDeps {
  db: Db;
  clock: Clock;
  /** The code's text message: written with the code, sent at once, never after the code expires. */
  outbox: Pick<OutboxService, 'enqueue' | 'dispatch'>;
  /** The keyed hash a code is kept as (of its id and digits): a stolen table does not give the codes away. */
  hash: (id: string, code: string) => string;
}

/** What each subject's text message is about, in the outbox. */
const ABOUT_TYPE = { account: 'one-time-code', link: 'share-link-code' } as const satisfies Record<
  CodeSubject['kind'],
  string
>;

/** Two secrets (or their hashes) compared in constant time. */
export function equalSecrets(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The answer to a code asked for too often (spec 02 section 8), whoever asked. */
export const tooManyCodes = () =>
  new ApiError(
    429,
    'NUMBER_OF_ATTEMPTS_FOR_OTC_GENERATION_EXCEEDED',
    'You have asked for too many codes. Wait 15 minutes and try again.',
  );

/** A code checked: its validity, and whether the digits were wrong (a wrong attempt was counted). */
export interface CodeCheck {
  validity: PasscodeValidity;
  wrong: boolean;
}

/**
 * One life cycle for every one-time code, whoever its subject (an applicant's account, a basic share link): issue
 * and send, at most PASSCODE_MAX_REQUESTS per window; keep only a keyed hash; a new code replaces the earlier one;
 * single use, 15 minutes, and the third wrong attempt locks it (the right code then fails too).
 */
export function createCodeLifeCycle(deps: CodeLifeCycleDeps) {
  const { db, clock } = deps;
  return {
    /**
     * Sends the subject a new code by SMS to `mobile`: 6 digits from the CSPRNG. False (nothing sent) when the
     * subject has asked for too many codes in the window.
     */
    async send(subject: CodeSubject, mobile: string): Promise<boolean> {
      const now = clock.now();
      const issued = await db.transaction().execute(async (trx) => {
        const earlier = await store.requestTimes(
          trx,
          subject,
          new Date(now.getTime() - PASSCODE_REQUEST_WINDOW_MS),
        );
        if (!isPasscodeRequestAllowed(earlier, now)) return null;
        const id = randomUUID();
        const code = String(randomInt(0, 10 ** PASSCODE_LENGTH)).padStart(PASSCODE_LENGTH, '0');
        await store.insertCode(trx, subject, { id, codeHash: deps.hash(id, code), issuedAt: now });
        const messageId = await deps.outbox.enqueue(trx, {
          channel: 'sms',
          template: 'one-time-code',
          to: mobile,
          personalisation: { code, minutes: String(PASSCODE_VALIDITY_MINUTES) },
          about: { type: ABOUT_TYPE[subject.kind], id },
          sendBy: new Date(now.getTime() + PASSCODE_VALIDITY_MINUTES * 60_000),
        });
        return { messageId };
      });
      if (!issued) return false;
      // After the commit, at once (the outbox job retries it only until the code expires).
      await deps.outbox.dispatch([issued.messageId]);
      return true;
    },

    /** In the caller's transaction: checks the subject's current code, using it when right, counting it when wrong. */
    async check(trx: Db, subject: CodeSubject, code: string, now: Date): Promise<CodeCheck> {
      const current = await store.currentCode(trx, subject);
      if (!current) return { validity: 'INVALID', wrong: false };
      const matches = equalSecrets(current.codeHash, deps.hash(current.id, code));
      const validity = passcodeValidity(
        { issuedAt: current.issuedAt, failedAttempts: current.failedAttempts, matches },
        now,
      );
      if (validity === 'VALID') {
        const used = await store.markUsed(trx, subject, current.id, now);
        return { validity: used ? validity : 'INVALID', wrong: false };
      }
      if (!matches) await store.recordFailure(trx, subject, current.id);
      return { validity, wrong: !matches };
    },

    /** The wrong codes entered for the subject over its whole life, across every code sent for it. */
    failedAttempts: (trx: Db, subject: CodeSubject) => store.failedAttempts(trx, subject),
  };
}

export type CodeLifeCycle = ReturnType<typeof createCodeLifeCycle>;
