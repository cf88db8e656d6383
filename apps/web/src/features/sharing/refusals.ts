import type { BackendCode } from '@dis/domain';

/** Refusals with their own message; anything else is the generic "something has gone wrong". */
const REFUSAL_KEYS: Partial<Record<BackendCode, string>> = {
  SHARE_LIMIT_EXCEEDED: 'sharing.refusals.limit',
  SHARE_COOLDOWN_TIMER_NOT_MET: 'sharing.refusals.cooldown',
  SHARE_NOT_ALLOWED: 'sharing.refusals.notAllowed',
  PAPER_SHARE_ALREADY_USED: 'sharing.refusals.paperUsed',
  SHARE_PURPOSE_NOT_CONFIRMED: 'sharing.refusals.purposeNotConfirmed',
};

/** The message key of a share refused by the server (spec 02 section 8). */
export const refusalKey = (code: string | null | undefined) =>
  (code && REFUSAL_KEYS[code as BackendCode]) || 'sharing.refusals.generic';
