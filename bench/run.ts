/**
 * Throughput and latency of the main API calls against the real server on a local port,
 * on the embedded database (or PostgreSQL/Redis when DATABASE_URL / REDIS_URL are set).
 * Prints figures; asserts nothing. Usage: npm run bench [-- --seconds 5 --concurrency 10]
 */
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '3' }, concurrency: { type: 'string', default: '10' } },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

// The public URL (and so the identity provider's issuer) must name the real port before the app is built.
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const a = probe.address();
    probe.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
  });
});
const base = `http://localhost:${port}`;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(port),
  PUBLIC_URL: base,
  LOG_LEVEL: 'silent',
  DATA_DIR: 'memory://',
  SIGN_IN_RATE_LIMIT_PER_MINUTE: '100000',
});
const built = await buildApp(config);
await built.app.listen({ port, host: '127.0.0.1' });

/** Follows a sign-in through the local identity provider with plain fetch and a cookie jar. */
async function signIn(persona: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = pair!.split('=');
      if (value) jar.set(name!, value);
      else jar.delete(name!);
    }
  };
  let url = `${base}/oauth2/authorization/dis`;
  let init: RequestInit = {};
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: cookieHeader() },
    });
    keep(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      init = {};
      continue;
    }
    if (url.includes('/local/idp/interaction/') && !url.endsWith('/login')) {
      url = `${url}/login`;
      init = {
        method: 'POST',
        body: new URLSearchParams({ persona }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      };
      continue;
    }
    break;
  }
  return cookieHeader();
}

async function measure(name: string, path: string, cookie?: string) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      const res = await fetch(base + path, { headers: cookie ? { cookie } : {} });
      await res.arrayBuffer();
      if (!res.ok) errors++;
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  console.log(
    `${name.padEnd(34)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${pct(50).padStart(6)} ms   p95 ${pct(95).padStart(6)} ms   p99 ${pct(99).padStart(6)} ms   errors ${errors}`,
  );
}

const csg = await signIn('csg');
await fetch(`${base}/api/declaration`, {
  method: 'POST',
  body: JSON.stringify({ agreed: true }),
  headers: {
    cookie: csg,
    origin: base,
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
  },
});
const applicant = await signIn('applicant-verified');

console.log(
  `engine: ${built.database.engine}${config.redisUrl ? ' + Redis sessions' : ''}; ${concurrency} concurrent clients, ${seconds} s per call`,
);
await measure('GET /healthz', '/healthz');
await measure('GET /api/config', '/api/config');
await measure('GET /oauth2/api/userinformation', '/oauth2/api/userinformation', csg);
await measure('GET /ags/disclosure-summaries', '/ags/disclosure-summaries', csg);
await measure(
  'GET applicant-applications-summary',
  '/api/draftApplications/applicant-applications-summary',
  applicant,
);

const signInStart = performance.now();
const signIns = 20;
for (let i = 0; i < signIns; i++) await signIn('applicant-basic');
console.log(
  `full sign-in round trip (OIDC, sequential)     ${((performance.now() - signInStart) / signIns).toFixed(1)} ms each`,
);
const memory = process.memoryUsage();
console.log(
  `memory: rss ${(memory.rss / 1024 / 1024).toFixed(0)} MiB, heap used ${(memory.heapUsed / 1024 / 1024).toFixed(0)} MiB`,
);

await built.close();
