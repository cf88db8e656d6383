import { randomBytes } from 'node:crypto';
import { applicationTypeName, type PaymentStatus } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { PaymentProvider, PayStatus } from '../../integrations/payments/types';
import {
  findApplication,
  isUniqueViolation,
  setApplication,
  type Application,
} from '../applications/service';
import {
  activePayment,
  findPayment,
  insertPayment,
  latestPayment,
  recordProviderPayment,
  settlePayment,
  type PaymentRow,
} from './store';

/** What taking a card payment needs. */
export interface PaymentDeps {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  /** The service's own address: the provider sends the person back to it. */
  publicUrl: string;
  log: { error(obj: unknown, msg: string): void };
}

/** GOV.UK Pay states to the spec's payment statuses. */
export function paymentStatusOf(state: PayStatus | string): PaymentStatus {
  switch (state) {
    case 'success':
      return 'SUCCESS';
    case 'created':
    case 'started':
    case 'submitted':
    case 'capturable':
    case 'pending':
      return 'CREATED';
    case 'failed':
    case 'cancelled':
      return 'FAILED';
    default:
      return 'ERROR';
  }
}

const FINISHED_STATUSES: readonly PaymentStatus[] = ['SUCCESS', 'FAILED', 'ERROR'];

/** Only a relative path on this site: no scheme, no host, no "//" or backslash tricks. */
export function isSafeReturnPath(path: string): boolean {
  return /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/%?]*$/.test(path) && path.length <= 500;
}

export interface PaymentView {
  status: PaymentStatus;
  nextUrl: string | null;
  idVerified: boolean;
}

/**
 * Who a card payment is for, so one payment service serves both sides: the organisation paying at its
 * declaration (CARD_CSG) and the applicant paying at theirs (CARD). Each says where its payment status is
 * stored, in which application statuses a payment may run, and what the application becomes when paid.
 */
export interface PaymentTarget {
  paymentType: 'CARD_CSG' | 'CARD';
  /** Application statuses in which a payment may start and settle. */
  openStatuses: readonly string[];
  /** The application's status once paid (by the application: a B2B one is B2B_SUBMITTED, decision 0053). */
  paidStatus: string | ((row: Application) => string);
  /** Refuses a payment the application does not take (not declared, nothing to pay, already completed). */
  check(row: Application, now: Date): void;
  /** Fee in pence fixed at the declaration. */
  amount(row: Application): number;
  storedStatus(row: Application): PaymentStatus | undefined;
  /** The columns that record a new payment status on the row. */
  record(row: Application, status: PaymentStatus): { data?: string; applicant_data?: string };
  idVerified(row: Application): boolean;
}

function view(
  target: PaymentTarget,
  row: Application,
  status: PaymentStatus,
  nextUrl: string | null,
): PaymentView {
  return {
    status,
    nextUrl: status === 'CREATED' ? nextUrl : null,
    idVerified: target.idVerified(row),
  };
}

/**
 * Starts (or returns the already running) card payment of an application, for the organisation or the
 * applicant. The amount is the fee fixed at the declaration; the browser's description and payment type are
 * not used.
 */
