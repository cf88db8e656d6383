/**
 * Throughput and latency of the main authenticated calls next to a floor measured in the same run: a bare Fastify
 * server answering one primary-key query on the same database engine. Runs on the embedded database and, when
 * DATABASE_URL is set, on PostgreSQL (with Redis sessions when REDIS_URL is set too) in a throwaway database of
 * its own. Prints figures and the ratio to the floor; asserts nothing (the machine's load decides the times).
 * Each call is measured in several short rounds, taken in turn with the floor and the other calls (floor, call,
 * call, …, then the floor again), so that the machine's drift over the run (another process, the database's own
 * work) falls on all of them alike; a call's req/s is the median of its rounds, its latencies those of all rounds.
 * Then runs the scripts of targets 2–4 where they can run and prints the table of all four targets (targets.ts).
 * Usage: npm run bench [-- --seconds 2 --rounds 3 --connections 10,50 --rows 300 --no-targets --scale-seconds 5
 * --lighthouse-runs 3 --only bundle,lighthouse]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { enableListCache } from '../apps/api/src/platform/list-cache';
import { startFloor } from './floor';
import { renderAlone } from './render-alone';
import { combine, measure, type Measured } from './measure';
import { seedApplications } from './seed';
import { ADMIN_URL, BENCH_DATABASE } from './seed-million-target';
import { signDeclaration, signIn, startBenchServer } from './server';
import { printTargets, type TargetFigure } from './targets';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10,50' },
    rows: { type: 'string', default: '300' },
    engine: { type: 'string' },
    // --no-targets: target 1's calls only, without the scripts of targets 2–4 and the table of targets.
    targets: { type: 'boolean', default: true },
    'scale-seconds': { type: 'string', default: '5' },
    'lighthouse-runs': { type: 'string', default: '3' },
    // --only bundle,lighthouse: only these scripts of targets 2–5 (scale, bundle, lighthouse, memory) and their rows
    // of the table, without target 1's calls.
    only: { type: 'string' },
  },
  allowNegative: true,
});
const TARGET_ONE_CALLS = [
  'organisation applications list',
  'organisation results summary',
  'user information',
];
const figures: TargetFigure[] = [];
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
  const floor = await startFloor(db, 'bench-user-1');

  const csg = await signIn(base, 'csg');
  await signDeclaration(base, csg);

  const calls: { name: string; url: string; cookie?: string }[] = [
    { name: 'floor: bare Fastify + 1 PK query', url: floor.url },
    { name: 'GET /healthz', url: `${base}/healthz` },
    { name: 'organisation applications list', url: `${base}/ags/disclosure-summaries`, cookie: csg },
    {
      name: 'organisation results summary',
      url: `${base}/api/organisation/RB1001/results-summary`,
      cookie: csg,
    },
    { name: 'user information', url: `${base}/oauth2/api/userinformation`, cookie: csg },
    // The dashboard page as the browser's first request gets it: rendered on the server by React (decision 0038).
    { name: 'dashboard page, rendered on the server', url: `${base}/csg/dashboard`, cookie: csg },
  ];
  // The same two lists with no page kept (decision 0034): every request runs the list's statements.
  const unkept = calls
    .filter((c) => c.name.startsWith('organisation'))
    .map((c) => ({ ...c, name: `${c.name} (not kept)`, unkept: true }));
  console.log(
    `\n== engine: ${built.database.engine}${config.redisUrl ? ' + Redis sessions' : ''}; ${rows} bench applications; ${rounds} rounds of ${seconds} s per call; Node ${process.version} ${process.execArgv.filter((a) => a.startsWith('--max') || a.startsWith('--expose')).join(' ')}; load average ${load()}`,
  );
  // The lowest floor of the counts of connections: the render alone is read beside it (its best case).
  let lowestFloorRps = 0;
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
      if (call.url === floor.url) {
        floorRps = m.rps;
        lowestFloorRps = lowestFloorRps ? Math.min(lowestFloorRps, m.rps) : m.rps;
      }
      console.log(
        `${call.name.padEnd(44)} ${String(connections).padStart(5)} ${m.rps.toFixed(0).padStart(7)} ${m.p50.toFixed(1).padStart(7)} ${m.p95.toFixed(1).padStart(7)} ${m.p99.toFixed(1).padStart(7)} ${(m.rps / floorRps).toFixed(2).padStart(8)} ${m.errors}`,
      );
      // Target 5 (issue 28): the server-rendered dashboard at least 0.3 × the floor on PostgreSQL and Redis.
      if (call.name.startsWith('dashboard page') && engine === 'postgres')
        figures.push({
          target: 5,
          what: `${call.name} (PostgreSQL, ${connections} conns): × floor`,
          measured: `${(m.rps / floorRps).toFixed(2)} (${m.rps.toFixed(0)} req/s)`,
          goal: 'at least 0.3',
          floor: `${floorRps.toFixed(0)} req/s`,
          met: m.rps / floorRps >= 0.3 && m.errors === 0,
        });
      // Target 1: the three calls as the service answers them (pages kept), beside the floor.
      if (!TARGET_ONE_CALLS.includes(call.name)) continue;
      const ratio = engine === 'postgres' ? 0.5 : 0.25;
      const where = `${engine === 'postgres' ? 'PostgreSQL' : 'embedded'}, ${connections} conns`;
      figures.push({
        target: 1,
        what: `${call.name} (${where}): × floor`,
        measured: `${(m.rps / floorRps).toFixed(2)} (${m.rps.toFixed(0)} req/s)`,
        goal: `at least ${ratio}`,
        floor: `${floorRps.toFixed(0)} req/s`,
        met: m.rps / floorRps >= ratio && m.errors === 0,
      });
      if (engine === 'postgres' && connections === 50)
        figures.push({
          target: 1,
          what: `${call.name} (${where}): p99`,
          measured: `${m.p99.toFixed(1)} ms`,
          goal: 'under 50 ms',
          met: m.p99 < 50,
        });
    }
  }
  if (engine === 'postgres' && lowestFloorRps > 0) {
    // What bounds target 5: the page's React render by itself, every read it makes answered from memory.
    const ms = await renderAlone(base, csg, '/csg/dashboard');
    const ceiling = 1000 / ms / lowestFloorRps;
    console.log(
      `dashboard page's React render alone, its reads answered from memory: ${ms.toFixed(2)} ms a page, so at most ${(1000 / ms).toFixed(0)} req/s on one thread = ${ceiling.toFixed(2)} × the floor`,
    );
    figures.push({
      target: 5,
      what: "dashboard page's render alone (reads from memory): its best × floor",
      measured: `${ceiling.toFixed(2)} (${ms.toFixed(2)} ms a page)`,
      goal: 'at least 0.3',
      floor: `${lowestFloorRps.toFixed(0)} req/s`,
      met: ceiling >= 0.3,
    });
  }
  const memory = process.memoryUsage();
  console.log(
    `load average after: ${load()}; memory (bench process, both servers): rss ${(memory.rss / 1024 / 1024).toFixed(0)} MiB`,
  );
  await floor.close();
  await built.close();
  await dropDatabase?.();
}

const onlyScripts = values.only?.split(',').map((name) => name.trim());
const wanted = (script: string) => !onlyScripts || onlyScripts.includes(script);
const engineOnly = values.engine;
if (onlyScripts) {
  // Target 1's calls are left out.
} else if (!engineOnly || engineOnly === 'embedded') await benchEngine('embedded');
if (onlyScripts) {
  // As above.
} else if (process.env.DATABASE_URL && (!engineOnly || engineOnly === 'postgres'))
  await benchEngine('postgres');
else if (!process.env.DATABASE_URL) {
  console.log('\n(PostgreSQL not measured: set DATABASE_URL, and REDIS_URL for Redis sessions.)');
  figures.push({
    target: 1,
    what: 'calls on PostgreSQL',
    measured: 'set DATABASE_URL',
    goal: 'at least 0.5',
  });
}
if (values.targets || onlyScripts) {
  await otherTargets();
  printTargets(figures);
}

/**
 * Targets 2–4, each by its own script in a child process (its output shown as it runs), where it can run: the
 * million-row scale run needs the seeded database (`npm run bench:seed`), the first-load and memory figures need
 * `npm run build`. Each script records its figures in a file of this run.
 */
