import {
  PaymentProviderUnavailable,
  type PayCreateRequest,
  type PaymentProvider,
  type PayPayment,
} from './types';

/** GOV.UK Pay: https://publicapi.payments.service.gov.uk/v1/payments with the service's API key. */
export function createGovUkPayClient(options: {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): PaymentProvider {
  const baseUrl = (options.baseUrl ?? 'https://publicapi.payments.service.gov.uk').replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PayPayment> {
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PaymentProviderUnavailable(`GOV.UK Pay unreachable: ${String(error)}`);
    }
    if (!res.ok) throw new PaymentProviderUnavailable(`GOV.UK Pay answered ${res.status}`);
    return (await res.json()) as PayPayment;
  }
  return {
    createPayment: (request: PayCreateRequest) => call('POST', '/v1/payments', request),
    getPayment: (paymentId: string) => call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`),
  };
}
