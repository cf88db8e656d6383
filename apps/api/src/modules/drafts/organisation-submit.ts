import {
  feeFor,
  getOrganisationJourney,
  isJourneyComplete,
  londonDate,
  organisationJourneyForType,
  paymentTypeToSend,
  type ApplicationTypeCode,
  type OrganisationDraft,
  type PaymentMethod,
  type PaymentStatus,
} from '@dis/domain';
import type { Db } from '../../platform/db/database';
import { DRAFT_STATUS, updateApplication, type Application } from '../applications/service';
import { organisationQualifiesAsVoluntary } from '../organisations/service';
import { alreadySubmitted, draftOf, incomplete, validationFailed } from './core';
import type { OrganisationOwned } from './organisation';
import { isCostCentreOf } from './organisation-save';
import type { StoredDraft } from './stored';

// POST /{token}/submit for the organisation (spec 01 section 7): the countersignatory's declaration.

export interface Submission {
  applicationReference: string;
  onlinePaymentType: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** Pence; 0 when free. */
  amount: number;
  /** True when the organisation pays by card now (CARD_CSG): the browser goes on to the payment call. */
  cardPaymentRequired: boolean;
}

function submissionOf(row: Application): Submission {
  const d = draftOf(row);
  const type = (d.payment?.type ?? 'NotSet') as PaymentMethod;
  return {
    applicationReference: row.reference,
    onlinePaymentType: type,
    paymentStatus: (d.payment?.status ?? 'NONE') as PaymentStatus,
    amount: d.feePence ?? 0,
    cardPaymentRequired: type === 'CARD_CSG' && d.payment?.status !== 'SUCCESS',
  };
}

/**
 * The payment an organisation's draft is declared with (the countersignatory's declaration, or a CSV batch row
 * becoming an application): how it is paid, from the volunteer answer and who pays; its status; the invoice's
 * sub-account; and the fee the server fixes (none when free).
 */
export function declaredPayment(
  draft: OrganisationDraft,
  typeCode: ApplicationTypeCode,
): { payment: NonNullable<StoredDraft['payment']>; feePence: number } {
  const whoPays = draft.payment?.whoWillPay ?? null;
  const type = paymentTypeToSend({
    volunteer: draft.applicant?.roleDetails?.volunteerForQualifyingOrganisation === true,
    whoPays,
    chosen: whoPays === 'Organisation' ? (draft.payment?.type ?? null) : null,
  });
  const status: PaymentStatus = type === 'FREE' ? 'FREE' : type === 'INVOICE' ? 'INVOICED' : 'NONE';
  const subAccountCode = type === 'INVOICE' ? draft.payment?.subAccountCode : undefined;
  return {
    payment: {
      ...(whoPays ? { whoWillPay: whoPays } : {}),
      type,
      status,
      ...(subAccountCode ? { subAccountCode } : {}),
    },
    feePence: type === 'FREE' ? 0 : (feeFor(typeCode) ?? 0),
  };
}

/**
 * The countersignatory's declaration, in the transaction that read the caller's own draft (locked): re-walks the
 * journey on the stored draft, then fixes the payment type, payment status and fee itself. Idempotent once
 * declared (`fresh` false: nothing changed, nothing to audit).
 */
export async function submitDraft(
  trx: Db,
  { csg, row }: OrganisationOwned,
  agreed: unknown,
  now: Date,
): Promise<{ submission: Submission; fresh: boolean }> {
  if (agreed !== true) throw validationFailed({ agreed: 'applicationDeclaration.agreed.required' });
  const d = draftOf(row);
  if (d.declaration?.agreed) return { submission: submissionOf(row), fresh: false };
  if (row.status !== DRAFT_STATUS) throw alreadySubmitted();

  const journeyId = organisationJourneyForType(row.type_code as ApplicationTypeCode);
  const journey = journeyId ? getOrganisationJourney(journeyId) : undefined;
  if (!journey || !isJourneyComplete(journey, d, { now })) throw incomplete();

  // A volunteer only counts where the journey asks the question and the organisation qualifies.
  const volunteerAnswer = d.applicant?.roleDetails?.volunteerForQualifyingOrganisation === true;
  const asksVolunteer = journey.step('organisation-details') !== undefined;
  if (
    volunteerAnswer &&
    (!asksVolunteer || !(await organisationQualifiesAsVoluntary(trx, csg.organisationCode)))
  )
    throw incomplete(
      'Your organisation is not a qualifying voluntary organisation. Change your answer about volunteering.',
    );
  const { payment, feePence } = declaredPayment(d, row.type_code as ApplicationTypeCode);
  if (payment.type === 'NotSet') throw incomplete();
  const { subAccountCode } = payment;
  if (subAccountCode && !(await isCostCentreOf(trx, csg.organisationCode, subAccountCode)))
    throw incomplete();
  const next: StoredDraft = { ...d, declaration: { agreed: true, date: londonDate(now) }, payment, feePence };
  const updated = await updateApplication(trx, row.id, { data: JSON.stringify(next) });
  return { submission: submissionOf(updated), fresh: true };
}
