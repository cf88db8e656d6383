import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Db } from './db/database';

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
  start(intervalMs: number): void;
  /** Once started: poll now instead of at the next interval (work was just queued). */
  wake(): void;
  stop(): Promise<void>;
}

const LOCK_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 5;

export function createJobRunner(
  db: Db,
  clock: Clock,
  handlers: Record<string, JobHandler>,
  log: FastifyBaseLogger,
): JobRunner {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let tick: (() => void) | undefined;
  let busy = false;
  let woken = false;

  async function claim() {
    const now = clock.now();
    // FOR UPDATE SKIP LOCKED lets several instances share the table without taking the same job.
    return db.transaction().execute(async (trx) => {
      const job = await trx
        .selectFrom('jobs')
        .selectAll()
        .where('run_at', '<=', now)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'pending'),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!job) return undefined;
      await trx
        .updateTable('jobs')
        .set({
          status: 'running',
          attempts: sql`attempts + 1`,
          locked_until: new Date(now.getTime() + LOCK_MS),
        })
        .where('id', '=', job.id)
        .execute();
      return job;
    });
  }

  const runner: JobRunner = {
    async enqueue(kind, payload = {}, options = {}) {
      const runAt = options.runAt ?? clock.now();
      if (options.unique) {
        const existing = await db
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', kind)
          .where('status', 'in', ['pending', 'running'])
          .executeTakeFirst();
        if (existing) return;
      }
      await db
        .insertInto('jobs')
        .values({
          kind,
          payload: JSON.stringify(payload),
          run_at: runAt,
          last_error: null,
          locked_until: null,
        })
        .execute();
    },

    async runDue() {
      let count = 0;
      for (;;) {
        const job = await claim();
        if (!job) return count;
        count += 1;
        const handler = handlers[job.kind];
        try {
          if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
          await handler(job.payload, { db, now: clock.now() });
          await db
            .updateTable('jobs')
            .set({ status: 'done', locked_until: null })
            .where('id', '=', job.id)
            .execute();
        } catch (error) {
          const failed = job.attempts + 1 >= MAX_ATTEMPTS;
          log.error({ jobId: job.id, kind: job.kind, err: error }, 'job failed');
          await db
            .updateTable('jobs')
            .set({
              status: failed ? 'failed' : 'pending',
              last_error: String(error).slice(0, 500),
              locked_until: null,
              run_at: new Date(clock.now().getTime() + 60_000 * (job.attempts + 1)),
            })
            .where('id', '=', job.id)
            .execute();
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
  };
  return runner;
}
