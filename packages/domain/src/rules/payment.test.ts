import { describe, expect, it } from 'vitest';
import {
  applicantConfirmationStep,
  classifyPaymentOutcome,
  isPaymentSuccess,
  needsCardPayment,
  paymentTypeToSend,
} from './payment';

describe('payment outcome', () => {
  it.each(['SUCCESS', 'WAIVED', 'INVOICED', 'FREE'])('%s is success', (status) => {
    expect(isPaymentSuccess(status)).toBe(true);
    expect(classifyPaymentOutcome(status, 'https://pay.example/x')).toEqual({ kind: 'success' });
  });

  it('follows the next URL for CREATED', () => {
    expect(isPaymentSuccess('CREATED')).toBe(true);
    expect(classifyPaymentOutcome('CREATED', 'https://pay.example/x')).toEqual({
      kind: 'redirect',
      url: 'https://pay.example/x',
    });
    expect(classifyPaymentOutcome('CREATED', null)).toEqual({ kind: 'failure' });
  });

  it.each(['NONE', 'FAILED', 'ERROR', 'success', '', null, undefined])('%s is failure', (status) => {
    expect(classifyPaymentOutcome(status)).toEqual({ kind: 'failure' });
  });
});

describe('paymentTypeToSend', () => {
  it('is FREE for volunteers whoever pays', () => {
    expect(paymentTypeToSend({ volunteer: true, whoPays: 'Applicant', chosen: 'INVOICE' })).toBe('FREE');
  });
  it('is CARD when the applicant pays', () => {
    expect(paymentTypeToSend({ volunteer: false, whoPays: 'Applicant', chosen: 'INVOICE' })).toBe('CARD');
  });
  it('is the organisation choice otherwise', () => {
    expect(paymentTypeToSend({ volunteer: false, whoPays: 'Organisation', chosen: 'INVOICE' })).toBe(
      'INVOICE',
    );
    expect(paymentTypeToSend({ volunteer: false, whoPays: 'Organisation', chosen: 'CARD_CSG' })).toBe(
      'CARD_CSG',
    );
    expect(paymentTypeToSend({ volunteer: false, whoPays: null, chosen: null })).toBe('NotSet');
  });
  it('starts a card payment only for card types', () => {
    expect(needsCardPayment('CARD')).toBe(true);
    expect(needsCardPayment('CARD_CSG')).toBe(true);
    expect(needsCardPayment('INVOICE')).toBe(false);
    expect(needsCardPayment('FREE')).toBe(false);
  });
});

describe('applicantConfirmationStep', () => {
  it('shows the unverified confirmation for applicant-only level 1 unless idVerified', () => {
    expect(applicantConfirmationStep('level-1', false)).toBe('basic-confirmation');
    expect(applicantConfirmationStep('level-1', undefined)).toBe('basic-confirmation');
    expect(applicantConfirmationStep('level-1', true)).toBe('applicant-confirmation');
    expect(applicantConfirmationStep('level-1-csg', false)).toBe('applicant-confirmation');
    expect(applicantConfirmationStep('pvgcj', false)).toBe('applicant-confirmation');
  });
});
