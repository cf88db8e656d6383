import type { ErrorPageCode } from '../codes';
import { isErrorPageCode } from '../codes';

/** The page /error?code= shows (section 8); several codes share one page. */
export type ErrorPageKind =
  | 'invalid-request'
  | 'service-unavailable'
  | 'matching-error'
  | 'id-error'
  | 'too-many-requests'
  | 'before-you-continue'
  | 'mobile-number-not-found'
  | 'invalid-mobile-number'
  | 'authorization-request-not-found'
  | 'application-already-linked'
  | 'user-already-linked-or-do-not-exist'
  | 'link-attempts-exceeded'
  | 'link-broken-or-replaced'
  | 'expired-link'
  | 'expired-basic-share-link'
  | 'application-reference-missing'
  | 'dob-mismatch'
  | 'dob-mismatch-attempts-exceeded'
  | 'generic';

const KINDS: Record<ErrorPageCode, ErrorPageKind> = {
  invalid_scope: 'invalid-request',
  invalid_request: 'invalid-request',
  unsupported_response_type: 'invalid-request',
  server_error: 'service-unavailable',
  temporarily_unavailable: 'service-unavailable',
  matching_error: 'matching-error',
  id_error: 'id-error',
  max_requests: 'too-many-requests',
  org_not_matching: 'before-you-continue',
  incorrect_role_csg: 'before-you-continue',
  incorrect_role_applicant: 'before-you-continue',
  mobile_number_not_found: 'mobile-number-not-found',
  invalid_mobile_number: 'invalid-mobile-number',
  authorization_request_not_found: 'authorization-request-not-found',
  application_already_linked: 'application-already-linked',
  user_already_linked_or_do_not_exist: 'user-already-linked-or-do-not-exist',
  invalid_link_attempts_exceeded: 'link-attempts-exceeded',
  invalid_link_broken_or_replaced: 'link-broken-or-replaced',
  expired_link: 'expired-link',
  expired_basic_share_link: 'expired-basic-share-link',
  application_reference_missing: 'application-reference-missing',
  dob_mismatch: 'dob-mismatch',
  dob_mismatch_attempts_exceeded: 'dob-mismatch-attempts-exceeded',
};

export function errorPageKind(code: string | null | undefined): ErrorPageKind {
  return isErrorPageCode(code) ? KINDS[code] : 'generic';
}

/** dob_mismatch_attempts_exceeded goes to the too-many-mismatches page rather than /error. */
export function errorPagePath(code: ErrorPageCode): string {
  return code === 'dob_mismatch_attempts_exceeded'
    ? '/date-of-birth-mismatch'
    : `/error?code=${encodeURIComponent(code)}`;
}
