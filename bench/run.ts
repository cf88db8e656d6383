/**
 * Throughput and latency of the main API calls against the real server on a local port,
 * on the embedded database (or PostgreSQL/Redis when DATABASE_URL / REDIS_URL are set).
 * Prints figures; asserts nothing. Usage: npm run bench [-- --seconds 5 --concurrency 10]
 */
import { parseArgs } from 'node:util';
import { signDeclaration, signIn, startBenchServer } from './server';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '3' }, concurrency: { type: 'string', default: '10' } },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

const { base, config, built } = await startBenchServer();

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

const csg = await signIn(base, 'csg');
await signDeclaration(base, csg);
const applicant = await signIn(base, 'applicant-verified');

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
for (let i = 0; i < signIns; i++) await signIn(base, 'applicant-basic');
console.log(
  `full sign-in round trip (OIDC, sequential)     ${((performance.now() - signInStart) / signIns).toFixed(1)} ms each`,
);
const memory = process.memoryUsage();
console.log(
  `memory: rss ${(memory.rss / 1024 / 1024).toFixed(0)} MiB, heap used ${(memory.heapUsed / 1024 / 1024).toFixed(0)} MiB`,
);

await built.close();
