import { BASIC_SHARE_TIMEOUT_MS } from '@dis/domain';
import type { SharedResult } from '@dis/domain/contracts';
import {
  linkExpired,
  linkStateOf,
  recipientView,
  SHARE_OPENED_EVENT,
  type LinkCore,
  type RecipientCaller,
  type RecipientCookies,
  type ShareLinkDeps,
} from './links';

/** The result a recipient's verified session reads (a basic one until its time-out), and what a print is of. */
export function createResultReading(deps: ShareLinkDeps, core: LinkCore) {
  const { clock } = deps;
  return {
    /**
     * The shared result, for a session that passed the identity check for this share. `refresh` is the page's
     * polling: only a page load counts (and is audited) as an opening.
     */
    async sharedResult(
      caller: RecipientCaller,
      cookies: RecipientCookies,
      shareId: string,
      refresh: boolean,
    ): Promise<SharedResult> {
      const now = clock.now();
      const found = await core.sessionOf(cookies, now);
      // A basic link's result is read only through `basicResult`, within its time-out.
      const result =
        found &&
        found.session.verifiedAt &&
        !found.link.basic &&
        found.link.share_id === shareId &&
        found.state === 'usable'
          ? await deps.results.recipientResult(found.link.result_id)
          : undefined;
      if (!found || !result) {
        await core.audit(SHARE_OPENED_EVENT, 'refused', caller, { shareId });
        throw linkExpired();
      }
      if (!refresh) await core.recordOpening(caller, found, shareId, now);
      return recipientView(shareId, found.link.expires_at, result);
    },

    /**
     * The share and result a recipient's session opens, for a session that passed the identity check for this
     * share (nothing recorded: the recipient's print of the result they are reading; decision 0051).
     */
    async recipientShare(
      cookies: RecipientCookies,
      shareId: string,
    ): Promise<{ shareId: string; resultId: string } | undefined> {
      const now = clock.now();
      const found = await core.sessionOf(cookies, now);
      const verifiedAt = found?.session.verifiedAt;
      if (
        !found ||
        !verifiedAt ||
        found.link.share_id !== shareId ||
        linkStateOf(found.link, now, true) !== 'usable' ||
        // A Basic result's recipient prints it only while they may read it (decision 0057).
        (found.link.basic && now.getTime() >= verifiedAt.getTime() + BASIC_SHARE_TIMEOUT_MS)
      )
        return undefined;
      return { shareId, resultId: found.link.result_id };
    },

    /** The basic shared result, for the session whose code opened it, until the basic time-out. */
    async basicResult(caller: RecipientCaller, cookies: RecipientCookies, shareId: string, viewId: string) {
      const now = clock.now();
      const found = await core.sessionOf(cookies, now);
      const verifiedAt = found?.session.verifiedAt;
      const open =
        found &&
        verifiedAt &&
        found.link.basic &&
        found.session.id === viewId &&
        found.link.share_id === shareId &&
        found.state === 'usable' &&
        now.getTime() < verifiedAt.getTime() + BASIC_SHARE_TIMEOUT_MS;
      const result = open ? await deps.results.recipientResult(found.link.result_id) : undefined;
      if (!found || !verifiedAt || !result) {
        await core.audit(SHARE_OPENED_EVENT, 'refused', caller, { shareId, basic: true });
        throw linkExpired();
      }
      await core.recordOpening(caller, found, shareId, now);
      return {
        ...recipientView(shareId, found.link.expires_at, result),
        viewingEndsAt: new Date(verifiedAt.getTime() + BASIC_SHARE_TIMEOUT_MS).toISOString(),
      };
    },
  };
}

export type ResultReading = ReturnType<typeof createResultReading>;
