import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { ApiError } from './errors';
import client from 'prom-client';

/**
 * The service's health as numbers: GET /metrics in Prometheus's text format, from prom-client's default registry
 * (anything else in the process that registers there, such as the email outbox's series, appears beside these).
 * Decision 0043 says what each series means and why it is reached only from the operator's network.
 *
 * The series are made once per process (the default registry refuses a name twice); what they read at a scrape
 * (the database pool, the job queue, the sessions) comes from the app that registered last, so a test worker
 * that builds many apps in turn always reads the one in use.
 */

/** Request durations' bucket edges, in seconds: around the objectives (150 ms for API calls, 300 ms for pages). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2.5, 5, 10];

export const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by route template, method and status code',
  labelNames: ['route', 'method', 'status'] as const,
});
export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from receiving a request to sending its answer, by route template, method and status code',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: DURATION_BUCKETS,
});
const poolWait = new client.Histogram({
  name: 'db_pool_acquire_seconds',
  help: 'Time a query waited for a database connection from the pool',
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});
const poolAcquireErrors = new client.Counter({
  name: 'db_pool_acquire_errors_total',
  help: 'Database connections asked of the pool that could not be had (the database unreachable)',
});
const collectErrors = new client.Counter({
  name: 'metrics_collect_errors_total',
  help: 'Scrapes that could not read a figure (the database or Redis unreachable); the figure is left out',
  labelNames: ['source'] as const,
});

/** What a scrape reads from the app that is running. */
export interface MetricsSources {
  pool?: pg.Pool | undefined;
  /** Pending jobs that are due, and the age of the oldest, by kind; running jobs by kind. */
  jobQueue(): Promise<{ kind: string; due: number; oldestDueSeconds: number; running: number }[]>;
  /** Sessions that have not expired (the database store), or the keys of the Redis store. */
  sessions(): Promise<number>;
  /** 1 while the instance takes traffic, 0 while it drains before stopping. */
  serving(): boolean;
}

let sources: MetricsSources | undefined;

/** How long a scrape waits for a figure read from the database or Redis. */
const COLLECT_TIMEOUT_MS = 2000;
const within = <T>(promise: Promise<T>): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timed out')), COLLECT_TIMEOUT_MS).unref(),
    ),
  ]);

new client.Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections: total open, idle, and queries waiting for one',
  labelNames: ['state'] as const,
  collect() {
    this.reset();
    const pool = sources?.pool;
    if (!pool) return;
    this.set({ state: 'total' }, pool.totalCount);
    this.set({ state: 'idle' }, pool.idleCount);
    this.set({ state: 'waiting' }, pool.waitingCount);
  },
});

// The queue is read once per scrape for its three series (a registry collects them side by side).
type QueueRow = Awaited<ReturnType<MetricsSources['jobQueue']>>[number];
let queueRead:
  { at: number; from: MetricsSources | undefined; rows: Promise<QueueRow[] | undefined> } | undefined;
function readQueue(): Promise<QueueRow[] | undefined> {
  const now = Date.now();
  // One read serves the three series of one scrape, and never another app's scrape.
  if (!queueRead || queueRead.from !== sources || now - queueRead.at > 250) {
    const read = sources?.jobQueue();
    queueRead = {
      at: now,
      from: sources,
      rows: read
        ? within(read).catch(() => {
            collectErrors.inc({ source: 'jobs' });
            return undefined;
          })
        : Promise.resolve(undefined),
    };
  }
  return queueRead.rows;
}

function queueGauge(name: string, help: string, value: (row: QueueRow) => number) {
  return new client.Gauge({
    name,
    help,
    labelNames: ['kind'] as const,
    async collect() {
      const rows = await readQueue();
      this.reset();
      for (const row of rows ?? []) this.set({ kind: row.kind }, value(row));
    },
  });
}
queueGauge('jobs_queue_depth', 'Pending jobs whose time has come, by kind', (row) => row.due);
queueGauge(
  'jobs_queue_oldest_age_seconds',
  'How long the oldest due pending job has waited past its time, by kind',
  (row) => row.oldestDueSeconds,
);
queueGauge('jobs_running', 'Jobs claimed by an instance and not yet finished, by kind', (row) => row.running);

new client.Gauge({
  name: 'sessions_active',
  help: 'Signed-in and signing-in sessions that have not expired',
  async collect() {
    this.reset();
    if (!sources) return;
    try {
      this.set(await within(sources.sessions()));
    } catch {
      collectErrors.inc({ source: 'sessions' });
    }
  },
});

new client.Gauge({
  name: 'service_serving',
  help: '1 while this instance takes traffic (/readyz may answer 200), 0 while it drains before stopping',
  collect() {
    this.set(sources ? Number(sources.serving()) : 0);
  },
});

// Process memory, CPU, handles and the event loop's delay (nodejs_eventloop_lag_seconds and its percentiles),
// once per process.
let defaultsCollected = false;

/** The pool's connect, timed: how long a query waited for a connection. */
export function timePoolAcquire(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  pool.connect = ((callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => {
    if (callback) return (connect as unknown as (cb: typeof callback) => void)(callback);
    const stop = poolWait.startTimer();
    return connect().then(
      (acquired) => {
        stop();
        return acquired;
      },
      (error: unknown) => {
        poolAcquireErrors.inc();
        throw error;
      },
    );
  }) as typeof pool.connect;
}

export interface MetricsOptions {
  /**
   * Who may read /metrics: `false` (nobody: 404), or the addresses and networks of the callers allowed, matched
   * against the connection's own peer. A request relayed by the proxy (it carries X-Forwarded-For) is refused
   * whatever its peer, so /metrics is never reachable through the public entrance.
   */
  allow: false | string[];
}

/** Route template of a request, never its path (which can carry tokens); the same label the request log uses. */
function routeOf(request: FastifyRequest): string {
  try {
    return request.routeOptions?.url ?? '(no route)';
  } catch {
    return '(no route)';
  }
}

export function registerMetrics(app: FastifyInstance, using: MetricsSources, options: MetricsOptions): void {
  sources = using;
  if (!defaultsCollected) {
    client.collectDefaultMetrics({ eventLoopMonitoringPrecision: 20 });
    defaultsCollected = true;
  }
  app.addHook('onResponse', async (request, reply) => {
    const labels = { route: routeOf(request), method: request.method, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => {
    if (sources === using) sources = undefined;
  });

  const allowed = options.allow ? allowList(options.allow) : undefined;
  app.get(
    '/metrics',
    // Checked here: the caller's network, not a session.
    { config: { access: 'service' }, schema: { hide: true } },
    async (request, reply) => {
      const relayed = request.headers['x-forwarded-for'] !== undefined;
      if (!allowed || relayed || !isAllowed(allowed, request.socket.remoteAddress))
        throw new ApiError(404, 'NOT_FOUND', 'Not found');
      const body = await client.register.metrics();
      return reply.header('Cache-Control', 'no-store').type(client.register.contentType).send(body);
    },
  );
}

function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function isAllowed(list: BlockList, peer: string | undefined): boolean {
  if (!peer) return false;
  // A dual-stack listener sees an IPv4 caller as ::ffff:a.b.c.d.
  const v4 = peer.startsWith('::ffff:') ? peer.slice(7) : peer;
  return isIPv4(v4) ? list.check(v4, 'ipv4') : list.check(peer, 'ipv6');
}
