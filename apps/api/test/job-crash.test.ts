import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../src/platform/clock';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/platform/db/database';
import { createJobRunner, JOB_HEARTBEAT_MS, JOB_LEASE_MS } from '../src/platform/jobs';
import { ENGINES, newPostgresDatabase } from './harness';

// Crash recovery of jobs (issue 30, finding 8; decision 0039): a short lease renewed by a heartbeat while a job
// runs, so the job of a runner killed mid-job is taken over within about 30 seconds. Time moves with the injected
// clock; nothing waits on the wall clock.

const log = pino({ level: 'silent' });
const START = '2026-11-23T09:00:00.000Z';
const at = (ms: number) => new Date(new Date(START).getTime() + ms);

const jobRow = (db: DatabaseHandle['db'], kind: string) =>
  db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'locked_until'])
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();

describe.each(ENGINES)('job leases on $name', (engine) => {
  afterEach(() => vi.useRealTimers());

  it('renews the lease of a running job by heartbeat, so no other runner takes a long job over', async () => {
    const opened = await engine.open();
    try {
      const { db } = opened.database;
      await migrateToLatest(db);
      const clock = new FakeClock(START);
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const a = createJobRunner(db, clock, log);
      const b = createJobRunner(db, clock, log);
      let finish!: () => void;
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      let runs = 0;
      const handler = async () => {
        runs += 1;
        started();
        await new Promise<void>((resolve) => (finish = resolve));
      };
      a.handle('test.long', handler);
      b.handle('test.long', handler);
      await a.enqueue('test.long');
      const aDone = a.runDue();
      await running;
      expect(new Date((await jobRow(db, 'test.long')).locked_until!).toISOString()).toBe(
        at(JOB_LEASE_MS).toISOString(),
      );
      // The runner keeps a heartbeat timer while the job runs.
      expect(vi.getTimerCount()).toBe(1);

      // Three minutes of work: a heartbeat every third of the lease keeps it ahead of the clock.
      for (let elapsed = JOB_HEARTBEAT_MS; elapsed <= 3 * 60_000; elapsed += JOB_HEARTBEAT_MS) {
        clock.set(at(elapsed));
        await a.renewLeases();
        expect(await b.runDue()).toBe(0);
      }
      expect(new Date((await jobRow(db, 'test.long')).locked_until!).getTime()).toBe(
        clock.now().getTime() + JOB_LEASE_MS,
      );
      finish();
      expect(await aDone).toBe(1);
      expect(runs).toBe(1);
      expect(await jobRow(db, 'test.long')).toMatchObject({ status: 'done', attempts: 1 });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      await opened.dispose();
    }
  });

  it('a runner killed mid-job (SIGKILL): another runner takes the job over within about 30 seconds', async () => {
    // A database two processes can reach: a PostgreSQL database of its own, or an embedded one in files.
    const dir = mkdtempSync(path.join(tmpdir(), 'dis-job-crash-'));
    const postgres = engine.name.startsWith('PostgreSQL')
      ? await newPostgresDatabase('dis_test_crash')
      : undefined;
    const target = postgres?.url ?? dir;
    let database: DatabaseHandle | undefined;
    try {
      database = postgres
        ? await openDatabase({ databaseUrl: postgres.url, dataDir: 'unused' })
        : await openDatabase({ dataDir: dir });
      await migrateToLatest(database.db);
      const clock = new FakeClock(START);
      await createJobRunner(database.db, clock, log).enqueue('test.crash');
      if (!postgres) await database.close();

      const worker = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'support/job-worker.ts'), target, START],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let errors = '';
      worker.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        worker.on('exit', (_code, signal) => resolve(signal)),
      );
      await new Promise<void>((resolve, reject) => {
        worker.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('running')) resolve();
        });
        worker.on('exit', () => reject(new Error(`worker ended before running: ${errors}`)));
      });
      worker.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      if (!postgres) {
        // The dead process's lock on the data directory is left behind, as after any crash.
        rmSync(path.join(dir, '.lock'), { recursive: true, force: true });
        database = await openDatabase({ dataDir: dir });
      }
      const { db } = database!;
      const crashed = await jobRow(db, 'test.crash');
      expect(crashed).toMatchObject({ status: 'running', attempts: 1 });
      // The lease the dead runner took lasts no more than 30 seconds from its claim.
      expect(new Date(crashed.locked_until!).getTime() - new Date(START).getTime()).toBe(JOB_LEASE_MS);

      const survivor = createJobRunner(db, clock, log);
      let resumed = 0;
      survivor.handle('test.crash', async () => {
        resumed += 1;
      });
      clock.set(at(JOB_LEASE_MS - 1000));
      expect(await survivor.runDue()).toBe(0);
      clock.set(at(JOB_LEASE_MS + 1000));
      expect(await survivor.runDue()).toBe(1);
      expect(resumed).toBe(1);
      expect(await jobRow(db, 'test.crash')).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      await database?.close().catch(() => {});
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
