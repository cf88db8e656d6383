import type { FastifyInstance } from 'fastify';

/**
 * An instance's life as the proxy sees it (decision 0043): it serves from the moment it listens (which is after
 * the migrations have run; /readyz then checks the database and Redis on each call), and from a graceful stop's
 * first moment it drains: /readyz answers 503 so the proxy's health check takes it out of rotation while it still
 * answers whatever arrives, then the listener closes, requests in flight finish, job leases are given back, and
 * the database and Redis are closed.
 */
export interface Lifecycle {
  /** True from the start of a graceful stop. */
  readonly draining: boolean;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

/**
 * While draining, every answer closes its connection: a keep-alive connection would otherwise hold the stop until
 * the server's keep-alive timeout (72 s), and the proxy opens its next one to an instance that is serving.
 */
export function registerDraining(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('Connection', 'close');
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The graceful stop of SIGTERM: drain (/readyz 503), wait `drainMs` for the proxy to see it, then close (stop
 * listening, finish the requests in flight, stop the job runner and give back its leases, close Redis and the
 * database). `wait` is the pause between the two (tests pass one they control).
 */
export async function stopGracefully(
  instance: { lifecycle: Lifecycle; close(): Promise<void> },
  options: { drainMs: number; wait?: (ms: number) => Promise<void> },
): Promise<void> {
  instance.lifecycle.drain();
  await (options.wait ?? sleep)(options.drainMs);
  await instance.close();
}

/** Resolves with the promise's value, or with `undefined` once `ms` have passed. */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
