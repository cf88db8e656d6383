// Business constants of section 9 of both spec documents, named once. Values the spec leaves
// unstated are chosen here and explained in docs/decisions/0001-unstated-constants.md.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// Applications
export const APPLICATION_EXPIRY_DAYS = 14;
export const IDENTITY_DOCUMENTS_DAYS = 14;
export const IDENTITY_FORMS_REQUIRED = 3;
export const PROCESSING_AIM_WORKING_DAYS = 14;
/** Some pages of the service state the shorter aim. */
export const PROCESSING_AIM_WORKING_DAYS_SHORT = 10;
export const REPRESENTATIONS_WORKING_DAYS = 28;

// Results, sharing and appeals
export const RESULT_VIEWING_DAYS = 14;
export const BASIC_VIEWING_MINUTES = 15;
export const BASIC_VIEWING_MS = BASIC_VIEWING_MINUTES * MINUTE_MS;
export const SHARE_CUTOFF_DAYS = 10;
/** A basic shared link is valid 10 days (section 8: expired_link). */
export const BASIC_SHARED_LINK_VALID_DAYS = 10;
/** Any other shared link is valid 14 days (section 8: expired_link). */
export const SHARED_LINK_VALID_DAYS = 14;
export const SHARE_COOLDOWN_MINUTES = 30;
export const SHARE_COOLDOWN_MS = SHARE_COOLDOWN_MINUTES * MINUTE_MS;
/** Not shown in the spec: chosen. */
export const MAX_SHARES_PER_RESULT = 10;
/** Not shown in the spec: chosen to equal the basic viewing time-out. */
export const BASIC_SHARE_TIMEOUT_MS = BASIC_VIEWING_MS;
/** Not shown in the spec (decision 0022): the recipient's cookie session after opening a link. */
export const SHARED_LINK_SESSION_MINUTES = 30;
export const SHARED_LINK_SESSION_MS = SHARED_LINK_SESSION_MINUTES * MINUTE_MS;
/** Not shown in the spec: chosen. */
export const SHARED_RESULT_POLL_INTERVAL_MS = 30 * SECOND_MS;
export const APPEAL_DEADLINE_OFFSET_DAYS = 1;

// One-time codes
export const PASSCODE_LENGTH = 6;
export const PASSCODE_VALIDITY_MINUTES = 15;
export const PASSCODE_VALIDITY_MS = PASSCODE_VALIDITY_MINUTES * MINUTE_MS;
export const PASSCODE_MAX_ATTEMPTS = 3;
/** Not shown in the spec: the screen stops offering a resend after the second request, so the server allows two. */
export const PASSCODE_MAX_REQUESTS = 2;
/** Not shown in the spec: the request counter resets with the code lifetime. */
export const PASSCODE_REQUEST_WINDOW_MS = PASSCODE_VALIDITY_MS;
/**
 * Not shown in the spec (decision 0021): a verified one-time code lets the applicant share for 30 minutes, so
 * a share after the 30-minute cooldown asks for a fresh code.
 */
export const STEP_UP_VALIDITY_MS = 30 * MINUTE_MS;
/**
 * Not in the spec (decision 0039): wrong text-message codes a basic share link takes over its whole life, across
 * every code sent for it, before the link itself locks (two codes' worth of attempts). A locked link answers as any
 * broken link, and "who can see my result" shows it locked.
 */
export const BASIC_LINK_MAX_FAILED_CODES = 2 * PASSCODE_MAX_ATTEMPTS;
/** Not shown in the spec: additional-information attempts before incorrect-details. */
export const ADDITIONAL_INFORMATION_MAX_ATTEMPTS = 3;
/** Not shown in the spec: date-of-birth mismatches before the lockout page. */
export const DOB_MISMATCH_MAX_ATTEMPTS = 3;
/** Not shown in the spec: after the last allowed mismatch, date-of-birth updates are refused for 24 hours. */
export const DOB_MISMATCH_LOCKOUT_HOURS = 24;
export const DOB_MISMATCH_LOCKOUT_MS = DOB_MISMATCH_LOCKOUT_HOURS * HOUR_MS;
/**
 * Not shown in the spec: failed identity matches when linking an emailed application, in a row, before
 * linking is refused for the lockout below (docs/decisions/0014-access-to-records-and-input.md).
 */
