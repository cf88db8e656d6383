import { DatabaseSessionStore } from './platform/session';
import { createFormKeys, FORM_CLAIMS_PURGE_INTERVAL_MS, FORM_CLAIMS_PURGE_JOB } from './platform/form-keys';
import { CANCEL_UNVERIFIED_JOB_INTERVAL_MS, EXPIRY_JOB_INTERVAL_MS } from './modules/applications/service';
import { BATCH_JOB, processBatch } from './modules/batches/service';
import { OUTBOX_JOB_INTERVAL_MS } from './modules/outbox/service';
import { PAYMENT_RECONCILE_INTERVAL_MS, reconcilePayments } from './modules/payments/reconciliation';
import { REMINDERS_JOB_INTERVAL_MS } from './modules/reminders/service';
import type { Services } from './services';

/** How often the results release job looks for scheduled pending release dates that have come. */
export const RESULTS_RELEASE_INTERVAL_MS = 15 * 60 * 1000;
/** How often expired sessions are deleted from the database store. */
const SESSIONS_PURGE_INTERVAL_MS = 15 * 60 * 1000;

/**
 * The background jobs' handlers. Recurring ones queue their own next run (`every`); `main.ts` queues their first
 * run once. Each logs only counts.
 */
export function registerModuleJobs(services: Services): void {
  const { db, clock, jobs, outbox, log } = services;
  const sessions = new DatabaseSessionStore(db, clock);
  jobs.every('sessions.purge', SESSIONS_PURGE_INTERVAL_MS, async () => {
    await sessions.purgeExpired();
  });
  // The claims of form posts' one-time keys, a day after they were made (decision 0076).
  const formKeys = createFormKeys({ db, clock });
  jobs.every(FORM_CLAIMS_PURGE_JOB, FORM_CLAIMS_PURGE_INTERVAL_MS, async () => {
    const purged = await formKeys.purge();
    if (purged > 0) log.info({ purged }, 'form post claims purged');
  });
  // Organisation-started applications the applicant left for 14 days become EXPIRED.
  jobs.every('applications.expire', EXPIRY_JOB_INTERVAL_MS, async (_payload, { now }) => {
    const expired = await services.applications.expireOverdue(now);
    if (expired > 0) log.info({ expired }, 'applications expired');
  });
  // Unverified applicant-only Level 1 applications whose identity documents did not come within 14 days are
  // cancelled without refund, and the applicant told by email (spec 02 section 9, decision 0055).
  jobs.every(
    'applications.cancel-unverified',
    CANCEL_UNVERIFIED_JOB_INTERVAL_MS,
    async (_payload, { now }) => {
      const cancelled = await services.applications.cancelUnverifiedOverdue(now);
      if (cancelled > 0) log.info({ cancelled }, 'unverified applications cancelled');
    },
  );
  // Card payments whose person never came back from the card page: settled from the provider's state.
  jobs.every('payments.reconcile', PAYMENT_RECONCILE_INTERVAL_MS, async (_payload, { now }) => {
    const result = await reconcilePayments(services.handover, now);
    if (result.checked > 0 || result.handedOver > 0) log.info(result, 'payments reconciled');
  });
  // Results held back for an appeal whose scheduled pending release date has come go to the organisation.
  jobs.every('results.release', RESULTS_RELEASE_INTERVAL_MS, async (_payload, { now }) => {
    const released = await services.results.releaseDue(now);
    if (released > 0) log.info({ released }, 'results released');
  });
  // Emails and text messages not sent at once after their change committed (a crash, Notify down): with back-off.
  jobs.every('outbox.send', OUTBOX_JOB_INTERVAL_MS, async () => {
    const sent = await outbox.sendDue();
    if (sent.sent + sent.retried + sent.failed + sent.expired > 0) log.info(sent, 'outbox sent');
  });
  // Reminders before deadlines whose moment has come, once per deadline each (decision 0041).
  jobs.every('reminders.send', REMINDERS_JOB_INTERVAL_MS, async (_payload, { now }) => {
    const written = await services.reminders.sendDue(now);
    if (written > 0) log.info({ written }, 'reminders written');
  });
  // A submitted CSV batch, row by row (a one-off job per batch); safe to run again after a failure.
  jobs.handle(BATCH_JOB, async (payload) => {
    await processBatch(services.batches, String(payload.batchId), `job:${BATCH_JOB}`);
  });
}
