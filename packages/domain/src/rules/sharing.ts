import type { AppealDecision, ApplicationTypeCode, BackendCode, Channel, ErrorPageCode } from '../codes';
import { CONFIRMATION_TYPES } from '../codes';
import {
  BASIC_SHARED_LINK_VALID_DAYS,
  MAX_SHARES_PER_RESULT,
  SHARE_COOLDOWN_MS,
  SHARE_CUTOFF_DAYS,
  SHARED_LINK_VALID_DAYS,
} from '../limits';
import { isAppealPending, isSharingAllowedByAppeal } from './appeals';
import { DAY_MS, addUtcDays, toInstant, utcStartOf } from './dates';
import { isSchemeRecordType } from './review';

/** The share expiry date of a result: 10 days from its date of issue (both YYYY-MM-DD). */
export function shareExpiryDateFor(dateOfIssue: string): string {
  return addUtcDays(dateOfIssue, SHARE_CUTOFF_DAYS);
}

/** The share window ends when the share expiry date plus one day has passed, in UTC: the whole expiry day is open. */
export function shareWindowEndsAt(shareExpiryDate: string): Date {
  return new Date(utcStartOf(shareExpiryDate).getTime() + DAY_MS);
}

export function isShareWindowOpen(shareExpiryDate: string | null | undefined, now: Date): boolean {
  if (!shareExpiryDate) return false;
  return now.getTime() < shareWindowEndsAt(shareExpiryDate).getTime();
}

export type ShareRoute = 'recipient-details' | 'consent' | 'direct';

export interface ShareRouteFacts {
  type: ApplicationTypeCode;
  isCountersigned: boolean;
  channel: Channel;
}

/** Level 1 not countersigned or a B2B result asks for the recipient; confirmation types ask for consent; else share directly. */
export function shareRouteFor(facts: ShareRouteFacts): ShareRoute {
  if ((facts.type === 'LA' && !facts.isCountersigned) || facts.channel === 'B') return 'recipient-details';
  if ((CONFIRMATION_TYPES as readonly ApplicationTypeCode[]).includes(facts.type)) return 'consent';
  return 'direct';
}

export const SHARE_ROUTE_PATHS = {
  'recipient-details': '/share/recipient-details',
  consent: '/share/consent',
  direct: '/share-success',
} as const satisfies Record<ShareRoute, string>;

/** A paper share can happen once; digital sharing stays on offer either way. */
export function shareOptions(sharedPaperResult: boolean): { digital: true; paper: boolean } {
  return { digital: true, paper: !sharedPaperResult };
}

/** Time still to wait before the next share (0 when it may go now). */
export function shareCooldownRemainingMs(lastSharedAt: Date | string | null | undefined, now: Date): number {
  if (!lastSharedAt) return 0;
  const remaining = toInstant(lastSharedAt).getTime() + SHARE_COOLDOWN_MS - now.getTime();
  // A last share stamped after `now` (clock skew between instances) still waits only one full cooldown.
  return Math.min(SHARE_COOLDOWN_MS, Math.max(0, remaining));
}

export function isShareCooldownMet(lastSharedAt: Date | string | null | undefined, now: Date): boolean {
  return shareCooldownRemainingMs(lastSharedAt, now) === 0;
}

export interface ShareHistory {
  shareCount: number;
  lastSharedAt: Date | string | null | undefined;
}

/** Why the server refuses another share (limit first: waiting would not help), or null when it may go. */
export function shareRefusal(history: ShareHistory, now: Date): BackendCode | null {
  if (history.shareCount >= MAX_SHARES_PER_RESULT) return 'SHARE_LIMIT_EXCEEDED';
  if (!isShareCooldownMet(history.lastSharedAt, now)) return 'SHARE_COOLDOWN_TIMER_NOT_MET';
  return null;
}