export const LINK_MATCH_MAX_ATTEMPTS = 3;
export const LINK_MATCH_LOCKOUT_HOURS = 24;
export const LINK_MATCH_LOCKOUT_MS = LINK_MATCH_LOCKOUT_HOURS * HOUR_MS;

// Session
export const SESSION_WARNING_MS = 29 * MINUTE_MS;
export const SESSION_COUNTDOWN_SECONDS = 60;
export const SESSION_COUNTDOWN_STEP_MS = SECOND_MS;
export const SESSION_IDLE_MS = 30 * MINUTE_MS;
export const SESSION_MAX_MS = 4 * HOUR_MS;
/** While the person is active, the browser tells the server so (a user-information request) at most this often. */
export const SESSION_KEEP_ALIVE_MS = MINUTE_MS;
/** The server records a session's activity at most this often, so that a read does not re-write the session. */
export const SESSION_TOUCH_MS = MINUTE_MS;
/**
 * How long after the activity it last recorded the server ends a session (docs/decisions/0035-session-idle-limit.md):
 * the 30 idle minutes plus the two intervals by which that record can trail the person's last activity in the
 * browser. The server so never ends a session before the browser's warning and countdown have run (the browser
 * itself signs out at 30 minutes); this is the limit for a browser that cannot (closed, or asleep).
 */
export const SESSION_SERVER_IDLE_MS = SESSION_IDLE_MS + SESSION_KEEP_ALIVE_MS + SESSION_TOUCH_MS;
/** Defined by the spec without a use: we use it as the lifetime of a pending sign-in (state and nonce). */
export const SESSION_EXPIRY_MS = 900_000;
export const SUCCESS_NOTIFICATION_MS = 2000;
export const COOKIE_CONSENT_DAYS = 365;
export const COOKIE_CONSENT_MS = COOKIE_CONSENT_DAYS * DAY_MS;

// Lists: totals are exact up to this bound; past it a list says "more than" (decision 0024).
export const LIST_COUNT_BOUND = 1_000;
/** Past the bound, a list's count still reaches this many pages beyond the page shown. */
export const LIST_COUNT_PAGES_AHEAD = 10;
/** How far a list page counts its matches: the bound, or further for a deep page (its end and the pages ahead). */
export function listCountBound(offset: number, pageSize: number): number {
  return Math.max(LIST_COUNT_BOUND, offset + pageSize * (1 + LIST_COUNT_PAGES_AHEAD));
}

// People and dates
export const MIN_AGE = 12;
export const MIN_AGE_SCHEME = 16;
export const ADDRESS_HISTORY_YEARS = 5;
export const MAX_RESIDENCE_YEARS = 100;
export const EARLIEST_DATE = '1900-01-01';
export const TIME_ZONE = 'Europe/London';
export const DEFAULT_COUNTRY = 'GB';
/** date-fns patterns of the display and API formats (DD/MM/YYYY, DD MMMM YYYY, MMMM YYYY, YYYY-MM-DD). */
export const DATE_FORMAT_SHORT = 'dd/MM/yyyy';
export const DATE_FORMAT_LONG = 'dd MMMM yyyy';
export const DATE_FORMAT_MONTH_YEAR = 'MMMM yyyy';
export const DATE_FORMAT_API = 'yyyy-MM-dd';

