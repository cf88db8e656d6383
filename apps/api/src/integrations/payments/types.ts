/** The GOV.UK Pay API shape (POST /v1/payments, GET /v1/payments/{id}), the parts this service uses. */
export type PayStatus =
  'created' | 'started' | 'submitted' | 'capturable' | 'success' | 'failed' | 'cancelled' | 'error';

export interface PayCreateRequest {
  /** In pence. */
  amount: number;
  reference: string;
  description: string;
  return_url: string;
}

export interface PayPayment {
  payment_id: string;
  amount: number;
  reference: string;
  description: string;
  return_url: string;
  /** A failed payment also carries GOV.UK Pay's error code and message (P0020: expired after 90 minutes). */
  state: { status: PayStatus; finished: boolean; code?: string; message?: string };
  _links: { next_url?: { href: string; method: 'GET' } | null };
}

export class PaymentProviderUnavailable extends Error {}

/** One interface for the real GOV.UK Pay client and the local stand-in. */
export interface PaymentProvider {
  createPayment(request: PayCreateRequest): Promise<PayPayment>;
  getPayment(paymentId: string): Promise<PayPayment>;
}
