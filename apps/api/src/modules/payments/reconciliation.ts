import {
  DRAFT_STATUS,
  findApplication,
  paidDraftsNotHandedOver,
  type Application,
} from '../applications/service';
import { applicantPaymentTarget, organisationPaymentTarget } from '../drafts/service';
import { completeApplication, type HandoverDeps } from '../handover/service';
import { finishPayment, syncPayment } from './service';
import { findPayment, stalePayments, type PaymentRow } from './store';

/** How often the payment reconciliation job runs. */
export const PAYMENT_RECONCILE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * A payment younger than this is left alone: the person is probably still on the card page (or on their way
 * back), and the browser's return settles it.
 */
export const PAYMENT_RECONCILE_MIN_AGE_MS = 5 * 60 * 1000;

/** At most this many payments are asked about per run, oldest first; the next run takes the rest. */
export const PAYMENT_RECONCILE_BATCH = 200;

/** The identity the job's audit entries carry (no user: userId is null). */
export const PAYMENT_RECONCILE_REQUEST_ID = 'job:payments.reconcile';

export interface ReconcileResult {
  /** Payments asked about. */
  checked: number;
  /** Payments settled as paid. */
  paid: number;
  /** Payments settled as failed, cancelled, expired or in error. */
  failed: number;
  /** Payments the provider could not be asked about (or whose settling failed); tried again next run. */
  errors: number;
  /** Organisation applications handed over to the applicant by the job. */
  handedOver: number;
}

/**
 * The `payments.reconcile` job. The service only learns a card payment's outcome when the browser comes back
 * from the card page; a person who pays and closes the tab would leave the payment unsettled for good. So
 * every run asks the provider about each active payment older than PAYMENT_RECONCILE_MIN_AGE_MS through the
 * same syncPayment / finishPayment path the browser's return uses (settling is idempotent, so a return at the
 * same moment does no harm). A payment still in progress is left alone; GOV.UK Pay expires an unfinished
 * payment after 90 minutes, and it then comes back failed and is settled as a failure.
 */
export async function reconcilePayments(deps: HandoverDeps, now: Date): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: 0, paid: 0, failed: 0, errors: 0, handedOver: 0 };
  const cutoff = new Date(now.getTime() - PAYMENT_RECONCILE_MIN_AGE_MS);
  const requestId = PAYMENT_RECONCILE_REQUEST_ID;
  /** Active payments older than the cutoff, with or without the provider's id, oldest first. */
  const stale = (withProviderId: boolean) =>
    stalePayments(deps.db, withProviderId, cutoff, PAYMENT_RECONCILE_BATCH);
  const payments = await stale(true);

  await eachWithApplication(deps, result, payments, async (payment, row) => {
    const synced = await syncPayment(deps, targetFor(payment.payment_type), row, payment, null, requestId);
    const after = await findPayment(deps.db, payment.id);
    if (after?.active) {
      if (synced.status !== 'CREATED') result.errors += 1;
      return;
    }
    if (synced.status === 'SUCCESS') result.paid += 1;
    else result.failed += 1;
    if (synced.status === 'SUCCESS' && payment.payment_type === 'CARD_CSG') {
      if (await handOverPaid(deps, payment.application_id)) result.handedOver += 1;
    }
  });

  const orphans = await stale(false);
  await eachWithApplication(deps, result, orphans, async (payment, row) => {
    await finishPayment(deps, targetFor(payment.payment_type), row, payment.id, 'error', null, requestId);
    result.failed += 1;
  });

  const paidNotHandedOver = await paidDraftsNotHandedOver(deps.db, cutoff, PAYMENT_RECONCILE_BATCH);
  for (const { id } of paidNotHandedOver) {
    try {
      if (await handOverPaid(deps, id)) result.handedOver += 1;
    } catch (error) {
      result.errors += 1;
      deps.log.error({ err: error, applicationId: id }, 'payment reconciliation hand-over failed');
    }
  }
  return result;
}

/**
 * Each payment with its application (a payment whose application is gone is skipped): counted as checked, and a
 * failure counted and logged rather than thrown, so the next payment is still asked about.
 */
async function eachWithApplication(
  deps: HandoverDeps,
  result: ReconcileResult,
  payments: PaymentRow[],
  work: (payment: PaymentRow, row: Application) => Promise<void>,
): Promise<void> {
  for (const payment of payments) {
    result.checked += 1;
    try {
      const row = await findApplication(deps.db, payment.application_id);
      if (row) await work(payment, row);
    } catch (error) {
      result.errors += 1;
      deps.log.error({ err: error, paymentId: payment.id }, 'payment reconciliation failed');
    }
  }
}

/** CARD is the applicant paying, CARD_CSG the organisation. */
function targetFor(paymentType: string) {
  // The assurance level only decides the view's idVerified, which the job does not use.
  return paymentType === 'CARD' ? applicantPaymentTarget('') : organisationPaymentTarget;
}

/**
 * The spec runs completion (the hand-over and the applicant's email) on load of the organisation
 * confirmation page. A countersignatory who paid by card but never reached that page would leave the
 * applicant waiting for good, so the job completes it as the fallback. completeApplication is idempotent:
 * a later load of the confirmation page (or a second run) hands over nothing and sends nothing again.
 */
async function handOverPaid(deps: HandoverDeps, applicationId: string): Promise<boolean> {
  const row = await findApplication(deps.db, applicationId);
  if (!row || row.status !== DRAFT_STATUS || row.link_id !== null) return false;
  await completeApplication(deps, row, null, PAYMENT_RECONCILE_REQUEST_ID);
  return Boolean((await findApplication(deps.db, applicationId))?.link_id);
}
