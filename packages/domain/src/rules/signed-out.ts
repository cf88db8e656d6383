import { SIGN_OUT_REASONS } from '../codes';

/**
 * What the launch and signed-out pages may say by the `reason` in their address (decision 0055). Each page reads
 * only its own known reasons and shows nothing of anything else, so a crafted link cannot put words on a
 * government page.
 */
export const SESSION_NOTICE_REASONS = {
  /**
   * The launch page (the site root, where a 401 sends the person: spec section 7) after a signed-in page or a
   * form was reached once the session had ended (timed out, signed out in another tab or window): "You are no
   * longer signed in" (spec 01 section 8, "no longer logged in").
   */
  sessionEnded: 'session-ended',
  /** The signed-out page when the sign-out could not be completed (spec 02 section 8, "sign-out failure"). */
  signOutFailed: 'sign-out-failed',
} as const;

/** Where a person whose session has ended is sent: the launch page, saying they are no longer signed in. */
export const SESSION_ENDED_PATH = `/?reason=${SESSION_NOTICE_REASONS.sessionEnded}`;
/** Where a sign-out that could not be completed ends: the signed-out page, saying so. */
export const SIGN_OUT_FAILED_PATH = `/signed-out?reason=${SESSION_NOTICE_REASONS.signOutFailed}`;

/** The launch page's notice for the `reason` in its address. */
export function launchNotice(reason: string | null | undefined): 'sessionEnded' | undefined {
  return reason === SESSION_NOTICE_REASONS.sessionEnded ? 'sessionEnded' : undefined;
}

/** The signed-out page's notice for the `reason` in its address, or undefined for a plain sign-out. */
export function signedOutNotice(
  reason: string | null | undefined,
): 'inactive' | 'maxDuration' | 'signOutFailed' | undefined {
  switch (reason) {
    case SIGN_OUT_REASONS.inactive:
    case 'inactive':
      return 'inactive';
    case SIGN_OUT_REASONS.maxDuration:
    case 'maxDuration':
      return 'maxDuration';
    case SESSION_NOTICE_REASONS.signOutFailed:
      return 'signOutFailed';
    default:
      return undefined;
  }
}
