import {
  DOB_MISMATCH_LOCKOUT_MS,
  DOB_MISMATCH_MAX_ATTEMPTS,
  toIsoDate,
  type CalendarDate,
} from '@dis/domain';
import { sql } from 'kysely';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { userById } from '../auth/service';

export const dobMismatch = () =>
  new ApiError(400, 'DOB_MISMATCH', 'The date of birth does not match your identity account', {
    dateOfBirth: 'Enter your date of birth as it is on your identity account',
  });

export const dobAttemptsExceeded = () =>
  new ApiError(
    400,
    'DOB_MISMATCH_ATTEMPTS_EXCEEDED',
    'You have entered a date of birth that does not match your identity account too many times',
  );

/**
 * A date of birth given in a journey must be the one on the person's identity record (users.date_of_birth,
 * from the identity provider's claims). Mismatches are counted per person on the server; the
 * DOB_MISMATCH_MAX_ATTEMPTS-th locks date-of-birth updates for DOB_MISMATCH_LOCKOUT_MS (24 hours). A match
 * resets the count. With no date of birth on the record there is nothing to compare.
 */
export async function checkDateOfBirth(
  db: Db,
  userId: string,
  dateOfBirth: CalendarDate,
  now: Date,
  requestId: string,
): Promise<void> {
  const state = await db
    .selectFrom('dob_mismatch_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (state?.locked_until && new Date(state.locked_until).getTime() > now.getTime()) {
    throw dobAttemptsExceeded();
  }
  const user = await userById(db, userId);
  const recorded = user?.date_of_birth ?? null;
  const matches = recorded === null || recorded === toIsoDate(dateOfBirth);
  const lockOver = Boolean(state?.locked_until);
  if (matches) {
    if (state && (state.attempts > 0 || lockOver)) {
      await db
        .updateTable('dob_mismatch_attempts')
        .set({ attempts: 0, locked_until: null })
        .where('user_id', '=', userId)
        .execute();
    }
    return;
  }
  const counted = await db
    .insertInto('dob_mismatch_attempts')
    .values({ user_id: userId, attempts: 1, last_attempt_at: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        // A lockout that has run out starts the count again.
        attempts: lockOver ? 1 : sql<number>`dob_mismatch_attempts.attempts + 1`,
        last_attempt_at: now,
        locked_until: null,
      }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  const locked = counted.attempts >= DOB_MISMATCH_MAX_ATTEMPTS;
  if (locked) {
    await db
      .updateTable('dob_mismatch_attempts')
      .set({ locked_until: new Date(now.getTime() + DOB_MISMATCH_LOCKOUT_MS) })
      .where('user_id', '=', userId)
      .execute();
  }
  await writeAudit(db, {
    event: 'identity.dob_mismatch',
    outcome: 'refused',
    userId,
    requestId,
    detail: { attempts: counted.attempts, locked },
  });
  throw locked ? dobAttemptsExceeded() : dobMismatch();
}
