/**
 * Throughput and latency of the main authenticated calls next to a floor measured in the same run: a bare Fastify
 * server answering one primary-key query on the same database engine. Runs on the embedded database and, when
 * DATABASE_URL is set, on PostgreSQL (with Redis sessions when REDIS_URL is set too) in a throwaway database of
 * its own. Prints figures and the ratio to the floor; asserts nothing (the machine's load decides the times).
 * Each call is measured in several short rounds, taken in turn with the floor and the other calls (floor, call,
 * call, …, then the floor again), so that the machine's drift over the run (another process, the database's own
 * work) falls on all of them alike; a call's req/s is the median of its rounds, its latencies those of all rounds.
 * Usage: npm run bench [-- --seconds 2 --rounds 3 --connections 10,50 --rows 300]
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { enableListCache } from '../apps/api/src/platform/list-cache';
import { combine, measure, type Measured } from './measure';
import { seedApplications } from './seed';
import { signDeclaration, signIn, startBenchServer } from './server';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10,50' },
    rows: { type: 'string', default: '300' },
    engine: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connectionCounts = values.connections.split(',').map(Number);
const rows = Number(values.rows);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function benchEngine(engine: 'embedded' | 'postgres') {
  let dropDatabase: (() => Promise<void>) | undefined;
  const env: Record<string, string> = { DATABASE_URL: '', REDIS_URL: '' };
  if (engine === 'postgres') {
    // A database of its own for this run, dropped at the end: never the one the tests share.
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `bench_run_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.href;
    env.REDIS_URL = process.env.REDIS_URL ?? '';
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const { base, config, built } = await startBenchServer(env);
  const { db } = built.database;
  await seedApplications(db as never, { count: rows });

  // The floor: bare Fastify, one primary-key query on the same engine (the same pool), nothing else.
  const floor = Fastify({ logger: false });
  floor.get('/floor', async () => {
    const result = await sql<{ id: string; forename: string }>`
      select id, forename from users where id = ${'bench-user-1'}`.execute(db);
    return result.rows[0] ?? null;
  });
  const floorAddress = await floor.listen({ port: 0, host: '127.0.0.1' });

  const csg = await signIn(base, 'csg');
  await signDeclaration(base, csg);

  const calls: { name: string; url: string; cookie?: string }[] = [
    { name: 'floor: bare Fastify + 1 PK query', url: `${floorAddress}/floor` },
    { name: 'GET /healthz', url: `${base}/healthz` },
    { name: 'organisation applications list', url: `${base}/ags/disclosure-summaries`, cookie: csg },
    {
      name: 'organisation results summary',
      url: `${base}/api/organisation/RB1001/results-summary`,
      cookie: csg,
    },
    { name: 'user information', url: `${base}/oauth2/api/userinformation`, cookie: csg },
  ];
  // The same two lists with no page kept (decision 0034): every request runs the list's statements.
  const unkept = calls
    .filter((c) => c.name.startsWith('organisation'))
    .map((c) => ({ ...c, name: `${c.name} (not kept)`, unkept: true }));
  console.log(
    `\n== engine: ${built.database.engine}${config.redisUrl ? ' + Redis sessions' : ''}; ${rows} bench applications; ${rounds} rounds of ${seconds} s per call; Node ${process.version} ${process.execArgv.filter((a) => a.startsWith('--max') || a.startsWith('--expose')).join(' ')}; load average ${load()}`,
  );
  console.log(
    `${'call'.padEnd(44)} ${'conns'.padStart(5)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× floor'.padStart(8)} errors`,
  );
  for (const connections of connectionCounts) {
    const all = [...calls, ...unkept];
    const measured = new Map<(typeof all)[number], Measured[]>();
    for (let round = 0; round < rounds; round++) {
      for (const call of all) {
        enableListCache(db, 'unkept' in call ? 0 : config.listCacheEntries);
        // Each call starts from a collected heap: none pays for the garbage the one before it left.
        (globalThis as { gc?: () => void }).gc?.();
        measured.set(call, [
          ...(measured.get(call) ?? []),
          await measure(call.url, connections, seconds, call.cookie),
        ]);
      }
    }
    let floorRps = 0;
    for (const call of all) {
      const m = combine(measured.get(call)!);
      if (call.url.endsWith('/floor')) floorRps = m.rps;
      console.log(
        `${call.name.padEnd(44)} ${String(connections).padStart(5)} ${m.rps.toFixed(0).padStart(7)} ${m.p50.toFixed(1).padStart(7)} ${m.p95.toFixed(1).padStart(7)} ${m.p99.toFixed(1).padStart(7)} ${(m.rps / floorRps).toFixed(2).padStart(8)} ${m.errors}`,
      );
    }
  }
  const memory = process.memoryUsage();
  console.log(
    `load average after: ${load()}; memory (bench process, both servers): rss ${(memory.rss / 1024 / 1024).toFixed(0)} MiB`,
  );
  await floor.close();
  await built.close();
  await dropDatabase?.();
}

const only = values.engine;
if (!only || only === 'embedded') await benchEngine('embedded');
if (process.env.DATABASE_URL && (!only || only === 'postgres')) await benchEngine('postgres');
else if (!process.env.DATABASE_URL)
  console.log('\n(PostgreSQL not measured: set DATABASE_URL, and REDIS_URL for Redis sessions.)');
