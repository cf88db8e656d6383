import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { rowsNewestFirst } from '../../platform/db/rows';
import type { PaymentsTable } from '../../platform/db/schema';

// The payments table: one row per card payment asked of the provider, `active` until it is settled.
export function activePayment(db: Db, applicationId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('active', '=', true)
    .executeTakeFirst();
}

export function latestPayment(db: Db, applicationId: string) {
  return rowsNewestFirst(db, 'payments', ['application_id', applicationId]).executeTakeFirst();
}

export type PaymentRow = NonNullable<Awaited<ReturnType<typeof activePayment>>>;

export async function insertPayment(db: Db, values: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto('payments').values(values).execute();
}

export function findPayment(db: Db, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What the provider said when the payment was created. */
export async function recordProviderPayment(
  db: Db,
  id: string,
  provider: { providerPaymentId: string; state: string; nextUrl: string | null },
): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      provider_payment_id: provider.providerPaymentId,
      state: provider.state,
      next_url: provider.nextUrl,
    })
    .where('id', '=', id)
    .execute();
}

/** Finishes an active payment; false when it was no longer active (another request settled it). */
export async function settlePayment(db: Db, id: string, state: string, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('payments')
    .set({ state, active: false, finished_at: now })
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Active payments created before `createdBy`, with or without the provider's id, oldest first. */
export function stalePayments(db: Db, withProviderId: boolean, createdBy: Date, limit: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('active', '=', true)
    .where('provider_payment_id', withProviderId ? 'is not' : 'is', null)
    .where('created_at', '<=', createdBy)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
