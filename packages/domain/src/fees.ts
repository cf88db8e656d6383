import type { ApplicationTypeCode } from './codes';

// Fees of section 9 in pence, so no sum is ever done in floating point.
// PB/PC and PD/PC: the spec prices "PVG join (confirmation join)" at £59 and "PVG existing
// (confirmation existing)" at £18, so a confirmation costs the same as its scheme application.
export const FEES_PENCE = {
  BD: 2500,
  LA: 2500,
  LB: 2500,
  LC: 2500,
  PA: 5900,
  PB: 5900,
  PC: 1800,
  PD: 1800,
} as const satisfies Partial<Record<ApplicationTypeCode, number>>;
export type ChargeableTypeCode = keyof typeof FEES_PENCE;

/** Fee of an applicant-only level 1 application paid before identity is verified. */
export const UNVERIFIED_PAYMENT_FEE_PENCE = 2500;

/** The fee of a type, or null for types nobody pays for through this service (records and statements). */
export function feeFor(type: ApplicationTypeCode): number | null {
  return Object.hasOwn(FEES_PENCE, type) ? FEES_PENCE[type as ChargeableTypeCode] : null;
}

/**
 * What an applicant pays by card for an application they started themselves (spec 02 section 9): the applicant-
 * only Level 1 application made before the identity is verified is charged the unverified payment fee (the
 * identity documents then go by post within 14 days); any other type its fee. Decided by the server from the
 * session's assurance level, never by the browser.
 */
export function applicantStartedFee(type: ApplicationTypeCode, identityVerified: boolean): number | null {
  if (type === 'LA' && !identityVerified) return UNVERIFIED_PAYMENT_FEE_PENCE;
  return feeFor(type);
}

/** GOV.UK money style: "£25" for whole pounds, "£25.50" otherwise. */
export function formatPence(pence: number): string {
  if (!Number.isInteger(pence) || pence < 0) throw new RangeError(`Not an amount in pence: ${pence}`);
  const pounds = Math.floor(pence / 100);
  const rest = pence % 100;
  const whole = pounds.toLocaleString('en-GB');
  return rest === 0 ? `£${whole}` : `£${whole}.${String(rest).padStart(2, '0')}`;
}
