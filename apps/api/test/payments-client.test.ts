import { describe, expect, it } from 'vitest';
import { createGovUkPayClient, PAY_RETRY_POLICY, retryDelayMs } from '../src/integrations/payments/client';
import { PaymentProviderUnavailable } from '../src/integrations/payments/types';

const payment = {
  payment_id: 'pay-1',
  amount: 2500,
  reference: 'DS-AAAAA-BBBBB',
  description: 'Level 2',
  return_url: 'http://localhost:3000/x',
  state: { status: 'created', finished: false },
  _links: { next_url: { href: 'https://pay.example/next', method: 'GET' } },
};

/** A fake GOV.UK Pay answering the given statuses in turn, recording each call. */
function fakePay(statuses: number[], retryAfter?: string) {
  const calls: Array<{ method: string; headers: Record<string, string> }> = [];
  const fakeFetch = (async (_url: string, init: RequestInit) => {
    calls.push({ method: String(init.method), headers: init.headers as Record<string, string> });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
    return status === 429
      ? new Response('{"code":"P0900","description":"Too many requests"}', {
          status,
          headers: retryAfter ? { 'retry-after': retryAfter } : {},
        })
      : new Response(JSON.stringify(payment), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  const sleeps: number[] = [];
  const client = createGovUkPayClient({
    apiKey: 'test-key',
    fetch: fakeFetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { client, calls, sleeps };
}

const create = { amount: 2500, reference: 'DS-AAAAA-BBBBB', description: 'Level 2', return_url: '/x' };

describe('GOV.UK Pay client: rate limiting (429)', () => {
  it('backs off and retries a create, with one idempotency key for every try', async () => {
    const { client, calls, sleeps } = fakePay([429, 429, 201]);
    await expect(client.createPayment(create)).resolves.toMatchObject({ payment_id: 'pay-1' });
    expect(calls).toHaveLength(3);
    const keys = new Set(calls.map((c) => c.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sleeps).toHaveLength(2);
    expect(sleeps.every((ms) => ms > 0 && ms <= PAY_RETRY_POLICY.maxDelayMs)).toBe(true);
  });

  it('retries a status read too, and honours Retry-After', async () => {
    const { client, calls, sleeps } = fakePay([429, 200], '1');
    await expect(client.getPayment('pay-1')).resolves.toMatchObject({ state: { status: 'created' } });
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([1000]);
  });

  it('gives up after a bounded number of retries: the provider is unavailable', async () => {
    const { client, calls, sleeps } = fakePay([429]);
    await expect(client.createPayment(create)).rejects.toBeInstanceOf(PaymentProviderUnavailable);
    expect(calls).toHaveLength(PAY_RETRY_POLICY.retries + 1);
    expect(sleeps).toHaveLength(PAY_RETRY_POLICY.retries);
  });

  it('does not retry other refusals', async () => {
    const { client, calls } = fakePay([500]);
    await expect(client.getPayment('pay-1')).rejects.toBeInstanceOf(PaymentProviderUnavailable);
    expect(calls).toHaveLength(1);
  });

  it('doubles the delay, within the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5].map((n) => retryDelayMs(n, null, PAY_RETRY_POLICY));
    delays.forEach((ms, n) => {
      const ceiling = Math.min(PAY_RETRY_POLICY.baseDelayMs * 2 ** n, PAY_RETRY_POLICY.maxDelayMs);
      expect(ms).toBeGreaterThanOrEqual(ceiling / 2);
      expect(ms).toBeLessThanOrEqual(ceiling);
    });
    expect(retryDelayMs(0, '60', PAY_RETRY_POLICY)).toBe(PAY_RETRY_POLICY.maxDelayMs);
  });
});
