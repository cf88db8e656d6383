import {
  appealDeadline,
  applicationExpiresAt,
  applicationReminderWindow,
  applicationTypeName,
  appealReminderWindow,
  DAY_MS,
  isReminderDue,
  londonDate,
  REMINDER_COUNTERSIGNATORY_DAYS_BEFORE,
  REMINDER_DRAFT_DAYS_BEFORE,
  REMINDER_HANDOVER_DAYS_BEFORE,
  reminderKey,
  resultUnviewedWindow,
  shareWindowReminderWindow,
  viewingEndsWindow,
  type ReminderKind,
  type ReminderWindow,
} from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { expiringApplications, type Application } from '../applications/service';
import { userById, userOfCountersignatory } from '../auth/service';
import { draftOf } from '../drafts/service';
import { countersignatoryById } from '../organisations/service';
import type { OutboxMessage, OutboxService, OutboxTemplate } from '../outbox/service';
import type { ResultsService } from '../results/service';
import * as store from './store';

/**
 * Reminders before deadlines (decision 0041): the `reminders.send` job asks the domain's windows which are due,
 * and writes each as an outbox message once per deadline (its dedupe key), with an audit record, in one
 * transaction. A reminder to a person who turned reminders off is not written. Each checks that the person has
 * not acted yet (linked, submitted, viewed, shared, appeal decided) at the moment it is written.
 */

/** How often the job looks for reminders that have become due. */
export const REMINDERS_JOB_INTERVAL_MS = 60 * 60 * 1000;
const LIMIT = 500;

export interface ReminderDeps {
  db: Db;
  clock: Clock;
  outbox: Pick<OutboxService, 'enqueue' | 'dispatch'>;
  results: Pick<ResultsService, 'reminderCandidates'>;
  publicUrl: string;
}

const TEMPLATES: Record<Exclude<ReminderKind, 'countersignatory'>, OutboxTemplate> = {
  handover: 'reminder-handover',
  draft: 'reminder-draft',
  'result-unviewed': 'reminder-result-unviewed',
  'viewing-ends': 'reminder-viewing-ends',
  'share-window': 'reminder-share-window',
  appeal: 'reminder-appeal',
};

