import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { NotifySendError, type NotifySender } from '../../integrations/notify/types';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { countSend } from './metrics';
import * as store from './store';
import type { DeliveryStatus, OutboxRow } from './store';

/**
 * The transactional outbox (decision 0041). A change that causes a message writes it here in its own transaction
 * (`enqueue(trx, …)`); after the commit the caller asks for it to be sent at once (`dispatch`), and the
 * `outbox.send` job sends whatever is still unsent (a crash between the commit and the send, Notify down). This
 * is the only code that calls the Notify client.
 */

/** The service's messages; each maps to a Notify template id from config. */
export const OUTBOX_TEMPLATES = [
  'handover',
  'result-ready',
  'review-decision',
  'one-time-code',
  'shared-link',
  'organisation-report',
  'reminder-handover',
  'reminder-draft',
  'reminder-result-unviewed',
  'reminder-viewing-ends',
  'reminder-share-window',
  'reminder-appeal',
  'reminder-countersignatory',
  'identity-documents-cancelled',
] as const;
export type OutboxTemplate = (typeof OUTBOX_TEMPLATES)[number];

/**
 * The personalisation each message's Notify template uses, in one place: a message is written with these fields
 * and no others (`personalisationFor`), so no template is sent a field about something else. Each list is the
 * template's ((placeholders)); `message-templates.test.ts` holds every list to its template's text.
 */
export const MESSAGE_FIELDS = {
  handover: [
    'applicantName',
    'organisationName',
    'applicationType',
    'applicationReference',
    'expiryDays',
    'signInLink',
  ],
  'result-ready': ['applicantName', 'applicationReference', 'applicationType', 'viewingDays', 'signInLink'],
  'review-decision': ['applicantName', 'applicationReference', 'decisionText', 'signInLink'],
  'one-time-code': ['code', 'minutes'],
  'shared-link': ['link', 'whatYouNeed', 'expiryDate'],
  'organisation-report': [
    'registeredBodyCode',
    'countersignatoryName',
    'countersignatoryCode',
    'currentName',
    'organisationName',
    'address',
    'mainPhoneNumber',
    'emailAddress',
  ],
  'reminder-handover': ['deadline', 'applicationReference', 'applicationType', 'signInLink'],
  'reminder-draft': ['deadline', 'applicationReference', 'applicationType', 'signInLink'],
  'reminder-result-unviewed': ['applicationReference', 'applicationType', 'signInLink'],
  'reminder-viewing-ends': ['deadline', 'applicationReference', 'signInLink'],
  'reminder-share-window': ['deadline', 'applicationReference', 'signInLink'],
  'reminder-appeal': ['deadline', 'applicationReference', 'signInLink'],
  'reminder-countersignatory': ['count', 'countersignatoryName', 'applications', 'signInLink'],
  'identity-documents-cancelled': ['applicationReference', 'deadline', 'signInLink'],
} as const satisfies Record<OutboxTemplate, readonly string[]>;

/** Only the fields the template uses (`MESSAGE_FIELDS`), whatever else the caller had to hand. */
export function personalisationFor(
  template: OutboxTemplate,
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const fields: readonly string[] = MESSAGE_FIELDS[template];
  return Object.fromEntries(Object.entries(values).filter(([name]) => fields.includes(name)));
}

export interface OutboxMessage {
  channel: 'email' | 'sms';
  template: OutboxTemplate;
  to: string;
  personalisation: Record<string, string>;
  /** What the message is about, to show its delivery where a person needs it. */
  about?: { type: string; id: string };
  /** At most one message per key (a reminder once per deadline). */
  dedupeKey?: string;
  /** Never sent after this (a one-time code's expiry). */
  sendBy?: Date;
  /** A reminder to this person: not written when they turned reminders off. */
  reminderFor?: string;
}

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

/** What a person is shown about a message: on its way, sent, delivered, or not delivered. */
export type Delivery = 'PENDING' | 'SENT' | 'DELIVERED' | 'NOT_DELIVERED';

export function deliveryOf(row: Pick<OutboxRow, 'status' | 'delivery_status'>): Delivery {
  if (row.status === 'failed' || row.status === 'expired') return 'NOT_DELIVERED';
  if (row.delivery_status === 'delivered') return 'DELIVERED';
  if (row.delivery_status !== null) return 'NOT_DELIVERED';
  return row.status === 'sent' ? 'SENT' : 'PENDING';
}