async function otherTargets() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dis-bench-')), 'targets.jsonl');
  // A script that fails shows in the table as such, rather than as figures missing from it.
  const run = (target: TargetFigure['target'], script: string, args: string[]) =>
    new Promise<void>((resolve) => {
      console.log(`\n== ${script} ${args.join(' ')}`);
      const child = spawn(
        process.execPath,
        ['--max-semi-space-size=16', '--import', 'tsx', script, ...args],
        { cwd: import.meta.dirname, stdio: 'inherit', env: { ...process.env, BENCH_TARGETS_FILE: file } },
      );
      child.on('exit', (code) => {
        if (code !== 0)
          figures.push({ target, what: script, measured: `failed (exit ${code})`, goal: 'runs', met: false });
        resolve();
      });
    });
  if (!wanted('scale')) {
    // Not asked for.
  } else if (!process.env.DATABASE_URL) {
    figures.push({
      target: 2,
      what: 'organisation lists at a million',
      measured: 'set DATABASE_URL',
      goal: '',
    });
  } else if (!(await scaleDatabaseExists())) {
    figures.push({
      target: 2,
      what: 'organisation lists at a million',
      measured: 'run npm run bench:seed',
      goal: '',
    });
  } else {
    await run(2, 'scale.ts', ['--seconds', values['scale-seconds'], '--plan-headlines']);
  }
  const built = existsSync(path.join(import.meta.dirname, '../apps/web/dist/.vite/manifest.json'));
  if (!built) {
    if (wanted('bundle') || wanted('lighthouse'))
      figures.push({ target: 3, what: 'first load', measured: 'run npm run build', goal: '' });
    if (wanted('memory'))
      figures.push({ target: 4, what: 'idle memory', measured: 'run npm run build', goal: '' });
  } else {
    if (wanted('bundle')) await run(3, 'bundle.ts', []);
    if (wanted('lighthouse')) await run(3, 'lighthouse.ts', ['--runs', values['lighthouse-runs']]);
    if (wanted('memory')) await run(4, 'memory.ts', []);
  }
  if (existsSync(file))
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean))
      figures.push(JSON.parse(line) as TargetFigure);
  rmSync(path.dirname(file), { recursive: true, force: true });
}

async function scaleDatabaseExists(): Promise<boolean> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
    const found = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]);
    return found.rowCount === 1;
  } catch {
    return false;
  } finally {
    await admin.end().catch(() => undefined);
  }
}
