import { randomUUID } from 'node:crypto';
import { SHARED_LINK_SESSION_MS } from '@dis/domain';
import { linkRefusal, newSecret, SECRET_PATTERN } from './links';
import type { LinkCore, LinkState, RecipientCaller, RecipientCookies, ShareLinkDeps } from './links';
import * as store from './store';

/** The recipient's session: a link's token exchanged for it, and whether it opens a working link. */
export function createRecipientSessions(deps: ShareLinkDeps, core: LinkCore) {
  const { db, clock } = deps;
  const sessions = {
    /**
     * The token from the emailed URL, exchanged for a new recipient session (its cookie value returned); null for
     * a token that does not open a link, which the recipient then learns on the next page, like any other.
     */
    async exchange(
      caller: RecipientCaller,
      token: string,
      browser?: string,
    ): Promise<
      | { cookie: string; basic: boolean; refused?: undefined }
      | { refused: Exclude<LinkState, 'usable'> | 'unknown'; basic: boolean | undefined }
    > {
      const now = clock.now();
      const link = SECRET_PATTERN.test(token)
        ? await store.linkByTokenHash(db, core.hash('token', token))
        : undefined;
      // A link bound to another browser opens nowhere else: its use is spent.
      const state = link ? core.stateOf(link, now, browser) : 'unknown';
      if (!link || state !== 'usable') {
        await core.audit('shared_link.exchanged', 'refused', caller, {
          ...(link ? { shareId: link.share_id } : {}),
          reason: state,
        });
        return { refused: state === 'usable' ? 'unknown' : state, basic: link?.basic };
      }
      const cookie = newSecret();
      await store.insertSession(db, {
        id: randomUUID(),
        linkId: link.id,
        sessionHash: core.hash('session', cookie),
        createdAt: now,
        expiresAt: new Date(Math.min(now.getTime() + SHARED_LINK_SESSION_MS, link.expires_at.getTime())),
      });
      await core.audit('shared_link.exchanged', 'success', caller, { shareId: link.share_id });
      return { cookie, basic: link.basic };
    },

    /**
     * The spec's calls carry the link's token (spec 02 section 7): exchanged here for a new recipient session, as
     * the first page does, whose cookie the route sets; the call then goes on with it. No token: the cookies as
     * they are. A token that does not open a link is refused as the link's state says.
     */
    async withToken(
      caller: RecipientCaller,
      cookies: RecipientCookies,
      token: string | undefined,
    ): Promise<{ cookies: RecipientCookies; issued: string | undefined }> {
      if (typeof token !== 'string') return { cookies, issued: undefined };
      const exchanged = await sessions.exchange(caller, token.trim(), cookies.browser);
      if (exchanged.refused !== undefined) throw linkRefusal(exchanged.refused);
      return { cookies: { ...cookies, session: exchanged.cookie }, issued: exchanged.cookie };
    },

    /** Whether the recipient's session opens a working link (else its refusal). */
    async validate(caller: RecipientCaller, cookies: RecipientCookies): Promise<{ valid: true }> {
      await core.usableLinkOf(caller, cookies, 'shared_link.validated', false);
      return { valid: true };
    },
  };
  return sessions;
}

export type RecipientSessions = ReturnType<typeof createRecipientSessions>;
