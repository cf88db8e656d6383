import { shareChannelRules, sharedLinkExpiresAt } from '@dis/domain';
import type { ResponseOf, resultSharesContract, ShareEntry } from '@dis/domain/contracts';
import { successTimesByDetail } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { Delivery } from '../outbox/service';
import type { Caller } from '../results/service';
import { SHARE_OPENED_EVENT } from '../share-links/service';
import { auditCaller, auditingNotFound, instant, type SharingDeps } from './context';
import * as store from './store';

// "Who can see my result": every share of a result with what became of it, and stopping one.

interface ShareEntryContext {
  basic: boolean;
  organisationName: string | null;
  openings: readonly Date[];
  print: store.PrintRequestRow | undefined;
  /** When the recipient's link locked (too many wrong answers or codes), if it did. */
  lockedAt?: Date | undefined;
  now: Date;
  /** The delivery of the recipient's email, when one was sent. */
  email?: Delivery | undefined;
}

/** What became of a share the recipient gets online: stopped, locked, expired or active. */
function onlineStatus(row: store.ShareRow, context: ShareEntryContext, expiresAt: Date | null) {
  if (row.revoked_at !== null) return 'STOPPED';
  if (context.lockedAt) return 'LOCKED';
  if (expiresAt && context.now.getTime() >= expiresAt.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

/** One share as "who can see my result" shows it; every status decided here, never in the page. */
export function shareEntry(row: store.ShareRow, context: ShareEntryContext): ShareEntry {
  const post = shareChannelRules(row.channel).delivery === 'post';
  // Only a share with a named recipient is a link (emailed, with an expiry, opened by them); a share with the
  // organisation on the application has no link: the organisation reads the result in its own account.
  const link = !post && row.recipient !== 'ORGANISATION';
  const expiresAt = link ? sharedLinkExpiresAt(row.created_at, context.basic) : null;
  const status: ShareEntry['status'] = post
    ? context.print?.status === 'SENT'
      ? 'PAPER_SENT'
      : 'PAPER_REQUESTED'
    : onlineStatus(row, context, expiresAt);
  const recipientKind: ShareEntry['recipientKind'] = post
    ? 'APPLICANT_BY_POST'
    : row.recipient === 'ORGANISATION'
      ? 'ORGANISATION'
      : 'PERSON';
  return {
    shareId: row.id,
    channel: row.channel,
    recipientKind,
    recipientName:
      recipientKind === 'ORGANISATION'
        ? context.organisationName
        : recipientKind === 'PERSON'
          ? row.recipient
          : null,
    sharedOn: instant(row.created_at),
    expiresOn: expiresAt && expiresAt.toISOString(),
    status,
    stoppedOn: row.revoked_at === null ? null : instant(row.revoked_at),
    lockedOn: context.lockedAt ? instant(context.lockedAt) : null,
    sentOn: context.print?.sent_at ? instant(context.print.sent_at) : null,
    openings: context.openings.map((d) => d.toISOString()),
    canStop: status === 'ACTIVE',
    emailDelivery: context.email ?? null,
  };
}

/** The times each share was opened by its recipient, oldest first, from the audit trail. */
async function openingsOf(db: Db, shareIds: readonly string[]): Promise<Map<string, Date[]>> {
  const openings = new Map<string, Date[]>(shareIds.map((id) => [id, []]));
  for (const { value, occurredAt } of await successTimesByDetail(db, SHARE_OPENED_EVENT, 'shareId', shareIds))
    openings.get(value)?.push(occurredAt);
  return openings;
}

const shareNotFound = () => new ApiError(404, 'NOT_FOUND', 'Share not found');

export function createShareList(deps: SharingDeps) {
  const { db, clock } = deps;

  /** The caller's result for a sharing view or change; a refusal is audited under `event`, then 404. */
  const ownFacts = (caller: Caller, id: string, event: string, detail: Record<string, unknown> = {}) =>
    auditingNotFound(db, caller, event, { resultId: id, ...detail }, () =>
      deps.results.shareListFacts(caller, id),
    );

  /** Each share's entry, with its openings, email delivery, lock and print request. */
  async function entriesOf(
    facts: Awaited<ReturnType<typeof ownFacts>>,
    rows: store.ShareRow[],
    prints: ReadonlyMap<string, store.PrintRequestRow>,
  ): Promise<ShareEntry[]> {
    const ids = rows.map((r) => r.id);
    const openings = await openingsOf(db, ids);
    const emails = await deps.outbox.deliveryAbout('share', ids, 'shared-link');
    const locks = await deps.links.lockTimes(ids);
    const now = clock.now();
    return rows.map((row) =>
      shareEntry(row, {
        basic: facts.type === 'BD',
        organisationName: facts.organisationName,
        openings: openings.get(row.id) ?? [],
        print: prints.get(row.id),
        lockedAt: locks.get(row.id),
        now,
        email: emails.get(row.id),
      }),
    );
  }

  return {
    /** Every share of the caller's result with each opening; another person's result is not found. */
    async list(caller: Caller, id: string): Promise<ResponseOf<typeof resultSharesContract>> {
      const facts = await ownFacts(caller, id, 'result.shares_viewed');
      const rows = await store.sharesOf(db, facts.resultId);
      const prints = new Map((await store.printRequestsOf(db, facts.resultId)).map((p) => [p.share_id, p]));
      const shares = await entriesOf(facts, rows, prints);
      await auditCaller(db, caller, 'result.shares_viewed', 'success', {
        resultId: facts.resultId,
        shares: rows.length,
      });
      return { resultId: facts.resultId, disclosureTypeShortCode: facts.type, shares };
    },

    /**
     * Stops a share at once: its link no longer opens. Stopping it again changes nothing; a share its channel
     * does not let stop (a paper copy) cannot be; a share that is not the caller's is not found. Each stop (and
     * refusal) is audited.
     */
    async revoke(caller: Caller, id: string, shareId: string): Promise<ShareEntry> {
      const event = 'result.share_revoked';
      const facts = await ownFacts(caller, id, event, { shareId });
      const now = clock.now();
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await store.findShare(trx, facts.resultId, shareId, true);
        if (!row || row.applicant_user_id !== caller.userId) return { refusal: 'not_found' as const };
        if (!shareChannelRules(row.channel).stoppable) return { refusal: 'paper' as const };
        const already = row.revoked_at !== null;
        if (!already) await store.revokeShare(trx, row.id, now);
        await auditCaller(trx, caller, event, 'success', {
          resultId: facts.resultId,
          shareId: row.id,
          ...(already ? { alreadyStopped: true } : {}),
        });
        return { row: { ...row, revoked_at: row.revoked_at ?? now } };
      });
      if ('refusal' in outcome) {
        await auditCaller(db, caller, event, 'refused', {
          resultId: facts.resultId,
          shareId,
          reason: outcome.refusal,
        });
        if (outcome.refusal === 'not_found') throw shareNotFound();
        throw new ApiError(409, 'SHARE_NOT_REVOCABLE', 'A paper copy cannot be stopped');
      }
      const [entry] = await entriesOf(facts, [outcome.row], new Map());
      return entry!;
    },
  };
}
