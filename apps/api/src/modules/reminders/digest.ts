import { applicationTypeName, londonDate } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import { userOfCountersignatory } from '../auth/service';
import { countersignatoryById } from '../organisations/service';
import type { ReminderDeps } from './deps';
import * as store from './store';
import { longDate } from './writing';

/** An application a countersignatory's digest may mention, with its reminder's key. */
export interface DigestEntry {
  reference: string;
  typeCode: string;
  expiresAt: Date;
  key: string;
}

/** Thrown to undo a digest's marks when its message was not written. */
class NotWritten extends Error {}

/**
 * One countersignatory's digest of today: the applications not mentioned before are marked and listed in one
 * email, with its audit record, in one transaction; nothing (and no marks) when there is none to list, or today's
 * digest was written already, or reminders are off.
 */
export async function writeDigest(
  deps: ReminderDeps,
  countersignatoryId: string,
  due: DigestEntry[],
  signInLink: string,
  now: Date,
): Promise<string | null> {
  const { db } = deps;
  const csg = await countersignatoryById(db, countersignatoryId);
  if (!csg) return null;
  const user = await userOfCountersignatory(db, countersignatoryId);
  const digestKey = `reminder:countersignatory:${countersignatoryId}:${londonDate(now)}`;
  return db
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
                `* ${d.reference} (${applicationTypeName(d.typeCode)}): expires ${longDate(d.expiresAt)}`,
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
          applications: listed.map((d) => d.reference),
        },
      });
      return written;
    })
    .catch((error: unknown) => {
      if (error instanceof NotWritten) return null;
      throw error;
    });
}
