import type { ApplicantJourneyId, PaymentMethod, PaymentStatus, WhoPays } from '../codes';
import { applicantJourneyHas } from './journey-types';

export const PAYMENT_SUCCESS_STATUSES = [
  'SUCCESS',
  'WAIVED',
  'CREATED',
  'INVOICED',
  'FREE',
] as const satisfies readonly PaymentStatus[];

export function isPaymentSuccess(status: string | null | undefined): boolean {
  return (PAYMENT_SUCCESS_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

export type PaymentOutcome = { kind: 'redirect'; url: string } | { kind: 'success' } | { kind: 'failure' };

/**
 * Section 4: SUCCESS, WAIVED, CREATED, INVOICED and FREE are success; CREATED sends the browser to
 * the provider's next URL. A CREATED payment without a next URL cannot be completed, so it is a failure.
 */
export function classifyPaymentOutcome(
  status: string | null | undefined,
  nextUrl?: string | null,
): PaymentOutcome {
  if (!isPaymentSuccess(status)) return { kind: 'failure' };
  if (status === 'CREATED') return nextUrl ? { kind: 'redirect', url: nextUrl } : { kind: 'failure' };
  return { kind: 'success' };
}

export interface PaymentChoice {
  /** The applicant volunteers for a qualifying voluntary organisation (PVG journeys). */
  volunteer: boolean;
  whoPays: WhoPays | null;
  /** What the organisation chose on select-payment-method. */
  chosen: PaymentMethod | null;
}

/** Payment type sent with the declaration: FREE for volunteers, CARD when the applicant pays, else the choice. */
export function paymentTypeToSend(choice: PaymentChoice): PaymentMethod {
  if (choice.volunteer) return 'FREE';
  if (choice.whoPays === 'Applicant') return 'CARD';
  return choice.chosen ?? 'NotSet';
}

/** Whether submitting the declaration goes on to a card payment. */
export function needsCardPayment(paymentType: PaymentMethod): boolean {
  return paymentType === 'CARD' || paymentType === 'CARD_CSG';
}

export type ApplicantConfirmationStep = 'applicant-confirmation' | 'basic-confirmation';

/** The applicant-only level 1 journey shows the unverified (basic) confirmation unless the server says idVerified. */
export function applicantConfirmationStep(
  journeyId: ApplicantJourneyId,
  idVerified: boolean | null | undefined,
): ApplicantConfirmationStep {
  return applicantJourneyHas(journeyId, 'unverifiedConfirmation') && idVerified !== true
    ? 'basic-confirmation'
    : 'applicant-confirmation';
}
