import { randomUUID } from 'node:crypto';
import { NotifySendError } from '../../integrations/notify/types';
import { countSend } from './metrics';
import * as store from './store';
import type { OutboxRow } from './store';
import type { OutboxDeps, SendSummary } from './service';

// Sending what the outbox holds: claiming due rows under a lease, one try each, and what a failed try leads to
// (a retry after a back-off, or the end).

/** How many sends a row gets before it is recorded as a permanent failure. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** The first retry's wait; each later one doubles it, up to the cap. */
export const OUTBOX_BACKOFF_BASE_MS = 30_000;
export const OUTBOX_BACKOFF_CAP_MS = 60 * 60 * 1000;
/** How long a worker holds a claimed row: far longer than a send's timeout, so two workers never both send it. */
export const OUTBOX_LEASE_MS = 2 * 60 * 1000;
/** How often the job looks for unsent rows. */
export const OUTBOX_JOB_INTERVAL_MS = 15_000;
const BATCH = 50;
/** An unsent row this old is stuck: sent at once after its commit, it would be gone within seconds. */
export const OUTBOX_STUCK_AFTER_MS = 5 * 60 * 1000;

/** The wait before try `attempt + 1` after `attempt` tries failed: 30 s, 1 min, 2 min, … up to an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(OUTBOX_BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), OUTBOX_BACKOFF_CAP_MS);
}

/** Whether Notify's answer is worth another try: too many requests, its own errors, or no answer at all. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof NotifySendError)) return true;
  return error.status === undefined || error.status === 429 || error.status >= 500;
}

/** Claims due rows (these ids only, when named) and tries each once; returns what happened to them. */
export function createOutboxSender(deps: OutboxDeps) {
  const { db, clock, log } = deps;

  /** One claimed row: sent, retried later, or ended. Never throws; logs ids and statuses only. */
  async function attempt(row: OutboxRow, claim: string, summary: SendSummary): Promise<void> {
    const now = clock.now();
    const template = row.template;
    if (row.send_by !== null && now.getTime() >= new Date(row.send_by).getTime()) {
      await store.finishAttempt(db, row.id, claim, { status: 'expired', lastError: 'expired' });
      countSend(template, 'expired');
      summary.expired += 1;
      return;
    }
    // The row's id is Notify's reference: a second send of one row (after a crash) is recognisable.
    const options = { personalisation: row.personalisation, reference: row.id };
    try {
      const sent =
        row.channel === 'email'
          ? await deps.notify.sendEmail(row.template_id, row.recipient, options)
          : await deps.notify.sendSms(row.template_id, row.recipient, options);
      const kept = await store.finishAttempt(db, row.id, claim, {
        status: 'sent',
        sentAt: clock.now(),
        notifyId: sent.id,
      });
      if (!kept) log.warn({ outboxId: row.id, template }, 'outbox row was claimed again during its send');
      countSend(template, 'sent');
      summary.sent += 1;
    } catch (error) {
      const status = error instanceof NotifySendError ? error.status : undefined;
      const lastError =
        error instanceof NotifySendError ? (status === undefined ? 'no-answer' : `http-${status}`) : 'error';
      if (isRetryable(error) && row.attempts < OUTBOX_MAX_ATTEMPTS) {
        const nextAttemptAt = new Date(clock.now().getTime() + backoffMs(row.attempts));
        await store.finishAttempt(db, row.id, claim, { status: 'pending', nextAttemptAt, lastError });
        log.warn(
          { outboxId: row.id, template, lastError, attempts: row.attempts },
          'outbox send will be retried',
        );
        countSend(template, 'retried');
        summary.retried += 1;
      } else {
        await store.finishAttempt(db, row.id, claim, { status: 'failed', lastError });
        log.error(
          { outboxId: row.id, template, lastError, attempts: row.attempts },
          'outbox send failed for good',
        );
        countSend(template, 'failed');
        summary.failed += 1;
      }
    }
  }

  async function claimAndSend(ids?: readonly string[]): Promise<SendSummary> {
    const summary: SendSummary = { sent: 0, retried: 0, failed: 0, expired: 0 };
    for (;;) {
      const now = clock.now();
      const claim = randomUUID();
      const rows = await store.claimDue(db, {
        now,
        lockedUntil: new Date(now.getTime() + OUTBOX_LEASE_MS),
        claim,
        limit: BATCH,
        ...(ids ? { ids } : {}),
      });
      for (const row of rows) await attempt(row, claim, summary);
      if (ids || rows.length < BATCH) return summary;
    }
  }

  return claimAndSend;
}
