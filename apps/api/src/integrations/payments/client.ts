import { randomUUID } from 'node:crypto';
import {
  PaymentProviderUnavailable,
  type PayCreateRequest,
  type PaymentProvider,
  type PayPayment,
} from './types';

/** How the client backs off when GOV.UK Pay answers 429 (its rate limit): bounded, then "unavailable". */
export interface RetryPolicy {
  /** Retries after the first call (so at most retries + 1 calls). */
  retries: number;
  /** First delay; each further retry doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const PAY_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 250, maxDelayMs: 2000 };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The delay before retry `attempt` (0-based): Retry-After when the provider gives one, else doubling with jitter. */
export function retryDelayMs(attempt: number, retryAfter: string | null, policy: RetryPolicy): number {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
  if (seconds !== null) return Math.min(seconds * 1000, policy.maxDelayMs);
  const exponential = Math.min(policy.baseDelayMs * 2 ** attempt, policy.maxDelayMs);
  // Full jitter on the upper half, so instances that were refused together do not retry together.
  return Math.round(exponential / 2 + Math.random() * (exponential / 2));
}

/** GOV.UK Pay: https://publicapi.payments.service.gov.uk/v1/payments with the service's API key. */
export function createGovUkPayClient(options: {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
}): PaymentProvider {
  const baseUrl = (options.baseUrl ?? 'https://publicapi.payments.service.gov.uk').replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const policy = options.retry ?? PAY_RETRY_POLICY;
  const sleep = options.sleep ?? wait;
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PayPayment> {
    // One key for every try of one create: GOV.UK Pay makes a retried create return the first payment.
    const idempotencyKey = method === 'POST' ? randomUUID() : undefined;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(`${baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new PaymentProviderUnavailable(`GOV.UK Pay unreachable: ${String(error)}`);
      }
      if (res.status === 429 && attempt < policy.retries) {
        await res.body?.cancel();
        await sleep(retryDelayMs(attempt, res.headers.get('retry-after'), policy));
        continue;
      }
      if (!res.ok) throw new PaymentProviderUnavailable(`GOV.UK Pay answered ${res.status}`);
      return (await res.json()) as PayPayment;
    }
  }
  return {
    createPayment: (request: PayCreateRequest) => call('POST', '/v1/payments', request),
    getPayment: (paymentId: string) => call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`),
  };
}
