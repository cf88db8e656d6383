import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { NotifySender } from '../../integrations/notify/types';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { countSend } from './metrics';
import { createOutboxSender, OUTBOX_STUCK_AFTER_MS } from './sending';
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

export {
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_BACKOFF_BASE_MS,
  OUTBOX_BACKOFF_CAP_MS,
  OUTBOX_LEASE_MS,
  OUTBOX_JOB_INTERVAL_MS,
  OUTBOX_STUCK_AFTER_MS,
  backoffMs,
  isRetryable,
} from './sending';

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

  const claimAndSend = createOutboxSender(deps);

  /** Notify's delivery callback: the status on the row whose id is the reference. False for an unknown one. */
  async function recordDelivery(report: {
    reference: string;
    id: string;
    status: DeliveryStatus;
  }): Promise<boolean> {
    const known = await store.recordDelivery(db, report.reference, report.status, clock.now(), report.id);
    if (known) countSend('callback', report.status);
    return known;
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

    recordDelivery,

    /**
     * Notify's delivery callback as it came (after its bearer token was checked): the status recorded on the row
     * whose id is the reference. An unknown reference is audited as refused, a permanent failure as a failure.
     */
    async deliveryReported(
      report: { reference: string | null; id: string; status: DeliveryStatus },
      requestId: string,
    ): Promise<void> {
      const { reference, status } = report;
      const known =
        reference !== null &&
        /^[0-9a-f-]{36}$/i.test(reference) &&
        (await recordDelivery({ reference, id: report.id, status }));
      if (!known || status !== 'delivered')
        await writeAudit(db, {
          event: 'notify.callback',
          outcome: known ? 'failure' : 'refused',
          requestId,
          detail: known ? { outboxId: reference, status } : { reason: 'unknown_reference' },
        });
    },

    /** A delivery callback without the configured bearer token: audited as refused. */
    async callbackRefused(requestId: string): Promise<void> {
      await writeAudit(db, {
        event: 'notify.callback',
        outcome: 'refused',
        requestId,
        detail: { reason: 'token' },
      });
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
