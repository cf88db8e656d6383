import {
  applicationExpiresAt,
  applicationReminderWindow,
  applicationTypeName,
  DAY_MS,
  isReminderDue,
  REMINDER_COUNTERSIGNATORY_DAYS_BEFORE,
  REMINDER_DRAFT_DAYS_BEFORE,
  REMINDER_HANDOVER_DAYS_BEFORE,
  reminderKey,
} from '@dis/domain';
import { expiringApplications, type Application } from '../applications/service';
import { draftOf } from '../drafts/service';
import type { ReminderDeps } from './deps';
import { writeDigest, type DigestEntry } from './digest';
import { resultReminders } from './result-reminders';
import { createReminderWriter } from './writing';

export type { ReminderDeps } from './deps';
export { longDate } from './writing';

/**
 * Reminders before deadlines (decision 0041): the `reminders.send` job asks the domain's windows which are due,
 * and writes each as an outbox message once per deadline (its dedupe key), with an audit record, in one
 * transaction. A reminder to a person who turned reminders off is not written. Each checks that the person has
 * not acted yet (linked, submitted, viewed, shared, appeal decided) at the moment it is written.
 */

/** How often the job looks for reminders that have become due. */
export const REMINDERS_JOB_INTERVAL_MS = 60 * 60 * 1000;
const LIMIT = 500;

export function createReminderService(deps: ReminderDeps) {
  const { db, clock } = deps;
  const writer = createReminderWriter(deps);

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
          await writer.remind(
            'handover',
            { id: row.id, userId: null, email },
            window,
            { ...facts, signInLink: `${deps.publicUrl}/oauth2/authorization/dis?uuid=${row.link_id}` },
            now,
          ),
        );
      } else {
        const email = await writer.applicantEmail(row.applicant_user_id);
        const window = applicationReminderWindow('draft', expiresAt);
        ids.push(
          await writer.remind(
            'draft',
            { id: row.id, userId: row.applicant_user_id, email },
            window,
            facts,
            now,
          ),
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
      const entries: DigestEntry[] = due.map(({ row, expiresAt, key }) => ({
        reference: row.reference,
        typeCode: row.type_code,
        expiresAt,
        key,
      }));
      ids.push(await writeDigest(deps, countersignatoryId, entries, writer.signInLink, now));
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
        ...(await resultReminders(deps, writer, now)),
      ];
      await deps.outbox.dispatch(ids);
      return ids.filter((id) => id !== null).length;
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
