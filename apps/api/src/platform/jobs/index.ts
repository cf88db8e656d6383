import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import {
  claimDueJob,
  hasActiveJob,
  insertJob,
  insertJobIfAbsent,
  markJobDone,
  markJobFailed,
  renewJobLease,
  releaseJobs,
} from './store';

export type JobHandler = (payload: Record<string, unknown>, context: { db: Db; now: Date }) => Promise<void>;

export interface JobRunner {
  /** Queues a job; with `unique`, a pending job of the same kind is not queued twice. */
  enqueue(
    kind: string,
    payload?: Record<string, unknown>,
    options?: { runAt?: Date; unique?: boolean },
  ): Promise<void>;
  /** Claims and runs every job that is due; returns how many ran. Safe to call from any number of instances. */
  runDue(): Promise<number>;
  /** Adds the handler of a one-off job kind (queued with `enqueue`, e.g. one CSV batch). */
  handle(kind: string, handler: JobHandler): void;
  /** Adds a recurring job: its handler, and after each successful run its next run one interval on. */
  every(kind: string, intervalMs: number, handler: JobHandler): void;
  /** Queues the first run of every recurring job that has no run queued or running (call once at start). */
  scheduleRecurring(): Promise<void>;
  /**
   * Moves on the lease of every job this runner is running (its heartbeat: a timer calls it every `heartbeatMs`
   * while a job runs; tests call it to move time with the injected clock). Resolves when the renewals are written.
   */
  renewLeases(): Promise<void>;
  start(intervalMs: number): void;
  /** Once started: poll now instead of at the next interval (work was just queued). */
  wake(): void;
  stop(): Promise<void>;
  /**
   * A graceful stop that ran out of time: the jobs this runner holds (claimed, not finished) go back to pending
   * for another instance to take now. Returns how many.
   */
  releaseLeases(): Promise<number>;
}

/**
 * A claimed job's lease (decision 0039): short, so a crashed runner's job is taken over within about half a
 * minute, and renewed by a heartbeat every third of it while the job runs, so a long job (a large CSV batch)
 * keeps its lease however long it takes.
 */
export const JOB_LEASE_MS = 30 * 1000;
export const JOB_HEARTBEAT_MS = JOB_LEASE_MS / 3;
const MAX_ATTEMPTS = 5;

export interface JobRunnerOptions {
  leaseMs?: number;
  heartbeatMs?: number;
}

export function createJobRunner(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  options: JobRunnerOptions = {},
): JobRunner {
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? JOB_HEARTBEAT_MS;
  /** The jobs this runner is running now, by id, with the attempt count of its claim. */
  const inHand = new Map<string, number>();
  const handlers = new Map<string, JobHandler>();
  /** Recurring kinds, for `scheduleRecurring`. */
  const recurring = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let tick: (() => void) | undefined;
  let busy = false;
  let woken = false;
  /** Jobs claimed by this runner and not yet finished (given back by `releaseLeases`). */
  const held = new Set<string>();

  const claim = () => {
    const now = clock.now();
    return claimDueJob(db, now, new Date(now.getTime() + leaseMs));
  };
  const enqueueIfAbsent = (kind: string, runAt: Date, statuses: ('pending' | 'running')[]) =>
    insertJobIfAbsent(db, kind, runAt, statuses);

  const runner: JobRunner = {
    handle(kind, handler) {
      handlers.set(kind, handler);
    },

    every(kind, intervalMs, handler) {
      recurring.add(kind);
      handlers.set(kind, async (payload, context) => {
        await handler(payload, context);
        // The run in hand is `running`: only another pending run counts, so two runners finishing at once
        // (two queued runs, or a run taken over after its lock lapsed) still leave exactly one next run.
        await enqueueIfAbsent(kind, new Date(clock.now().getTime() + intervalMs), ['pending']);
      });
    },

    async scheduleRecurring() {
      for (const kind of recurring) await enqueueIfAbsent(kind, clock.now(), ['pending', 'running']);
    },

    async enqueue(kind, payload = {}, options = {}) {
      const runAt = options.runAt ?? clock.now();
      if (options.unique && (await hasActiveJob(db, kind))) return;
      await insertJob(db, kind, payload, runAt);
    },

    async runDue() {
      let count = 0;
      for (;;) {
        const job = await claim();
        if (!job) return count;
        count += 1;
        held.add(job.id);
        const handler = handlers.get(job.kind);
        inHand.set(job.id, job.attempts + 1);
        const heartbeat = setInterval(() => void runner.renewLeases(), heartbeatMs);
        try {
          if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
          await handler(job.payload, { db, now: clock.now() });
          clearInterval(heartbeat);
          inHand.delete(job.id);
          await markJobDone(db, job.id);
        } catch (error) {
          clearInterval(heartbeat);
          inHand.delete(job.id);
          const failed = job.attempts + 1 >= MAX_ATTEMPTS;
          log.error({ jobId: job.id, kind: job.kind, err: error }, 'job failed');
          await markJobFailed(db, job.id, {
            status: failed ? 'failed' : 'pending',
            lastError: String(error).slice(0, 500),
            runAt: new Date(clock.now().getTime() + 60_000 * (job.attempts + 1)),
          });
        } finally {
          held.delete(job.id);
        }
      }
    },

    async renewLeases() {
      const lockedUntil = new Date(clock.now().getTime() + leaseMs);
      for (const [id, attempts] of inHand) {
        try {
          if (!(await renewJobLease(db, id, attempts, lockedUntil)))
            log.warn({ jobId: id }, 'job lease lost: another runner has taken the job over');
        } catch (error) {
          log.error({ jobId: id, err: error }, 'job lease renewal failed');
        }
      }
    },

    start(intervalMs) {
      const poll = () => {
        busy = true;
        woken = false;
        running = runner
          .runDue()
          .catch((error: unknown) => log.error({ err: error }, 'job poll failed'))
          .finally(() => {
            busy = false;
            if (timer) timer = setTimeout(poll, woken ? 0 : intervalMs);
          });
      };
      tick = poll;
      timer = setTimeout(poll, intervalMs);
    },

    wake() {
      if (!timer || !tick) return;
      if (busy) {
        woken = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(tick, 0);
    },

    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },

    async releaseLeases() {
      const ids = [...held];
      held.clear();
      return releaseJobs(db, ids);
    },
  };
  return runner;
}