// Field caps
export const MAX_NAME_LENGTH = 100;
export const MAX_FORENAME_LENGTH = MAX_NAME_LENGTH;
export const MAX_MIDDLE_NAMES_LENGTH = MAX_NAME_LENGTH;
export const MAX_SURNAME_LENGTH = MAX_NAME_LENGTH;
export const MAX_OTHER_TITLE_LENGTH = 30;
export const MAX_PREVIOUS_NAMES = 20;
export const MAX_MOTHERS_MAIDEN_NAME_LENGTH = 100;
export const MAX_PLACE_OF_BIRTH_LENGTH = 100;
export const MAX_POSITION_LENGTH = 64;
export const MAX_ORGANISATION_NAME_LENGTH = 64;
export const MAX_TEXT_LENGTH = 100;
export const MAX_ADDRESS_LINE_LENGTH = MAX_TEXT_LENGTH;
export const MAX_COUNTY_LENGTH = 32;
export const MAX_LONG_TEXT_LENGTH = 250;
export const MAX_SHORT_TEXT_LENGTH = 20;
export const MAX_RECIPIENT_NAME_LENGTH = MAX_LONG_TEXT_LENGTH;
export const MAX_APPLICANT_NAME_FILTER_LENGTH = 130;
export const MAX_CSG_CODE_FILTER_LENGTH = 9;
export const CSG_CODE_FILTER_INPUT_LENGTH = 10;
export const MIN_PHONE_DIGITS = 7;
export const MAX_PHONE_DIGITS = 15;
export const MAX_PHONE_LENGTH = 15;
export const MAX_NI_NUMBER_LENGTH = 13;
export const MAX_REGISTRATION_NUMBER_LENGTH = 13;
export const MIN_REGULATORY_BODIES = 1;
export const MAX_REGULATORY_BODIES = 2;
export const UK_PASSPORT_DIGITS = 9;
export const UK_PASSPORT_INPUT_LENGTH = 16;
export const OTHER_PASSPORT_INPUT_LENGTH = 32;
export const GB_LICENCE_LENGTH = 16;
export const NI_LICENCE_LENGTH = 8;
export const OTHER_LICENCE_LENGTH = 32;
export const SCHEME_MEMBERSHIP_NUMBER_LENGTH = 16;

// CSV batch upload
export const CSV_MIN_ROWS = 1;
/** The spec states 100 and shows no separately configured maximum: the configured value is the same. */
export const CSV_MAX_ROWS = 100;
export const CSV_MAX_BYTES = 500 * 1024;
export const CSV_POLL_AWAITING_MS = 1000;
export const CSV_POLL_SUBMITTED_MS = 1500;
export const CSV_POLL_DEFAULT_MS = 1000;

// Lists
export const ORGANISATION_PAGE_SIZES = [10, 20, 50, 100] as const;
export const APPLICANT_PAGE_SIZES = [5, 10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The page-size selector shows when the total exceeds this. */
export const ORGANISATION_PAGE_SIZE_SELECTOR_THRESHOLD = 10;
export const APPLICANT_PAGE_SIZE_SELECTOR_THRESHOLD = 5;

// Helpline (days as date-fns getDay numbers: 1 Monday ... 5 Friday; Thursday is not stated so not listed)
export const HELPLINE_HOURS = [
  { days: [1, 2, 3], opens: '09:00', closes: '16:00' },
  { days: [5], opens: '09:00', closes: '15:30' },
] as const;

// Reminders before deadlines (docs/decisions/0041-transactional-outbox-and-reminders.md): how long before each
// deadline (or after a result is ready) the person is reminded, once.
export const REMINDER_HANDOVER_DAYS_BEFORE = 3;
export const REMINDER_DRAFT_DAYS_BEFORE = 3;
export const REMINDER_RESULT_UNVIEWED_DAYS_AFTER = 3;
export const REMINDER_VIEWING_ENDS_DAYS_BEFORE = 2;
export const REMINDER_SHARE_WINDOW_DAYS_BEFORE = 2;
export const REMINDER_APPEAL_DAYS_BEFORE = 3;
export const REMINDER_COUNTERSIGNATORY_DAYS_BEFORE = 3;
/** A reminder with no deadline after it (a result not yet viewed) is still sent this long after its moment. */
export const REMINDER_LATE_DAYS = 7;
