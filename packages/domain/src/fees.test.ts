import { describe, expect, it } from 'vitest';
import { applicantStartedFee, FEES_PENCE, UNVERIFIED_PAYMENT_FEE_PENCE, feeFor, formatPence } from './fees';

describe('fees', () => {
  it('charges section 9 fees in pence', () => {
    expect(feeFor('BD')).toBe(2500);
    expect(feeFor('LA')).toBe(2500);
    expect(feeFor('LB')).toBe(2500);
    expect(feeFor('LC')).toBe(2500);
    expect(feeFor('PA')).toBe(5900);
    expect(feeFor('PB')).toBe(5900);
    expect(feeFor('PC')).toBe(1800);
    expect(feeFor('PD')).toBe(1800);
    expect(UNVERIFIED_PAYMENT_FEE_PENCE).toBe(2500);
    expect(Object.keys(FEES_PENCE)).toHaveLength(8);
  });

  it('charges an applicant-only Level 1 made before the identity is verified the unverified payment fee', () => {
    // Spec 02 section 9: "unverified payment £25".
    expect(applicantStartedFee('LA', false)).toBe(UNVERIFIED_PAYMENT_FEE_PENCE);
    expect(applicantStartedFee('LA', true)).toBe(FEES_PENCE.LA);
    // The confirmation types are paid at their fee whatever the identity.
    expect(applicantStartedFee('PB', false)).toBe(FEES_PENCE.PB);
    expect(applicantStartedFee('PD', false)).toBe(FEES_PENCE.PD);
    expect(applicantStartedFee('SR', false)).toBeNull();
  });

  it('has no fee for records and statements', () => {
    expect(feeFor('SR')).toBeNull();
    expect(feeFor('DM')).toBeNull();
  });

  it('formats amounts in GOV.UK style', () => {
    expect(formatPence(2500)).toBe('£25');
    expect(formatPence(1850)).toBe('£18.50');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(123456700)).toBe('£1,234,567');
    expect(() => formatPence(-1)).toThrow(RangeError);
    expect(() => formatPence(2.5)).toThrow(RangeError);
  });
});
