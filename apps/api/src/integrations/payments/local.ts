import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatPence } from '@dis/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { escapeHtml, localPage } from '../identity/local-page';
import {
  findLocalPayment,
  finishLocalPayment,
  insertLocalPayment,
  markLocalPaymentStarted,
  type LocalPaymentRow,
} from './store';
import type { PaymentProvider, PayPayment, PayStatus } from './types';

/**
 * Local stand-in for GOV.UK Pay: payments in the local_payments table and a card page at
 * /local/pay/{paymentId} with "Confirm payment", "Decline payment" and "Cancel payment".
 */
const FINISHED: readonly PayStatus[] = ['success', 'failed', 'cancelled', 'error'];

/**
 * As GOV.UK Pay does, a payment not finished within 90 minutes of its creation (by the app clock) expires:
 * it reports `failed` with code P0020 and its card page can no longer be paid.
 */
export const LOCAL_PAYMENT_EXPIRY_MS = 90 * 60 * 1000;

type Row = LocalPaymentRow;

function hasExpired(row: Row, now: Date): boolean {
  return (
    (row.status === 'created' || row.status === 'started') &&
    new Date(row.created_at).getTime() + LOCAL_PAYMENT_EXPIRY_MS <= now.getTime()
  );
}

function toPayment(row: Row, publicUrl: string, now: Date): PayPayment {
  if (hasExpired(row, now)) {
    return {
      ...toPayment({ ...row, status: 'failed' }, publicUrl, now),
      state: { status: 'failed', finished: true, code: 'P0020', message: 'Payment expired' },
    };
  }
  const status = row.status as PayStatus;
  const finished = FINISHED.includes(status);
  return {
    payment_id: row.payment_id,
    amount: row.amount,
    reference: row.reference,
    description: row.description,
    return_url: row.return_url,
    state: { status, finished },
    _links: finished ? {} : { next_url: { href: `${publicUrl}/local/pay/${row.payment_id}`, method: 'GET' } },
  };
}

export function createLocalPaymentProvider(db: Db, clock: Clock, publicUrl: string): PaymentProvider {
  return {
    async createPayment(request) {
      const row: Row = {
        payment_id: randomBytes(13).toString('base64url'),
        amount: request.amount,
        reference: request.reference,
        description: request.description,
        return_url: request.return_url,
        status: 'created',
        created_at: clock.now(),
      };
      await insertLocalPayment(db, row);
      return toPayment(row, publicUrl, clock.now());
    },
    async getPayment(paymentId) {
      const row = await findLocalPayment(db, paymentId);
      if (!row) throw new Error(`Local payment ${paymentId} not found`);
      return toPayment(row, publicUrl, clock.now());
    },
  };
}

const ACTIONS = { confirm: 'success', decline: 'failed', cancel: 'cancelled' } as const;
const params = z.object({ paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** The card page and its buttons. Local services only. */
export async function localPaymentRoutes(
  app: FastifyInstance,
  { db, clock, serviceName }: { db: Db; clock: Clock; serviceName: string },
): Promise<void> {
  const find = (paymentId: string) => findLocalPayment(db, paymentId);

  app.get('/local/pay/:paymentId', { config: { access: 'public' } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const row = parsed.success ? await find(parsed.data.paymentId) : undefined;
    if (!row) {
      return reply
        .status(404)
        .type('text/html')
        .send(
          localPage(serviceName, 'Payment not found', '<h1 class="govuk-heading-l">Payment not found</h1>'),
        );
    }
    if (FINISHED.includes(row.status as PayStatus) || hasExpired(row, clock.now()))
      return reply.redirect(row.return_url, 303);
    if (row.status === 'created') {
      await markLocalPaymentStarted(db, row.payment_id);
    }
    const action = `/local/pay/${escapeHtml(row.payment_id)}`;
    const main = `<h1 class="govuk-heading-l">Enter card details</h1>
<dl class="govuk-summary-list">
  <div class="govuk-summary-list__row"><dt class="govuk-summary-list__key">Payment for</dt><dd class="govuk-summary-list__value">${escapeHtml(row.description)}</dd></div>
  <div class="govuk-summary-list__row"><dt class="govuk-summary-list__key">Reference</dt><dd class="govuk-summary-list__value">${escapeHtml(row.reference)}</dd></div>
  <div class="govuk-summary-list__row"><dt class="govuk-summary-list__key">Total amount</dt><dd class="govuk-summary-list__value">${escapeHtml(formatPence(row.amount))}</dd></div>
</dl>
<p class="govuk-body">This is a local stand-in for the card payment service. No card is charged.</p>
<form method="post" action="${action}" novalidate>
  <div class="govuk-button-group">
    <button type="submit" name="action" value="confirm" class="govuk-button" data-module="govuk-button">Confirm payment</button>
    <button type="submit" name="action" value="decline" class="govuk-button govuk-button--warning" data-module="govuk-button">Decline payment</button>
    <button type="submit" name="action" value="cancel" class="govuk-button govuk-button--secondary" data-module="govuk-button">Cancel payment</button>
  </div>
</form>`;
    return reply.type('text/html').send(localPage(serviceName, 'Enter card details', main));
  });

  app.post(
    '/local/pay/:paymentId',
    { config: { access: 'public', formPost: true } },
    async (request, reply) => {
      const parsed = params.safeParse(request.params);
      const action = (request.body as { action?: unknown } | undefined)?.action;
      const row = parsed.success ? await find(parsed.data.paymentId) : undefined;
      if (!row || typeof action !== 'string' || !Object.hasOwn(ACTIONS, action)) {
        return reply
          .status(400)
          .type('text/html')
          .send(
            localPage(serviceName, 'Bad request', '<h1 class="govuk-heading-l">Something went wrong</h1>'),
          );
      }
      // A finished or expired payment stays as it is (a second click, the back button, a page left open).
      await finishLocalPayment(
        db,
        row.payment_id,
        ACTIONS[action as keyof typeof ACTIONS],
        new Date(clock.now().getTime() - LOCAL_PAYMENT_EXPIRY_MS),
      );
      return reply.redirect(row.return_url, 303);
    },
  );
}
