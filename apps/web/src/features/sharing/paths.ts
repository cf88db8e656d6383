import type { OtcRequestCounter } from '@dis/domain';

const enc = encodeURIComponent;

export const oneTimeCodePath = (resultId: string) => `/one-time-code?resultId=${enc(resultId)}`;
/** The share pages carry the result being shared in the query (the spec's paths have no id). */
export const shareResultPath = (resultId: string) => `/share-result?resultId=${enc(resultId)}`;
/** A review-eligible scheme record's share: the purpose confirmed first (decision 0054). */
export const shareConfirmationPath = (resultId: string) => `/share-confirmation?resultId=${enc(resultId)}`;
export const shareConsentPath = (resultId: string) => `/share/consent?resultId=${enc(resultId)}`;
export const shareSuccessPath = (resultId: string) => `/share-success?resultId=${enc(resultId)}`;
/** After a share with a named recipient: the success page says the recipient was emailed a link. */
export const recipientShareSuccessPath = (resultId: string) => `${shareSuccessPath(resultId)}&to=recipient`;
export const recipientDetailsPath = (resultId: string, step?: 'address' | 'manual' | 'check') =>
  `/share/recipient-details?resultId=${enc(resultId)}${step ? `&step=${step}` : ''}`;
export const resultPagePath = (resultId: string) => `/results/${enc(resultId)}`;
export const sharePaperPath = (resultId: string) => `/share-paper-result?resultId=${enc(resultId)}`;
export const sharePaperSuccessPath = (resultId: string) => `/share-paper-success?resultId=${enc(resultId)}`;
export const alreadySharedPaperPath = (resultId: string) => `/already-shared-paper?resultId=${enc(resultId)}`;
/**
 * Where a failed paper share goes (spec 02 sections 4 and 8: "paper share failure goes to the error page"): the
 * generic error page with the server's backend code, message, status and request id, for the helpline.
 */
export function paperShareErrorPath(failure: {
  backendCode?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
  requestId?: string | undefined;
}): string {
  const query = new URLSearchParams();
  if (failure.backendCode) query.set('code', failure.backendCode);
  if (failure.message) query.set('message', failure.message);
  if (failure.status) query.set('status', String(failure.status));
  if (failure.requestId) query.set('requestId', failure.requestId);
  const search = query.toString();
  return search ? `/error?${search}` : '/error';
}
/** "Who can see my result": every share of the result, and stopping one (after a confirmation page). */
export const whoCanSeePath = (resultId: string) => `/who-can-see-my-result?resultId=${enc(resultId)}`;
export const stopSharingPath = (resultId: string, shareId: string) =>
  `/who-can-see-my-result/stop?resultId=${enc(resultId)}&shareId=${enc(shareId)}`;

/** The verify page's address with what the page that sent the code knows (the phone's last digits, the count). */
export function verifyCodePath(
  resultId: string,
  code: { partialPhoneNumber: string; counter: OtcRequestCounter },
  resent = false,
): string {
  const query = new URLSearchParams({
    resultId,
    digits: code.partialPhoneNumber,
    requests: String(code.counter.requests),
  });
  if (resent) query.set('resent', 'true');
  return `/one-time-code/verify?${query.toString()}`;
}

/** The counter the verify page's address carries (after one request the resend link, after two the notice). */
export function counterOf(search: URLSearchParams): OtcRequestCounter | null {
  const requests = Number(search.get('requests'));
  if (!Number.isInteger(requests) || requests < 1) return null;
  return { requests, limitNoticeShown: requests > 1 };
}
