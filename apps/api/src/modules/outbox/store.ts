import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { changedOne, columnOf } from '../../platform/db/rows';
import type { OutboxMessagesTable } from '../../platform/db/schema';

// The only code that reads or writes outbox_messages and reminder_settings.

export type OutboxRow = Selectable<OutboxMessagesTable>;
export type DeliveryStatus = NonNullable<OutboxRow['delivery_status']>;

/** Writes a message; with a dedupe key already used, writes nothing and returns false. */
export async function insertMessage(db: Db, row: Insertable<OutboxMessagesTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('outbox_messages')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Claims up to `limit` due unsent rows (only `ids` when given) for one worker until `lockedUntil`: FOR UPDATE SKIP
 * LOCKED in one statement, so two workers never claim the same row, and a row whose worker died is claimed again
 * once its lease has passed. Each claim counts as an attempt.
 */
export async function claimDue(
  db: Db,
  options: { now: Date; lockedUntil: Date; claim: string; limit: number; ids?: readonly string[] },
): Promise<OutboxRow[]> {
  const { now, lockedUntil, claim, limit, ids } = options;
  if (ids && ids.length === 0) return [];
  const due = db
    .selectFrom('outbox_messages')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
    .orderBy('next_attempt_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return db
    .updateTable('outbox_messages')
    .set({ claim, locked_until: lockedUntil, attempts: sql`attempts + 1` })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** The row's end (sent, failed or expired) or its next try, by the worker that holds its claim only. */
export async function finishAttempt(
  db: Db,
  id: string,
  claim: string,
  outcome:
    | { status: 'sent'; sentAt: Date; notifyId: string }
    | { status: 'failed' | 'expired'; lastError: string }
    | { status: 'pending'; nextAttemptAt: Date; lastError: string },
): Promise<boolean> {
  const base = { claim: null, locked_until: null };
  const values =
    outcome.status === 'sent'
      ? { ...base, status: 'sent' as const, sent_at: outcome.sentAt, notify_id: outcome.notifyId }
      : outcome.status === 'pending'
        ? { ...base, next_attempt_at: outcome.nextAttemptAt, last_error: outcome.lastError }
        : { ...base, status: outcome.status, last_error: outcome.lastError };
  return changedOne(
    db
      .updateTable('outbox_messages')
      // A finished row keeps no code, link or name: only what casework needs to see what happened.
      .set(outcome.status === 'pending' ? values : { ...values, personalisation: JSON.stringify({}) })
      .where('id', '=', id)
      .where('claim', '=', claim),
  );
}

/** Notify's report of delivery, by the row's id (Notify's reference); false for an unknown reference. */
export async function recordDelivery(
  db: Db,
  id: string,
  status: DeliveryStatus,
  at: Date,
  notifyId: string,
): Promise<boolean> {
  return changedOne(
    db
      .updateTable('outbox_messages')
      .set({ delivery_status: status, delivery_at: at, notify_id: sql`coalesce(notify_id, ${notifyId})` })
      .where('id', '=', id),
  );
}

/** The newest message about each of `ids` (of one kind of subject), for showing its delivery. */
export async function latestAbout(
  db: Db,
  aboutType: string,
  ids: readonly string[],
  template?: string,
): Promise<OutboxRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .distinctOn('about_id')
    .where('about_type', '=', aboutType)
    .where('about_id', 'in', ids)
    .$if(template !== undefined, (q) => q.where('template', '=', template!))
    .orderBy('about_id')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Messages that were not delivered (given up, expired unsent, or bounced), newest first. */
export function undelivered(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['failed', 'expired']),
        eb('delivery_status', 'in', ['permanent-failure', 'technical-failure']),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Unsent rows written before `before`, oldest first: what is waiting, and for how long. */
export function unsent(db: Db, before: Date, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** How many rows are unsent, and when the oldest was written. */
export async function depth(db: Db): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('outbox_messages')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : new Date(row.oldest as Date) };
}

/** Whether a person turned reminders off. */
export async function remindersOff(db: Db, userId: string): Promise<boolean> {
  return (await columnOf(db, 'reminder_settings', 'reminders_off', ['user_id', userId])) ?? false;
}

export async function setRemindersOff(db: Db, userId: string, off: boolean, at: Date): Promise<void> {
  await db
    .insertInto('reminder_settings')
    .values({ user_id: userId, reminders_off: off, changed_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ reminders_off: off, changed_at: at }))
    .execute();
}
