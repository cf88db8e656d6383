import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { LocalPaymentsTable } from '../../platform/db/schema';

// The payments table of the local GOV.UK Pay stand-in (never used with the real service).

/** A row as written, and as read (its `created_at` then a Date). */
export type LocalPaymentRow = Insertable<LocalPaymentsTable>;

export async function insertLocalPayment(db: Db, row: LocalPaymentRow): Promise<void> {
  await db.insertInto('local_payments').values(row).execute();
}

export async function findLocalPayment(db: Db, paymentId: string) {
  return db.selectFrom('local_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

/** The card page was opened: `created` becomes `started`. */
export async function markLocalPaymentStarted(db: Db, paymentId: string): Promise<void> {
  await db
    .updateTable('local_payments')
    .set({ status: 'started' })
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'created')
    .execute();
}

/** Finishes a payment that is still open and created after `createdAfter`; a finished or expired one stays as it is. */
export async function finishLocalPayment(
  db: Db,
  paymentId: string,
  status: string,
  createdAfter: Date,
): Promise<void> {
  await db
    .updateTable('local_payments')
    .set({ status })
    .where('payment_id', '=', paymentId)
    .where('status', 'in', ['created', 'started'])
    .where('created_at', '>', createdAfter)
    .execute();
}
