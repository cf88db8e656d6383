import { sql } from 'kysely';
import type { Db } from '../db/database';
import { found } from '../db/rows';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/**
 * Claims the job due first and marks it running until `lockedUntil`. FOR UPDATE SKIP LOCKED lets several instances
 * share the table without taking the same job.
 */
export async function claimDueJob(db: Db, now: Date, lockedUntil: Date) {
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
      .set({ status: 'running', attempts: sql`attempts + 1`, locked_until: lockedUntil })
      .where('id', '=', job.id)
      .execute();
    return job;
  });
}

/**
 * Queues one run of `kind` unless a job of that kind is already in one of `statuses`. The check and the insert
 * hold a transaction-scoped advisory lock on the kind, so two instances doing this at once queue one job.
 */
export async function insertJobIfAbsent(
  db: Db,
  kind: string,
  runAt: Date,
  statuses: JobStatus[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`jobs:${kind}`}))`.execute(trx);
    if (await hasJobIn(trx, kind, statuses)) return;
    await trx
      .insertInto('jobs')
      .values({ kind, payload: JSON.stringify({}), run_at: runAt, last_error: null, locked_until: null })
      .execute();
  });
}

export async function hasActiveJob(db: Db, kind: string): Promise<boolean> {
  return hasJobIn(db, kind, ['pending', 'running']);
}

/** Whether a job of `kind` is in one of `statuses`. */
async function hasJobIn(db: Db, kind: string, statuses: JobStatus[]): Promise<boolean> {
  return found(db.selectFrom('jobs').select('id').where('kind', '=', kind).where('status', 'in', statuses));
}

export async function insertJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  runAt: Date,
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ kind, payload: JSON.stringify(payload), run_at: runAt, last_error: null, locked_until: null })
    .execute();
}

/**
 * A running job's lease moved on (the heartbeat of the runner that holds it). Only the claim in hand renews: a job
 * taken over by another runner after its lease lapsed has a higher attempt count, so a late heartbeat renews
 * nothing. True when renewed.
 */
export async function renewJobLease(
  db: Db,
  id: string,
  claimedAttempts: number,
  lockedUntil: Date,
): Promise<boolean> {
  const done = await db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('attempts', '=', claimedAttempts)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function markJobDone(db: Db, id: string): Promise<void> {
  await db.updateTable('jobs').set({ status: 'done', locked_until: null }).where('id', '=', id).execute();
}

export async function markJobFailed(
  db: Db,
  id: string,
  outcome: { status: 'failed' | 'pending'; lastError: string; runAt: Date },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: outcome.status, last_error: outcome.lastError, locked_until: null, run_at: outcome.runAt })
    .where('id', '=', id)
    .execute();
}

/**
 * Gives back the leases of jobs this instance claimed and is stopping without finishing (a graceful stop):
 * pending again at once, the attempt not counted, so another instance takes them on its next poll instead of
 * after the lease lapses.
 */
export async function releaseJobs(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('jobs')
    .set({ status: 'pending', locked_until: null, attempts: sql`greatest(attempts - 1, 0)` })
    .where('id', 'in', ids)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The queue by kind for /metrics: due pending jobs, how long the oldest has waited past its time, running jobs. */
export async function jobQueueStats(db: Db, now: Date) {
  const rows = await db
    .selectFrom('jobs')
    .select([
      'kind',
      sql<string>`count(*) filter (where status = 'pending' and run_at <= ${now})`.as('due'),
      sql<
        string | null
      >`extract(epoch from (${now}::timestamptz - min(run_at) filter (where status = 'pending' and run_at <= ${now})))`.as(
        'oldest',
      ),
      sql<string>`count(*) filter (where status = 'running')`.as('running'),
    ])
    .where('status', 'in', ['pending', 'running'])
    .groupBy('kind')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    due: Number(row.due),
    oldestDueSeconds: Math.max(0, Number(row.oldest ?? 0)),
    running: Number(row.running),
  }));
}
