import type { ErrorPageCode, PasscodeValidity } from '../codes';
import {
  PASSCODE_MAX_ATTEMPTS,
  PASSCODE_MAX_REQUESTS,
  PASSCODE_REQUEST_WINDOW_MS,
  PASSCODE_VALIDITY_MS,
} from '../limits';
import { toInstant } from './dates';

/** Client-side count of code requests on the one-time-code page. */
export interface OtcRequestCounter {
  requests: number;
  /** The new-code limit notice replaces the resend link. */
  limitNoticeShown: boolean;
}

export const INITIAL_OTC_REQUEST_COUNTER: OtcRequestCounter = { requests: 0, limitNoticeShown: false };

export function otcRequestStarted(counter: OtcRequestCounter): OtcRequestCounter {
  return { ...counter, requests: counter.requests + 1 };
}

/** After more than one request and a success, the limit notice replaces the resend link. */
export function otcRequestSucceeded(counter: OtcRequestCounter): OtcRequestCounter {
  return { ...counter, limitNoticeShown: counter.limitNoticeShown || counter.requests > 1 };
}

/** A failed request does not count. */
export function otcRequestFailed(counter: OtcRequestCounter): OtcRequestCounter {
  return { ...counter, requests: Math.max(0, counter.requests - 1) };
}

export type OtcNotification = 'invalid' | 'expired' | 'attemptsExceeded' | 'generic';
export type OtcOutcome =
  | { kind: 'verified' }
  | { kind: 'notification'; key: OtcNotification }
  | { kind: 'error-page'; code: ErrorPageCode };

/** Sending a code failed: 429 max requests, 409 mobile not found, 400 invalid mobile, else a notification. */
export function sendCodeFailure(httpStatus: number): OtcOutcome {
  switch (httpStatus) {
    case 429:
      return { kind: 'error-page', code: 'max_requests' };
    case 409:
      return { kind: 'error-page', code: 'mobile_number_not_found' };
    case 400:
      return { kind: 'error-page', code: 'invalid_mobile_number' };
    default:
      return { kind: 'notification', key: 'generic' };
  }
}

/**
 * The page's reaction to a verify call: the validation status when the call answered, else its HTTP
 * status and code. OTC_INVALID (a code that is not a code) is a wrong code. A 429 after only one request means
 * the code itself was exhausted, not the requests.
 */
export function verifyCodeOutcome(
  response: {
    validationStatus?: PasscodeValidity | null;
    httpStatus?: number | null;
    backendCode?: string | null;
  },
  requests: number,
): OtcOutcome {
  if (response.backendCode === 'OTC_INVALID') return { kind: 'notification', key: 'invalid' };
  switch (response.validationStatus) {
    case 'VALID':
      return { kind: 'verified' };
    case 'INVALID':
      return { kind: 'notification', key: 'invalid' };
    case 'EXPIRED':
      return { kind: 'notification', key: 'expired' };
    case 'ATTEMPTS_EXCEEDED':
      return { kind: 'notification', key: 'attemptsExceeded' };
    default:
      if (response.httpStatus === 429) {
        return requests <= 1
          ? { kind: 'notification', key: 'attemptsExceeded' }
          : { kind: 'error-page', code: 'max_requests' };
      }
      return { kind: 'notification', key: 'generic' };
  }
}

export interface PasscodeCheck {
  issuedAt: Date | string;
  /** Wrong attempts already made against this code. */
  failedAttempts: number;
  /** Whether the submitted code matches the stored one. */
  matches: boolean;
}

/**
 * Server verdict on a submitted code: 15 minutes, 3 wrong attempts. The third wrong attempt answers
 * ATTEMPTS_EXCEEDED so the user is told to request a new code at once; a locked code stays locked
 * even if the right code arrives afterwards.
 */
export function passcodeValidity(check: PasscodeCheck, now: Date): PasscodeValidity {
  if (check.failedAttempts >= PASSCODE_MAX_ATTEMPTS) return 'ATTEMPTS_EXCEEDED';
  if (now.getTime() >= toInstant(check.issuedAt).getTime() + PASSCODE_VALIDITY_MS) return 'EXPIRED';
  if (check.matches) return 'VALID';
  return check.failedAttempts + 1 >= PASSCODE_MAX_ATTEMPTS ? 'ATTEMPTS_EXCEEDED' : 'INVALID';
}

/** Whether another code may be generated, given when earlier ones were requested. */
export function isPasscodeRequestAllowed(requestedAt: readonly (Date | string)[], now: Date): boolean {
  const windowStart = now.getTime() - PASSCODE_REQUEST_WINDOW_MS;
  const recent = requestedAt.filter((t) => toInstant(t).getTime() > windowStart).length;
  return recent < PASSCODE_MAX_REQUESTS;
}

/** Basic share verify: too many wrong codes ends on incorrect-details; a wrong code stays on the form. */
export function basicVerifyFailure(
  backendCode: string | null | undefined,
): 'incorrect-details' | 'invalid-code' | 'generic' {
  if (backendCode === 'CODE_ATTEMPTS_EXCEEDED') return 'incorrect-details';
  if (backendCode === 'CODE_INVALID') return 'invalid-code';
  return 'generic';
}