/** A date as the emails write it: 15 November 2026 (UK time). */
export function longDate(instant: Date): string {
  return instant.toLocaleDateString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** A whole day (YYYY-MM-DD) as the emails write it. */
const dayOf = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

export function createReminderService(deps: ReminderDeps) {
  const { db, clock } = deps;
  const signInLink = `${deps.publicUrl}/oauth2/authorization/dis`;

  /** One reminder in one transaction: the message (once per key) and its audit record. */
  async function write(
    kind: ReminderKind,
    subjectId: string,
    dedupeKey: string,
    message: Omit<OutboxMessage, 'dedupeKey' | 'reminderFor'>,
    userId: string | null,
  ): Promise<string | null> {
    return db.transaction().execute(async (trx) => {
      const id = await deps.outbox.enqueue(trx, {
        ...message,
        dedupeKey,
        ...(userId ? { reminderFor: userId } : {}),
      });
      if (id)
        await writeAudit(trx, {
          event: 'reminder.written',
          outcome: 'success',
          userId,
          detail: { kind, subjectId },
        });
      return id;
    });
  }

  /** An applicant's reminder about one subject, when due. */
  async function remind(
    kind: Exclude<ReminderKind, 'countersignatory'>,
    subject: { id: string; userId: string | null; email: string | null | undefined },
    window: ReminderWindow | null,
    personalisation: Record<string, string>,
    now: Date,
    /** The deadline as the email says it, when it is not the window's end (a whole day that is open). */
    deadline?: string,
  ): Promise<string | null> {
    if (!window || !isReminderDue(window, now) || !subject.email) return null;
    return write(
      kind,
      subject.id,
      reminderKey(kind, subject.id, window),
      {
        channel: 'email',
        template: TEMPLATES[kind],
        to: subject.email,
        personalisation: { signInLink, ...personalisation, deadline: deadline ?? longDate(window.until) },
        about: { type: kind === 'handover' || kind === 'draft' ? 'application' : 'result', id: subject.id },
      },
      subject.userId,
    );
  }

  async function applicantEmail(userId: string): Promise<string | null> {
    return (await userById(db, userId))?.email ?? null;
  }

  /** Handed-over applications: the link not opened, or the draft not submitted, 3 days before expiry. */
  async function applicationReminders(rows: Application[], now: Date): Promise<(string | null)[]> {
    const ids: (string | null)[] = [];
    for (const row of rows) {
      const expiresAt = applicationExpiresAt(row.status_last_changed, row.expired_duration_days!);
      const facts = {
        applicationReference: row.reference,
        applicationType: applicationTypeName(row.type_code),
      };
      if (row.applicant_user_id === null) {
        // Not opened: the organisation's hand-over email went to this address; it carries the link again.
        const email = draftOf(row).applicant?.email;
        const window = applicationReminderWindow('handover', expiresAt);
        ids.push(
          await remind(
            'handover',
            { id: row.id, userId: null, email },
            window,
            { ...facts, signInLink: `${deps.publicUrl}/oauth2/authorization/dis?uuid=${row.link_id}` },
            now,
          ),
        );
      } else {
        const email = await applicantEmail(row.applicant_user_id);
        const window = applicationReminderWindow('draft', expiresAt);
        ids.push(
          await remind('draft', { id: row.id, userId: row.applicant_user_id, email }, window, facts, now),
        );
      }
    }
    return ids;
  }

  /**
   * Each countersignatory's daily digest of their applications that will expire without submission: each
   * application in one digest only (marked in the digest's transaction), one digest a day at most.
   */
  async function countersignatoryDigests(rows: Application[], now: Date): Promise<(string | null)[]> {
    const byCountersignatory = new Map<string, { row: Application; expiresAt: Date; key: string }[]>();
    for (const row of rows) {
      if (!row.countersignatory_id) continue;
      const expiresAt = applicationExpiresAt(row.status_last_changed, row.expired_duration_days!);
      const window = applicationReminderWindow('countersignatory', expiresAt);
      if (!isReminderDue(window, now)) continue;
      const list = byCountersignatory.get(row.countersignatory_id) ?? [];
      list.push({ row, expiresAt, key: reminderKey('countersignatory', row.id, window) });
      byCountersignatory.set(row.countersignatory_id, list);
    }
    const ids: (string | null)[] = [];
    for (const [countersignatoryId, due] of byCountersignatory) {
      const csg = await countersignatoryById(db, countersignatoryId);
      if (!csg) continue;
      const user = await userOfCountersignatory(db, countersignatoryId);
      const digestKey = `reminder:countersignatory:${countersignatoryId}:${londonDate(now)}`;
      const id = await db
        .transaction()
        .execute(async (trx) => {
          const fresh = new Set(
            await store.markNew(
              trx,
              due.map((d) => d.key),
              now,
            ),
          );
          const listed = due.filter((d) => fresh.has(d.key));
          if (listed.length === 0) return null;
          const written = await deps.outbox.enqueue(trx, {
            channel: 'email',
            template: 'reminder-countersignatory',
            to: csg.emailAddress,
            personalisation: {
              countersignatoryName: csg.name,
              count: String(listed.length),
              applications: listed
                .map(
                  (d) =>
                    `* ${d.row.reference} (${applicationTypeName(d.row.type_code)}): expires ${longDate(d.expiresAt)}`,
                )
                .join('\n'),
              signInLink,
            },
            about: { type: 'countersignatory', id: countersignatoryId },
            dedupeKey: digestKey,
            ...(user ? { reminderFor: user.id } : {}),
          });
          // Today's digest was sent already, or reminders are off: the marks go too, for tomorrow's digest.
          if (!written) throw new NotWritten();
          await writeAudit(trx, {
            event: 'reminder.written',
            outcome: 'success',
            userId: user?.id ?? null,
            detail: {
              kind: 'countersignatory',
              subjectId: countersignatoryId,
              applications: listed.map((d) => d.row.reference),
            },
          });
          return written;
        })
        .catch((error: unknown) => {
          if (error instanceof NotWritten) return null;
          throw error;
        });
      ids.push(id);
    }
    return ids;
  }

  /** Results: not viewed 3 days after ready; 2 days before viewing ends or the share window closes; appeals. */
  async function resultReminders(now: Date): Promise<(string | null)[]> {
    const ids: (string | null)[] = [];
    for (const result of await deps.results.reminderCandidates(now)) {
      const email = await applicantEmail(result.applicantUserId);
      const subject = { id: result.id, userId: result.applicantUserId, email };
      const facts = {
        applicationReference: result.applicationReference,
        applicationType: applicationTypeName(result.typeCode),
      };
      const viewed = result.firstViewedAt !== null || result.basicOpened;
      if (!viewed)
        ids.push(
          await remind('result-unviewed', subject, resultUnviewedWindow(result.createdAt), facts, now),
        );
      if (result.typeCode !== 'BD')
        ids.push(await remind('viewing-ends', subject, viewingEndsWindow(result.firstViewedAt), facts, now));
      if (result.mayShare && result.shareExpiryDate)
        ids.push(
          await remind(
            'share-window',
            subject,
            shareWindowReminderWindow(result.shareExpiryDate),
            facts,
            now,
            dayOf(result.shareExpiryDate),
          ),
        );
      if (result.appealPending && result.scheduledPendingReleaseDate)
        ids.push(
          await remind(
            'appeal',
            subject,
            appealReminderWindow(result.scheduledPendingReleaseDate),
            facts,
            now,
            dayOf(appealDeadline(result.scheduledPendingReleaseDate)),
          ),
        );
    }
    return ids;
  }

  return {
    /** The job: every reminder due now, written once each and sent at once. Returns how many were written. */
    async sendDue(now: Date = clock.now()): Promise<number> {
      const soonest = Math.max(
        REMINDER_HANDOVER_DAYS_BEFORE,
        REMINDER_DRAFT_DAYS_BEFORE,
        REMINDER_COUNTERSIGNATORY_DAYS_BEFORE,
      );
      const expiring = await expiringApplications(db, now, new Date(now.getTime() + soonest * DAY_MS), LIMIT);
      const ids = [
        ...(await applicationReminders(expiring, now)),
        ...(await countersignatoryDigests(expiring, now)),
        ...(await resultReminders(now)),
      ];
      await deps.outbox.dispatch(ids);
      return ids.filter((id) => id !== null).length;
    },
  };
}

/** Thrown to undo a digest's marks when its message was not written. */
class NotWritten extends Error {}

export type ReminderService = ReturnType<typeof createReminderService>;
