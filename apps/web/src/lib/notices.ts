/**
 * Notices one page leaves for the next in the navigation state (`navigate(path, { state: { notice } })`),
 * shown once by the page that receives them.
 */
export const NOTICES = {
  /** The basic result's 15 minutes ran out: the result page left for the applicant's dashboard. */
  basicResultEnded: 'basicResultEnded',
} as const;
export type Notice = (typeof NOTICES)[keyof typeof NOTICES];

export function noticeOf(state: unknown): Notice | undefined {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return Object.values(NOTICES).find((known) => known === notice);
}
