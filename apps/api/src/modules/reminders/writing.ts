import { isReminderDue, reminderKey, type ReminderKind, type ReminderWindow } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import { userById } from '../auth/service';
import type { OutboxMessage, OutboxTemplate } from '../outbox/service';
import type { ReminderDeps } from './deps';

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
export const dayOf = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** Who an applicant's reminder is about and goes to. */
export interface ReminderSubject {
  id: string;
  userId: string | null;
  email: string | null | undefined;
}

/** Writing one applicant's reminder: the message once per deadline, with its audit record. */
export function createReminderWriter(deps: ReminderDeps) {
  const { db } = deps;
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

  return {
    /** The service's sign-in address, which every reminder carries. */
    signInLink,

    /** An applicant's reminder about one subject, when due. */
    async remind(
      kind: Exclude<ReminderKind, 'countersignatory'>,
      subject: ReminderSubject,
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
    },

    /** The applicant's email as their account knows it. */
    async applicantEmail(userId: string): Promise<string | null> {
      return (await userById(db, userId))?.email ?? null;
    },
  };
}

export type ReminderWriter = ReturnType<typeof createReminderWriter>;
