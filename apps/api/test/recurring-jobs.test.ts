import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/platform/clock';
import { migrateToLatest, type DatabaseHandle } from '../src/platform/db/database';
import { createJobRunner } from '../src/platform/jobs';
import { ENGINES } from './harness';

const INTERVAL_MS = 10 * 60 * 1000;

describe.each(ENGINES)('recurring jobs on $name', (engine) => {
  let database: DatabaseHandle;
  let dispose: () => Promise<void>;
  const clock = new FakeClock(new Date('2026-11-23T09:00:00Z'));
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    const opened = await engine.open();
    database = opened.database;
    dispose = opened.dispose;
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await dispose();
  });

  const queued = (kind: string, status: 'pending' | 'done' | 'failed') =>
    database.db
      .selectFrom('jobs')
      .select(['run_at', 'attempts'])
      .where('kind', '=', kind)
      .where('status', '=', status)
      .execute();

  /** A runner (one instance of the service) with the recurring job `kind`, counting its runs. */
  function runner(kind: string, runs: { count: number }, fail = false) {
    const jobs = createJobRunner(database.db, clock, log);
    jobs.every(kind, INTERVAL_MS, async () => {
      runs.count += 1;
      if (fail) throw new Error('down');
    });
    return jobs;
  }

  it('is queued once at start however many instances start, runs when due and queues its next run once', async () => {
    const runs = { count: 0 };
    const [a, b] = [runner('test.tick', runs), runner('test.tick', runs)];
    await Promise.all([a.scheduleRecurring(), b.scheduleRecurring(), a.scheduleRecurring()]);
    expect(await queued('test.tick', 'pending')).toHaveLength(1);

    expect(await a.runDue()).toBe(1);
    expect(runs.count).toBe(1);
    const next = await queued('test.tick', 'pending');
    expect(next).toHaveLength(1);
    expect(new Date(next[0]!.run_at).getTime()).toBe(clock.now().getTime() + INTERVAL_MS);

    // Not due yet: nothing runs, and starting again queues nothing more.
    expect(await b.runDue()).toBe(0);
    await b.scheduleRecurring();
    expect(await queued('test.tick', 'pending')).toHaveLength(1);

    clock.advance(INTERVAL_MS);
    expect(await b.runDue()).toBe(1);
    expect(runs.count).toBe(2);
    expect(await queued('test.tick', 'pending')).toHaveLength(1);
    expect(await queued('test.tick', 'done')).toHaveLength(2);
  });

  it('two runners each finishing a run at once queue one next run, never two', async () => {
    const runs = { count: 0 };
    const [a, b] = [runner('test.pair', runs), runner('test.pair', runs)];
    // Two runs due at once (queued by hand, as an operator or an older instance might).
    await a.enqueue('test.pair');
    await a.enqueue('test.pair');
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs.count).toBe(2);
    expect(await queued('test.pair', 'done')).toHaveLength(2);
    expect(await queued('test.pair', 'pending')).toHaveLength(1);
  });

  it('a failed run is retried as before and queues no extra run', async () => {
    const runs = { count: 0 };
    const jobs = runner('test.failing', runs, true);
    await jobs.scheduleRecurring();
    expect(await jobs.runDue()).toBe(1);
    const retry = await queued('test.failing', 'pending');
    expect(retry).toHaveLength(1);
    expect(retry[0]!.attempts).toBe(1);
  });

  it('a one-off job runs once and queues nothing after it', async () => {
    const jobs = createJobRunner(database.db, clock, log);
    const seen: unknown[] = [];
    jobs.handle('test.once', async (payload) => {
      seen.push(payload.id);
    });
    await jobs.scheduleRecurring();
    await jobs.enqueue('test.once', { id: 'a' });
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual(['a']);
    expect(await queued('test.once', 'pending')).toHaveLength(0);
  });
});
