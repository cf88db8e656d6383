import type { Generated, JSONColumnType } from 'kysely';
import type { Timestamp } from './columns';

/** Emails and text messages (the outbox) and the reminders' settings and marks. */

export interface NotifyOutboxTable {
  id: string;
  kind: 'email' | 'sms';
  template_id: string;
  to_address: string;
  subject: string;
  body: string;
  personalisation: JSONColumnType<Record<string, unknown>>;
  reference: string | null;
  created_at: Timestamp;
}
/** Migration 0019: one email or text message, written with the change that causes it (decision 0041). */
export interface OutboxMessagesTable {
  id: string;
  channel: 'email' | 'sms';
  /** The service's name of the message (`handover`, `shared-link`, a reminder's kind, …). */
  template: string;
  /** The Notify template id (from config). */
  template_id: string;
  recipient: string;
  /** Emptied once the row is finished (sent, failed or expired): codes, links and names are not kept. */
  personalisation: JSONColumnType<Record<string, string>>;
  /** What the message is about (`share`, `application`, `result`, …) and its id. */
  about_type: string | null;
  about_id: string | null;
  /** At most one row per key: a reminder once per deadline. */
  dedupe_key: string | null;
  status: Generated<'pending' | 'sent' | 'failed' | 'expired'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  /** The claim of the worker sending it, until `locked_until`. */
  claim: string | null;
  locked_until: Timestamp | null;
  /** Never sent after this (a one-time code's expiry). */
  send_by: Timestamp | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  notify_id: string | null;
  /** What went wrong last (an HTTP status or error kind, never personal data). */
  last_error: string | null;
  delivery_status: 'delivered' | 'permanent-failure' | 'temporary-failure' | 'technical-failure' | null;
  delivery_at: Timestamp | null;
}
/** Migration 0019: a person who turned reminders off. */
export interface ReminderSettingsTable {
  user_id: string;
  reminders_off: boolean;
  changed_at: Timestamp;
}
/** Migration 0019: an application a countersignatory's daily digest mentioned (once per deadline). */
export interface ReminderMarksTable {
  key: string;
  created_at: Timestamp;
}
