/**
 * The server's memory when idle: starts it as `npm start` does (the compiled server, scripts/start.mjs) and, for
 * comparison, through the TypeScript loader (tsx, as `npm run dev` does), on PostgreSQL (a throwaway database
 * created on DATABASE_URL's server; skipped without DATABASE_URL) and on the embedded database (a temporary data
 * folder), then prints the resident memory (RSS) of the server's processes once it has been idle for a while.
 * Target: under 250 MiB idle on PostgreSQL. Run `npm run build` first (start.mjs builds what is out of date).
 * Usage: DATABASE_URL=postgres://… npm run bench:memory -w bench [-- --idle-seconds 15]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { recordTargets } from './targets';

export const IDLE_RSS_TARGET_MIB = 250;

const { values } = parseArgs({ options: { 'idle-seconds': { type: 'string', default: '15' } } });
const idleSeconds = Number(values['idle-seconds']);
const repo = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const a = probe.address();
      probe.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** The process and its descendants (tsx runs the server in a child process). */
function processTree(pid: number): number[] {
  const out = [pid];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const child of children ? children.split(/\s+/).map(Number) : []) out.push(...processTree(child));
  }
  return out;
}

function rssMib(pid: number): number {
  let kib = 0;
  for (const p of processTree(pid)) {
    const status = readFileSync(`/proc/${p}/status`, 'utf8');
    kib += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return kib / 1024;
}

async function waitUntilReady(base: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped while starting:\n${output()}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become ready in time:\n${output()}`);
}

async function idleRss(command: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  let log = '';
  const child = spawn(command[0]!, command.slice(1), {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      REDIS_URL: process.env.REDIS_URL ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  try {
    await waitUntilReady(base, child, () => log);
    // One ordinary request, as a first visitor would make, then nothing.
    await (await fetch(`${base}/api/config`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) {
      samples.push(rssMib(child.pid!));
      await new Promise((r) => setTimeout(r, 1000));
    }
    return samples.sort((a, b) => a - b)[1]!;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

async function withPostgres<T>(run: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `dis_memory_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    return await run(url.href);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function withDataDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dis-memory-'));
  try {
    return await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm start`'s own command (its Node flags included), run without npm around it. */
const npmStart = (
  JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .map((word) => (word === 'node' ? process.execPath : word));
const servers = [
  { name: 'compiled (npm start)', command: npmStart },
  {
    name: 'TypeScript loader (tsx)',
    command: [path.join(repo, 'node_modules/.bin/tsx'), 'apps/api/src/main.ts'],
  },
];

console.log(`Idle RSS after ${idleSeconds} s (the server's processes; npm's own process not counted)`);
const results: { name: string; engine: string; mib: number }[] = [];
for (const server of servers) {
  if (process.env.DATABASE_URL) {
    const mib = await withPostgres((url) => idleRss(server.command, { DATABASE_URL: url }));
    results.push({ name: server.name, engine: 'PostgreSQL', mib });
  }
  const mib = await withDataDir((dir) => idleRss(server.command, { DATABASE_URL: '', DATA_DIR: dir }));
  results.push({ name: server.name, engine: 'embedded', mib });
}
for (const r of results) {
  console.log(`${r.name.padEnd(26)} ${r.engine.padEnd(11)} ${r.mib.toFixed(0).padStart(5)} MiB`);
}
const compiledPg = results.find((r) => r.name.startsWith('compiled') && r.engine === 'PostgreSQL');
recordTargets([
  compiledPg
    ? {
        target: 4,
        what: 'idle RSS, compiled server (npm start), PostgreSQL',
        measured: `${compiledPg.mib.toFixed(0)} MiB`,
        goal: `under ${IDLE_RSS_TARGET_MIB} MiB`,
        met: compiledPg.mib < IDLE_RSS_TARGET_MIB,
      }
    : {
        target: 4,
        what: 'idle RSS on PostgreSQL',
        measured: 'set DATABASE_URL',
        goal: `under ${IDLE_RSS_TARGET_MIB} MiB`,
      },
]);
console.log(
  compiledPg
    ? `Target (under ${IDLE_RSS_TARGET_MIB} MiB idle on PostgreSQL, as npm start runs it): ${compiledPg.mib < IDLE_RSS_TARGET_MIB ? 'met' : 'NOT met'}`
    : 'Set DATABASE_URL to measure the PostgreSQL target.',
);
