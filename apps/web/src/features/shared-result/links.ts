import { shareLinkErrorPage } from '@dis/domain';
import { useSearchParams } from '../../lib/router';
import { ApiError } from '../../lib/api-client';

const GENERIC_ERROR = '/error';
const enc = encodeURIComponent;

export const sharedResultPath = (id: string) => `/shared-result?sharedResultId=${enc(id)}`;
export const basicSharedResultPath = (sharedResultId: string, viewId: string) =>
  `/shared-basic-result?sharedResultId=${enc(sharedResultId)}&viewId=${enc(viewId)}`;

/** The error page for a failed recipient call (a basic link's expiry has its own page). */
export function errorPageFor(error: unknown, basic = false): string {
  const page = shareLinkErrorPage(
    error instanceof ApiError ? { backendCode: error.backendCode, status: error.status } : {},
    basic,
  );
  return page ? `/error?code=${page}` : GENERIC_ERROR;
}

/** The identity check's wrong answer, shown in the form (spec 02 section 8). */
export const NO_MATCH = 'sharedResult.additional.noMatch';

/** The identity check's last allowed wrong answer (401): the incorrect-details page (spec 02 section 8). */
export const isAttemptsExceeded = (error: unknown): boolean =>
  error instanceof ApiError && error.backendCode === 'VIEW_SHARED_RESULT_ATTEMPTS_EXCEEDED';

/** Where a link that is not one goes (a blank token, no shared result in the address). */
export const INVALID_LINK = '/error?code=invalid_link_broken_or_replaced';

/** A token in the URL that is blank is an invalid link, decided here before any call (a real one never stays). */
export function useBlankToken(): boolean {
  const [search] = useSearchParams();
  return search.has('token');
}
