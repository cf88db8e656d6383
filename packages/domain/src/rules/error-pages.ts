import { ERROR_PAGE_KINDS, isErrorPageCode, type ErrorPageCode, type ErrorPageKind } from '../codes';

export function errorPageKind(code: string | null | undefined): ErrorPageKind {
  return isErrorPageCode(code) ? ERROR_PAGE_KINDS[code] : 'generic';
}

/** dob_mismatch_attempts_exceeded goes to the too-many-mismatches page rather than /error. */
export function errorPagePath(code: ErrorPageCode): string {
  return code === 'dob_mismatch_attempts_exceeded'
    ? '/date-of-birth-mismatch'
    : `/error?code=${encodeURIComponent(code)}`;
}
