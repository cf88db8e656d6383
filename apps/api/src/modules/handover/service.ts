import { randomUUID } from 'node:crypto';
import { APPLICATION_EXPIRY_DAYS, applicationTypeName } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import { ApiError } from '../../platform/errors';
import { DRAFT_STATUS, findApplication, updateApplication, type Application } from '../applications/service';
import { draftOf, organisationPaymentTarget } from '../drafts/service';
import type { Db } from '../../platform/db/database';
import type { OutboxService } from '../outbox/service';
import { syncRunningPayment, type PaymentDeps } from '../payments/service';

/** What handing an application over needs: paying (a card payment may still be settling) and the email. */
export interface HandoverDeps extends PaymentDeps {
  outbox: Pick<OutboxService, 'enqueue' | 'dispatch'>;
}

/**
 * Completion (on load of the confirmation page): only once declared and paid (or invoiced, free, or paid
 * by the applicant later). Hands the application to the applicant: WITH_APPLICANT, the 14-day clock, the
 * sign-in link by email. Idempotent: a second call changes nothing and sends nothing.
 */
export async function completeApplication(
  deps: HandoverDeps,
  row: Application,
  userId: string | null,
  requestId: string,
): Promise<{ applicationReference: string; applicantName: string | null }> {
  const d = draftOf(row);
  if (!d.declaration?.agreed)
    throw new ApiError(400, 'INCOMPLETE_APPLICATION', 'This application has not been submitted yet');
  if (d.payment?.type === 'CARD_CSG' && d.payment.status !== 'SUCCESS' && row.status === DRAFT_STATUS) {
    // The browser may come straight back to the confirmation: ask the provider before refusing.
    await syncRunningPayment(deps, organisationPaymentTarget, row, userId, requestId);
  }
  const now = deps.clock.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const current = await findApplication(trx, row.id, true);
    if (!current) throw new ApiError(404, 'DRAFT_NOT_FOUND', 'Application not found');
    const cd = draftOf(current);
    // Handed over already (link_id set): whatever the applicant did since, nothing more to do here.
    if ((current.status !== DRAFT_STATUS && current.status !== 'PAYMENT_FAILED') || current.link_id !== null)
      return { row: current, handedOver: false };
    const type = cd.payment?.type;
    const payable =
      type === 'FREE' ||
      type === 'INVOICE' ||
      type === 'CARD' ||
      (type === 'CARD_CSG' && cd.payment?.status === 'SUCCESS');
    if (current.status === 'PAYMENT_FAILED' || !payable) {
      throw new ApiError(409, 'PAYMENT_FAILED', 'The payment has not been made');
    }
    const updated = await updateApplication(trx, current.id, {
      status: 'WITH_APPLICANT',
      status_last_changed: now,
      expired_duration_days: APPLICATION_EXPIRY_DAYS,
      link_id: randomUUID(),
      data: JSON.stringify({ ...cd, complete: true }),
    });
    const messageId = await writeHandover(deps, trx, updated, userId, requestId);
    return { row: updated, handedOver: true, messageId };
  });
  if (result.handedOver) await deps.outbox.dispatch([result.messageId ?? null]);
  return { applicationReference: result.row.reference, applicantName: result.row.applicant_name };
}

/** In the hand-over's transaction: the sign-in email in the outbox, and the audit record. */
async function writeHandover(
  deps: HandoverDeps,
  trx: Db,
  row: Application,
  userId: string | null,
  requestId: string,
): Promise<string | null> {
  const d = draftOf(row);
  const email = d.applicant?.email;
  const messageId =
    email && row.link_id
      ? await deps.outbox.enqueue(trx, {
          channel: 'email',
          template: 'handover',
          to: email,
          personalisation: {
            applicantName: row.applicant_name ?? '',
            organisationName: d.registeredBody?.registeredBodyName ?? '',
            applicationType: applicationTypeName(row.type_code),
            applicationReference: row.reference,
            expiryDays: String(APPLICATION_EXPIRY_DAYS),
            signInLink: `${deps.publicUrl}/oauth2/authorization/dis?uuid=${row.link_id}`,
          },
          about: { type: 'application', id: row.id },
        })
      : null;
  await writeAudit(trx, {
    event: 'application.handover',
    outcome: messageId ? 'success' : 'failure',
    userId,
    requestId,
    detail: { applicationReference: row.reference, applicationType: row.type_code },
  });
  return messageId;
}