export interface OutboxDeps {
  db: Db;
  clock: Clock;
  notify: NotifySender;
  /** The Notify template id of each message. */
  templateIds: Record<OutboxTemplate, string>;
  log: FastifyBaseLogger;
}

export interface SendSummary {
  sent: number;
  retried: number;
  failed: number;
  expired: number;
}

export function createOutboxService(deps: OutboxDeps) {
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

  return {
    /**
     * Inside the change's transaction: writes the message. Returns its id, or null when nothing was written (its
     * dedupe key was used already, or a reminder to a person who turned reminders off).
     */
    async enqueue(trx: Db, message: OutboxMessage): Promise<string | null> {
      if (message.reminderFor && (await store.remindersOff(trx, message.reminderFor))) return null;
      const id = randomUUID();
      const now = clock.now();
      const written = await store.insertMessage(trx, {
        id,
        channel: message.channel,
        template: message.template,
        template_id: deps.templateIds[message.template],
        recipient: message.to,
        personalisation: JSON.stringify(personalisationFor(message.template, message.personalisation)),
        about_type: message.about?.type ?? null,
        about_id: message.about?.id ?? null,
        dedupe_key: message.dedupeKey ?? null,
        next_attempt_at: now,
        send_by: message.sendBy ?? null,
        created_at: now,
      });
      return written ? id : null;
    },

    /**
     * After the commit: sends these rows now if no worker has them. A failure leaves them to the job (with its
     * back-off); nothing is thrown.
     */
    async dispatch(ids: readonly (string | null)[]): Promise<SendSummary> {
      const wanted = ids.filter((id): id is string => id !== null);
      try {
        return await claimAndSend(wanted);
      } catch (error) {
        log.error({ err: error }, 'outbox dispatch failed; the job will send');
        return { sent: 0, retried: 0, failed: 0, expired: 0 };
      }
    },

    /** The `outbox.send` job: every due unsent row, in batches, until none is due. */
    sendDue: () => claimAndSend(),

    /** Notify's delivery callback: the status on the row whose id is the reference. False for an unknown one. */
    async recordDelivery(report: {
      reference: string;
      id: string;
      status: DeliveryStatus;
    }): Promise<boolean> {
      const known = await store.recordDelivery(db, report.reference, report.status, clock.now(), report.id);
      if (known) countSend('callback', report.status);
      return known;
    },

    /** The delivery of the newest message about each subject (of one template when named). */
    async deliveryAbout(
      aboutType: string,
      ids: readonly string[],
      template?: OutboxTemplate,
      executor: Db = db,
    ): Promise<Map<string, Delivery>> {
      const rows = await store.latestAbout(executor, aboutType, ids, template);
      return new Map(rows.map((r) => [r.about_id!, deliveryOf(r)]));
    },

    /** Messages not delivered (casework's list), newest first: no personalisation, the recipient for follow-up. */
    async undelivered(limit = 200) {
      return (await store.undelivered(db, limit)).map(summaryOf);
    },

    /** Rows still unsent `OUTBOX_STUCK_AFTER_MS` after they were written, oldest first (casework's `outbox`). */
    async stuck(limit = 200) {
      const before = new Date(clock.now().getTime() - OUTBOX_STUCK_AFTER_MS);
      return (await store.unsent(db, before, limit)).map(summaryOf);
    },

    depth: () => store.depth(db),

    remindersOff: (userId: string) => store.remindersOff(db, userId),
    setRemindersOff: (userId: string, off: boolean) => store.setRemindersOff(db, userId, off, clock.now()),
  };
}

function summaryOf(row: OutboxRow) {
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    id: row.id,
    channel: row.channel,
    template: row.template,
    recipient: row.recipient,
    about: row.about_type ? `${row.about_type} ${row.about_id}` : null,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    deliveryStatus: row.delivery_status,
    createdAt: iso(row.created_at)!,
    nextAttemptAt: iso(row.next_attempt_at),
    deliveredOrFailedAt: iso(row.delivery_at),
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
