import { isOneOf } from './codes';

// The error codes of the spec (documents 1 and 2, section 8) and of the API's errors, named once for web and api.

/** Every value of /error?code= in section 8 of both documents, with the page it shows (several codes share one). */
export const ERROR_PAGE_KINDS = {
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
} as const;
export type ErrorPageCode = keyof typeof ERROR_PAGE_KINDS;
/** The page /error?code= shows: a code's, or the generic page for any other code. */
export type ErrorPageKind = (typeof ERROR_PAGE_KINDS)[ErrorPageCode] | 'generic';
/** Every value of /error?code=, in the order of section 8. */
export const ERROR_PAGE_CODES = Object.keys(ERROR_PAGE_KINDS) as ErrorPageCode[];

export const isErrorPageCode = isOneOf(ERROR_PAGE_CODES);

/** Backend codes carried in `backendCode` of an API error. */
export const BACKEND_CODES = [
  'DOB_MISMATCH',
  'DOB_MISMATCH_ATTEMPTS_EXCEEDED',
  'MISSING_APPLICATION_REFERENCE',
  'SHARE_LIMIT_EXCEEDED',
  'SHARE_COOLDOWN_TIMER_NOT_MET',
  'VIEW_SHARED_RESULT_ATTEMPTS_EXCEEDED',
  'SHARED_RESULT_LINK_INVALID',
  'SHARED_RESULT_LINK_EXPIRED',
  'SHARED_RESULT_LINK_ALREADY_USED',
  'VALIDATE_VIEW_SHARED_RESULT_INVALID',
  'OTC_INVALID',
  'NUMBER_OF_ATTEMPTS_FOR_OTC_GENERATION_EXCEEDED',
  'CODE_ATTEMPTS_EXCEEDED',
  'CODE_INVALID',
  'RB_CODE_DOES_NOT_MATCH_USER',
  'INVALID_FILENAME_FORMAT',
  'FILENAME_ALREADY_IN_USE',
  'CSV_EXCEEDS_ROW_LIMIT',
  'ATTEMPTED_TO_UPLOAD_INFECTED_FILE',
  'CSV_NO_CONTENT',
  /** CSV batches: no file, a file over the size limit, a file that is not the template's CSV (decision 0019). */
  'CSV_FILE_REQUIRED',
  'CSV_EXCEEDS_SIZE_LIMIT',
  'CSV_INVALID_FORMAT',
  /** A CSV batch whose header row lacks required columns; the message names them (decision 0053). */
  'CSV_MISSING_COLUMNS',
  'APPLICATION_EXPIRED',
  'APPLICATION_ALREADY_LINKED',
  'APPLICATION_NOT_FOUND',
  'DRAFT_NOT_FOUND',
  'INCOMPLETE_APPLICATION',
  'ADDITIONAL_INFORMATION_INCORRECT',
  'ADDITIONAL_INFORMATION_ATTEMPTS_EXCEEDED',
  'PAYMENT_FAILED',
  'SHARE_NOT_ALLOWED',
  'PAPER_SHARE_ALREADY_USED',
  /** A paper copy cannot be stopped once asked for; only a digital link can. */
  'SHARE_NOT_REVOCABLE',
  /** Sharing needs a one-time code verified in this session first (decision 0021). */
  'STEP_UP_REQUIRED',
  /**
   * A review-eligible scheme record is shared only after the applicant chose to share it and confirmed why on
   * /share-confirmation in this session (decision 0054).
   */
  'SHARE_PURPOSE_NOT_CONFIRMED',
  'APPEAL_NOT_ALLOWED',
  'REVIEW_NOT_ALLOWED',
  'RESULT_VIEWING_EXPIRED',
  /** A basic result's 15 minutes from the first opening have passed. */
  'BASIC_RESULT_TIMED_OUT',
  /** Casework: a result is issued only for a SUBMITTED or B2B_SUBMITTED application without one. */
  'APPLICATION_NOT_SUBMITTED',
  /** Casework: an appeal outcome or review decision that does not apply to the result now. */
  'CASEWORK_NOT_ALLOWED',
  /** The organisation user's countersignatory record is empty (spec 01 section 6). */
  'COUNTERSIGNATORY_EMPTY',
  'DECLARATION_REQUIRED',
  'IDENTITY_NOT_VERIFIED',
  'FEATURE_DISABLED',
  'SERVICE_UNAVAILABLE',
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  // Codes the spec names in its own spelling (the error page codes of both documents' section 8).
  /** Hand-over data missing (spec 01 section 8: 'ApplicationDetails.NotFound'). */
  'ApplicationDetails.NotFound',
  'matching_error',
  'application_already_linked',
  'user_already_linked_or_do_not_exist',
  'MOBILE_NUMBER_NOT_FOUND',
  'INVALID_MOBILE_NUMBER',
  'SCHEME_MEMBERSHIP_NOT_FOUND',
  'NO_ADDRESSES_FOR_POSTCODE',
  /** The address chosen from a postcode's list is not among its addresses (spec 01 section 8: with the id). */
  'ADDRESS_NOT_FOUND',
  'POSTCODE_RESULTS_UNAVAILABLE',
  /** A dependency (the database, Redis) did not answer: 503. */
  'TEMPORARILY_UNAVAILABLE',
  /** A state change without the custom header or with another site's Origin. */
  'CSRF_REJECTED',
  'METHOD_NOT_ALLOWED',
  /** A request whose address cannot be decoded. */
  'BAD_URL',
] as const;
export type BackendCode = (typeof BACKEND_CODES)[number];

export const isBackendCode = isOneOf(BACKEND_CODES);
