import {
  applicantStartedFee,
  applicantStatusView,
  awaitsIdentityDocuments,
  feeFor,
  getApplicantJourney,
  identityDocumentsDueAt,
  isIdentityVerified,
  isJourneyComplete,
  londonDate,
  submittedStatusFor,
  type ApplicationStatus,
  type ApplicationTypeCode,
  type PaymentMethod,
  type PaymentStatus,
} from '@dis/domain';
import type { Db } from '../../platform/db/database';
import { updateApplication, type Application } from '../applications/service';
import {
  assertOpen,
  journeyIdOf,
  walkAnswers,
  type ApplicantOwned,
  type ApplicantPart,
  type ApplicantUser,
} from './applicant';
import { draftOf, incomplete, validationFailed } from './core';

// POST /{token}/submit for the applicant (spec 02 section 7): the applicant's declaration.

export interface ApplicantSubmission {
  applicationReference: string;
  status: ApplicationStatus;
  onlinePaymentType: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** Pence the applicant pays; 0 when nothing is due. */
  amount: number;
  /** True when the applicant goes on to the card payment. */
  cardPaymentRequired: boolean;
}

function submissionOf(row: Application, part: ApplicantPart): ApplicantSubmission {
  const payment = part.payment ?? { type: 'NotSet' as const, status: 'NONE' as const, amount: 0 };
  return {
    applicationReference: row.reference,
    status: applicantStatusView(row.status as ApplicationStatus),
    onlinePaymentType: payment.type,
    paymentStatus: payment.status,
    amount: payment.type === 'CARD' ? payment.amount : 0,
    cardPaymentRequired: payment.type === 'CARD' && payment.status !== 'SUCCESS',
  };
}

/**
 * What the applicant pays, decided here: an organisation that paid (invoice, its own card, free) leaves
 * nothing to pay; an organisation that chose "the applicant pays" means a card payment of the fee it was
 * charged at; an application the applicant started is paid by card at its type's fee.
 */
function applicantPayment(row: Application, user: ApplicantUser): NonNullable<ApplicantPart['payment']> {
  const fee = feeFor(row.type_code as ApplicationTypeCode) ?? 0;
  // Started by the applicant: an applicant-only Level 1 before the identity is verified pays the unverified fee.
  if (row.link_id === null) {
    const amount = applicantStartedFee(
      row.type_code as ApplicationTypeCode,
      isIdentityVerified(user.assuranceLevel),
    );
    return { type: 'CARD', status: 'NONE', amount: amount ?? 0 };
  }
  const d = draftOf(row);
  const type = d.payment?.type;
  if (type === 'CARD') return { type: 'CARD', status: 'NONE', amount: d.feePence ?? fee };
  return {
    type: type ?? 'NotSet',
    status: d.payment?.status ?? 'NONE',
    amount: 0,
  };
}

/**
 * The applicant's declaration, in the transaction that read the caller's own application (locked): re-walks the
 * journey of the application's type and origin on the stored answers, fixes what is to pay, and submits at once
 * when nothing is due. Idempotent once declared (`fresh` false: nothing changed, nothing to audit).
 */
export async function submitApplicantDraft(
  trx: Db,
  { user, row }: ApplicantOwned & { user: ApplicantUser },
  agreed: unknown,
  now: Date,
): Promise<{ submission: ApplicantSubmission; fresh: boolean }> {
  if (agreed !== true) throw validationFailed({ agreed: 'applicantDeclaration.agreed.required' });
  if (row.part.declaration?.agreed) return { submission: submissionOf(row, row.part), fresh: false };
  assertOpen(row, row.part, now);
  const journeyId = journeyIdOf(row);
  const journey = journeyId ? getApplicantJourney(journeyId) : undefined;
  if (!journey || !isJourneyComplete(journey, walkAnswers(row, row.part), { now })) throw incomplete();
  const payment = applicantPayment(row, user);
  if (payment.type === 'NotSet') throw incomplete();
  const due = payment.type === 'CARD';
  const part: ApplicantPart = {
    ...row.part,
    declaration: { agreed: true, date: londonDate(now) },
    payment,
    ...(due ? {} : { submittedAt: now.toISOString() }),
  };
  // An applicant-only Level 1 before the identity is verified: its documents are due in 14 days (0055).
  const awaitsDocuments = awaitsIdentityDocuments(
    row.type_code as ApplicationTypeCode,
    row.link_id === null,
    isIdentityVerified(user.assuranceLevel),
  );
  const updated = await updateApplication(trx, row.id, {
    applicant_data: JSON.stringify(part),
    ...(due ? {} : { status: submittedStatusFor(row.channel), status_last_changed: now }),
    identity_documents_due_at: awaitsDocuments ? identityDocumentsDueAt(now) : null,
  });
  return { submission: submissionOf(updated, part), fresh: true };
}
