import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { userById } from '../auth/service';
import { latestApplicantAddress } from '../drafts/service';
import type { OutboxService } from '../outbox/service';

/** The signed-in person's details as held from their identity account. */
export async function personalDetails(db: Db, userId: string) {
  const user = await userById(db, userId);
  if (!user) return null;
  return {
    name: {
      forename: user.forename,
      ...(user.middle_names ? { middleNames: user.middle_names } : {}),
      surname: user.surname,
    },
    dateOfBirth: user.date_of_birth,
    emailAddress: user.email,
    phoneNumber: user.phone,
  };
}

export interface PersonalDetailsDeps {
  db: Db;
  /** Whether reminders are off for a person is kept with the outbox (decision 0041). */
  outbox: Pick<OutboxService, 'remindersOff' | 'setRemindersOff'>;
}

/** The personal-details routes' service, built once in `services.ts`. */
export function createPersonalDetailsService({ db, outbox }: PersonalDetailsDeps) {
  return {
    details: (userId: string) => personalDetails(db, userId),

    /** The details plus the current address of the applicant's latest application, when one is known. */
    async enhanced(userId: string) {
      const details = await personalDetails(db, userId);
      if (!details) return null;
      return { ...details, address: await latestApplicantAddress(db, userId) };
    },

    remindersOn: async (userId: string) => !(await outbox.remindersOff(userId)),

    /** Turns reminders on or off for the person, audited. */
    async setRemindersOn(userId: string, remindersOn: boolean, requestId: string) {
      await outbox.setRemindersOff(userId, !remindersOn);
      await writeAudit(db, {
        event: 'reminders.setting_changed',
        outcome: 'success',
        userId,
        requestId,
        detail: { remindersOn },
      });
      return { remindersOn };
    },
  };
}

export type PersonalDetailsService = ReturnType<typeof createPersonalDetailsService>;
