import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig } from '../src/config';
import { stopGracefully } from '../src/platform/lifecycle';
import { registerTracing } from '../src/platform/tracing';
import {
  Browser,
  ENGINES,
  PUBLIC_URL,
  startTestApp,
  type Engine,
  type TestApp,
  withTestApp,
} from './harness';

/** A promise and the means to settle it from outside: the test decides when a request or a job may finish. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { open, opened };
}

/** A GET on a connection of its own: either its status, or the connection error's code (ECONNREFUSED). */
function getOnNewConnection(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** The value of one series (with these labels) in Prometheus's text format, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe.each(ENGINES)('metrics and readiness on $name', (engine: Engine) => {
  let t: TestApp;
  withTestApp(engine, (app) => (t = app));

  it('/metrics names requests by route template, the pool, the job queue, sessions, memory and the event loop', async () => {
    const browser = new Browser(t);
    await browser.signIn('csg');
    // A request whose path carries a value: the series names its template, never the value.
    await browser.get('/api/draftApplications/not-a-real-token');
    await t.jobs.enqueue('operations.test', {}, { runAt: new Date(t.clock.now().getTime() - 90_000) });

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(
      sample(text, 'http_requests_total', {
        route: '/api/draftApplications/:token',
        method: 'GET',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('not-a-real-token');
    expect(
      sample(text, 'http_request_duration_seconds_bucket', {
        route: '/api/draftApplications/:token',
        le: '+Inf',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    // Queries of this very scrape may be waiting for a connection being opened: a figure, whatever it is.
    expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBeTypeOf('number');
    expect(sample(text, 'db_pool_acquire_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'jobs_queue_depth', { kind: 'operations.test' })).toBe(1);
    expect(sample(text, 'jobs_queue_oldest_age_seconds', { kind: 'operations.test' })).toBeGreaterThanOrEqual(
      89,
    );
    expect(sample(text, 'sessions_active')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'service_serving')).toBe(1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  });

  it('/metrics is refused through the proxy and from outside the allowed networks', async () => {
    const relayed = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(404);
    expect(relayed.body).not.toContain('http_requests_total');
    const outside = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ status: 404, backendCode: 'NOT_FOUND' });
  });

  it('/readyz answers 503 and says so from the first moment of a graceful stop', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const built = await startTestApp(engine);
    try {
      built.lifecycle.drain();
      const ready = await built.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'ok', draining: true });
      const metrics = await built.app.inject({ method: 'GET', url: '/metrics' });
      expect(sample(metrics.body, 'service_serving')).toBe(0);
    } finally {
      await built.dispose();
    }
  });
});

describe('metrics configuration', () => {
  it('METRICS_ALLOW names the callers allowed, or turns /metrics off', async () => {
    const allowOne = await startTestApp(ENGINES[0]!, { METRICS_ALLOW: '10.0.0.0/8' });
    try {
      const fromLoopback = await allowOne.app.inject({ method: 'GET', url: '/metrics' });
      expect(fromLoopback.statusCode).toBe(404);
      const fromScraper = await allowOne.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '10.1.2.3',
      });
      expect(fromScraper.statusCode).toBe(200);
    } finally {
      await allowOne.dispose();
    }
    const off = await startTestApp(ENGINES[0]!, { METRICS_ALLOW: 'off' });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.dispose();
    }
    expect(() => loadConfig({ METRICS_ALLOW: 'everyone' })).toThrow(/METRICS_ALLOW/);
  });
});

describe.each(ENGINES)('graceful stop on $name', (engine: Engine) => {
  let opened: Awaited<ReturnType<Engine['open']>>;
  let built: BuiltApp;
  let base: string;
  const slowStarted = gate();
  const slowMayFinish = gate();
  const jobStarted = gate();
  const jobMayFinish = gate();

  beforeAll(async () => {
    opened = await engine.open();
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      // A running job is given back at once when the stop comes.
      SHUTDOWN_JOB_GRACE_MS: '0',
      ...(opened.redisUrl ? { REDIS_URL: opened.redisUrl } : {}),
    });
    built = await buildApp(config, { database: opened.database });
    // A request that finishes when the test says so.
    built.app.get('/test/slow', { config: { access: 'public' } }, async () => {
      slowStarted.open();
      await slowMayFinish.opened;
      return { finished: true };
    });
    built.jobs.handle('operations.block', async () => {
      jobStarted.open();
      await jobMayFinish.opened;
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    slowMayFinish.open();
    jobMayFinish.open();
    await opened.dispose();
  });

  it('drains, refuses new connections, finishes the request in flight and gives back its job lease', async () => {
    // A job claimed and running in this instance.
    await built.jobs.enqueue('operations.block');
    built.jobs.start(60_000);
    built.jobs.wake();
    await jobStarted.opened;

    const inFlight = fetch(`${base}/test/slow`);
    await slowStarted.opened;

    const drained = gate();
    const stopping = stopGracefully(built, { drainMs: 0, wait: () => drained.opened });
    // Draining: still answering, /readyz 503 for the proxy's health check.
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ draining: true });

    // The proxy has seen it: the listener closes while the slow request is still in flight.
    drained.open();
    let answer: number | string = 0;
    for (let attempt = 0; attempt < 1000 && answer !== 'ECONNREFUSED'; attempt++) {
      answer = await getOnNewConnection(`${base}/healthz`);
    }
    expect(answer).toBe('ECONNREFUSED');

    // The request in flight is answered in full.
    slowMayFinish.open();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    await stopping;

    // The job's lease went back: pending again, its attempt not counted, for another instance to take now.
    const job = await opened.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'locked_until'])
      .where('kind', '=', 'operations.block')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'pending', attempts: 0, locked_until: null });
  });
});

describe('traces', () => {
  it('one span per request with the route template, method, status and request id, and nothing personal', async () => {
    const exporter = new InMemorySpanExporter();
    const opened = await ENGINES[0]!.open();
    const built = await buildApp(
      loadConfig({ NODE_ENV: 'test', PUBLIC_URL, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
      { database: opened.database, traceExporter: exporter },
    );
    try {
      const res = await built.app.inject({
        method: 'GET',
        url: '/api/draftApplications/a-secret-token?name=Robin',
        headers: { 'x-request-id': 'proxy-given-id-0001' },
      });
      expect(res.headers['x-request-id']).toBe('proxy-given-id-0001');
      const spans = exporter.getFinishedSpans();
      expect(spans).toHaveLength(1);
      const [span] = spans;
      expect(span!.name).toBe('GET /api/draftApplications/:token');
      expect(span!.attributes).toEqual({
        'http.request.method': 'GET',
        'http.route': '/api/draftApplications/:token',
        'request.id': 'proxy-given-id-0001',
        'http.response.status_code': res.statusCode,
      });
      expect(JSON.stringify(span!.attributes)).not.toMatch(/secret|Robin/);
    } finally {
      await built.close();
      await opened.dispose();
    }
  });

  it('is off without an OTLP endpoint: no SDK, no hook', async () => {
    const app = Fastify();
    const hooks: string[] = [];
    app.addHook('onRoute', () => {});
    const addHook = app.addHook.bind(app);
    (app as unknown as { addHook: (name: string, fn: unknown) => unknown }).addHook = (name, fn) => {
      hooks.push(name);
      return addHook(name as 'onRequest', fn as never);
    };
    expect(await registerTracing(app, { endpoint: undefined, serviceName: 'test' })).toBeUndefined();
    expect(hooks).toEqual([]);
    await app.close();
  });
});