export async function startPayment(
  deps: PaymentDeps,
  target: PaymentTarget,
  row: Application,
  returnPath: string,
  userId: string,
  requestId: string,
): Promise<PaymentView> {
  target.check(row, deps.clock.now());
  if (target.storedStatus(row) === 'SUCCESS') return view(target, row, 'SUCCESS', null);

  // A payment still running at the provider is the one to continue; a finished one is settled first.
  const running = await activePayment(deps.db, row.id);
  if (running) {
    const synced = await syncPayment(deps, target, row, running, userId, requestId);
    if (synced.status === 'CREATED' || synced.status === 'SUCCESS') return synced;
  }

  const id = randomBytes(16).toString('base64url');
  const amount = target.amount(row);
  const description = `${applicationTypeName(row.type_code)} application ${row.reference}`;
  const claimed = await deps.db.transaction().execute(async (trx) => {
    // The row lock serialises concurrent clicks; the partial unique index backs it up across instances.
    await findApplication(trx, row.id, true);
    const existing = await activePayment(trx, row.id);
    if (existing) return existing;
    try {
      await insertPayment(trx, {
        id,
        application_id: row.id,
        provider_payment_id: null,
        amount,
        payment_type: target.paymentType,
        description,
        return_path: returnPath,
        state: 'pending',
        next_url: null,
        created_at: deps.clock.now(),
        finished_at: null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    return undefined;
  });
  if (claimed !== undefined) return waitForPayment(deps, target, row, claimed?.id);

  try {
    const created = await deps.payments.createPayment({
      amount,
      reference: row.reference,
      description,
      return_url: `${deps.publicUrl}${returnPath}`,
    });
    const nextUrl = created._links.next_url?.href ?? null;
    await recordProviderPayment(deps.db, id, {
      providerPaymentId: created.payment_id,
      state: created.state.status,
      nextUrl,
    });
    await deps.db.transaction().execute(async (trx) => {
      const current = await findApplication(trx, row.id, true);
      if (!current || !target.openStatuses.includes(current.status)) return;
      await setApplication(trx, row.id, target.record(current, 'CREATED'));
    });
    await writeAudit(deps.db, {
      event: 'payment.started',
      outcome: 'success',
      userId,
      requestId,
      detail: { applicationReference: row.reference, paymentId: id, amount },
    });
    return view(target, row, paymentStatusOf(created.state.status), nextUrl);
  } catch (error) {
    deps.log.error({ err: error }, 'payment provider create failed');
    await finishPayment(deps, target, row, id, 'error', userId, requestId);
    return view(target, row, 'ERROR', null);
  }
}

/** A concurrent request is creating the payment: wait briefly for its next URL. */
async function waitForPayment(
  deps: PaymentDeps,
  target: PaymentTarget,
  row: Application,
  paymentId: string | undefined,
) {
  for (let i = 0; i < 50; i++) {
    const p = paymentId ? await findPayment(deps.db, paymentId) : await activePayment(deps.db, row.id);
    if (p && p.state !== 'pending') return view(target, row, paymentStatusOf(p.state), p.next_url);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return view(target, row, 'ERROR', null);
}

/**
 * Asks the provider for the state of a running payment (the return from the card page is never trusted) and
 * settles a finished one. Used on the browser's return, on a later status call and by the reconciliation job.
 */
export async function syncPayment(
  deps: PaymentDeps,
  target: PaymentTarget,
  row: Application,
  payment: PaymentRow,
  /** Null for the reconciliation job (no user). */
  userId: string | null,
  requestId: string,
): Promise<PaymentView> {
  if (!payment.provider_payment_id) return waitForPayment(deps, target, row, payment.id);
  let state: string;
  let nextUrl: string | null;
  try {
    const remote = await deps.payments.getPayment(payment.provider_payment_id);
    state = remote.state.status;
    nextUrl = remote._links.next_url?.href ?? payment.next_url;
  } catch (error) {
    deps.log.error({ err: error }, 'payment provider status failed');
    return view(target, row, 'ERROR', null);
  }
  const status = paymentStatusOf(state);
  if (FINISHED_STATUSES.includes(status)) {
    await finishPayment(deps, target, row, payment.id, state, userId, requestId);
    return view(target, row, status, null);
  }
  return view(target, row, status, nextUrl);
}

/**
 * Settles the application's card payment still running at the provider, if there is one (the return from the card
 * page may not have come yet): asks the provider and records what it says.
 */
export async function syncRunningPayment(
  deps: PaymentDeps,
  target: PaymentTarget,
  row: Application,
  userId: string | null,
  requestId: string,
): Promise<void> {
  const running = await activePayment(deps.db, row.id);
  if (running) await syncPayment(deps, target, row, running, userId, requestId);
}

/** Settles a payment once: SUCCESS marks the application paid; a failure makes it PAYMENT_FAILED. */
export async function finishPayment(
  deps: PaymentDeps,
  target: PaymentTarget,
  row: Application,
  paymentId: string,
  state: string,
  userId: string | null,
  requestId: string,
): Promise<void> {
  const status = paymentStatusOf(state);
  const now = deps.clock.now();
  const settled = await deps.db.transaction().execute(async (trx) => {
    if (!(await settlePayment(trx, paymentId, state, now))) return false;
    const current = await findApplication(trx, row.id, true);
    if (!current || !target.openStatuses.includes(current.status)) return true;
    const paid = status === 'SUCCESS';
    await setApplication(trx, row.id, {
      ...target.record(current, status),
      status: paid
        ? typeof target.paidStatus === 'function'
          ? target.paidStatus(current)
          : target.paidStatus
        : 'PAYMENT_FAILED',
      status_last_changed: now,
    });
    return true;
  });
  if (settled) {
    await writeAudit(deps.db, {
      event: 'payment.finished',
      outcome: status === 'SUCCESS' ? 'success' : 'failure',
      userId,
      requestId,
      detail: { applicationReference: row.reference, paymentId, status },
    });
  }
}

/** GET payment: the state of the running payment as the provider reports it, else the last known status. */
export async function paymentStatus(
  deps: PaymentDeps,
  target: PaymentTarget,
  row: Application,
  userId: string,
  requestId: string,
  /** Whether the application takes a card payment of this target's type at all. */
  takesCard: (row: Application) => boolean,
): Promise<PaymentView> {
  const running = await activePayment(deps.db, row.id);
  if (running) return syncPayment(deps, target, row, running, userId, requestId);
  const fresh = (await findApplication(deps.db, row.id)) ?? row;
  const stored = target.storedStatus(fresh);
  if (takesCard(fresh)) {
    const last = await latestPayment(deps.db, row.id);
    if (stored === 'SUCCESS') return view(target, fresh, 'SUCCESS', null);
    if (last) return view(target, fresh, paymentStatusOf(last.state), null);
  }
  return view(target, fresh, stored ?? 'NONE', null);
}