/** When a recipient's link stops working: 10 days for a basic shared link, 14 otherwise. */
export function sharedLinkExpiresAt(sharedAt: Date | string, basic: boolean): Date {
  const days = basic ? BASIC_SHARED_LINK_VALID_DAYS : SHARED_LINK_VALID_DAYS;
  return new Date(toInstant(sharedAt).getTime() + days * DAY_MS);
}

/** The hint on the basic send-code page: the last 4 digits of the phone when it is longer than 4. */
export function phoneHint(phoneNumber: string | null | undefined): string | null {
  const digits = (phoneNumber ?? '').replace(/\D/g, '');
  return digits.length > 4 ? digits.slice(-4) : null;
}

/**
 * The phone a recipient's code goes to, masked as the page shows it: seven stars and the last 4 digits (never
 * the whole number, nor its length); null when there are 4 digits or fewer.
 */
export function maskedPhone(phoneNumber: string | null | undefined): string | null {
  const hint = phoneHint(phoneNumber);
  return hint === null ? null : `*******${hint}`;
}

/**
 * The /error?code= page for a failure of a recipient's share link, or null for the generic error.
 * VALIDATE_VIEW_SHARED_RESULT_INVALID has no stated page; a link that fails validation is treated as broken.
 */
export function shareLinkErrorPage(
  failure: { backendCode?: string | null; status?: number | null },
  basic: boolean,
): ErrorPageCode | null {
  const expired: ErrorPageCode = basic ? 'expired_basic_share_link' : 'expired_link';
  switch (failure.backendCode) {
    case 'VIEW_SHARED_RESULT_ATTEMPTS_EXCEEDED':
      return 'invalid_link_attempts_exceeded';
    case 'SHARED_RESULT_LINK_INVALID':
    case 'VALIDATE_VIEW_SHARED_RESULT_INVALID':
      return 'invalid_link_broken_or_replaced';
    case 'SHARED_RESULT_LINK_EXPIRED':
    case 'SHARED_RESULT_LINK_ALREADY_USED':
      return expired;
    default:
      return failure.status === 401 ? expired : null;
  }
}

export type ShareSectionState =
  /** Share button (or share-or-review choice) on offer. */
  | 'available'
  /** A review is under way: sharing blocked. */
  | 'review-in-progress'
  /** The applicant intends to appeal: inset, no sharing. */
  | 'appeal-pending'
  /** Not shareable, or appealable convictions without a decision (the appeal question shows instead). */
  | 'not-allowed'
  /** Window over: the section is replaced by the expired note. */
  | 'expired'
  /** Scheme record past its share expiry and not review-eligible: no share section at all. */
  | 'hidden';

export interface ShareSectionFacts {
  type: ApplicationTypeCode;
  shareable: boolean;
  shareExpiryDate: string | null | undefined;
  isUnderReview: boolean;
  isReviewEligible: boolean;
  convictions: readonly { appealable: boolean }[];
  appealDecision: AppealDecision | null | undefined;
}

/** What the share part of a result page shows, combining the review, appeal and window rules of section 4. */
export function shareSectionState(facts: ShareSectionFacts, now: Date): ShareSectionState {
  return shareSectionStateFor(facts, isShareWindowOpen(facts.shareExpiryDate, now));
}

/**
 * The same decision when whether the share window is open is already known: the page takes it from the server's
 * answer (the result's `shareWindowOpen`), never from the browser's clock.
 */
export function shareSectionStateFor(
  facts: Omit<ShareSectionFacts, 'shareExpiryDate'>,
  shareWindowOpen: boolean,
): ShareSectionState {
  if (facts.isUnderReview) return 'review-in-progress';
  if (isAppealPending(facts)) return 'appeal-pending';
  if (!isSharingAllowedByAppeal(facts)) return 'not-allowed';
  if (shareWindowOpen) return 'available';
  return isSchemeRecordType(facts.type) && !facts.isReviewEligible ? 'hidden' : 'expired';
}
