import { randomUUID } from 'node:crypto';
import { sharedLinkExpiresAt } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { SHARED_LINK_WHAT_YOU_NEED } from '../../integrations/notify/templates';
import { newSecret, type LinkCore, type RecipientCaller, type ShareLinkDeps } from './links';
import * as store from './store';

/** The applicant's side of a link: made with its share, emailed to the recipient, and its lock for their list. */
export function createLinkIssuing(deps: ShareLinkDeps, core: LinkCore) {
  const { db } = deps;
  return {
    /**
     * Inside the share's transaction: a new link for the share, expiring as the domain says from the share's time.
     * Returns the token, which exists only in the email from here on.
     */
    async issue(trx: Db, share: { shareId: string; basic: boolean; sharedAt: Date }) {
      const token = newSecret();
      const expiresAt = sharedLinkExpiresAt(share.sharedAt, share.basic);
      await store.insertLink(trx, {
        id: randomUUID(),
        shareId: share.shareId,
        tokenHash: core.hash('token', token),
        basic: share.basic,
        createdAt: share.sharedAt,
        expiresAt,
      });
      return { token, expiresAt };
    },

    /**
     * In the share's transaction: the recipient's email with their link, in the outbox, and its audit record.
     * Returns the message's id, for `sendWritten` once the share commits.
     */
    async writeEmail(
      trx: Db,
      caller: RecipientCaller & { userId: string },
      share: {
        shareId: string;
        resultId: string;
        email: string;
        token: string;
        expiresAt: Date;
        basic: boolean;
      },
    ): Promise<string | null> {
      const page = share.basic ? '/shared-basic' : '/before-you-continue';
      const messageId = await deps.outbox.enqueue(trx, {
        channel: 'email',
        template: 'shared-link',
        to: share.email,
        personalisation: {
          link: `${deps.publicUrl}${page}?token=${share.token}`,
          expiryDate: share.expiresAt.toISOString().slice(0, 10),
          whatYouNeed: SHARED_LINK_WHAT_YOU_NEED[share.basic ? 'basic' : 'details'],
        },
        about: { type: 'share', id: share.shareId },
      });
      await writeAudit(trx, {
        event: 'shared_link.sent',
        outcome: messageId ? 'success' : 'failure',
        userId: caller.userId,
        requestId: caller.requestId,
        detail: { shareId: share.shareId, resultId: share.resultId },
      });
      return messageId;
    },

    /** After the commit: sends the messages written in it now (the outbox job sends any it could not). */
    sendWritten: (ids: readonly (string | null)[]) => deps.outbox.dispatch(ids),

    /** For "who can see my result": when each of these shares' links locked (never-locked shares absent). */
    lockTimes(shareIds: readonly string[]): Promise<Map<string, Date>> {
      return store.lockTimesOfShares(db, shareIds);
    },
  };
}
