import {
  DOB_MISMATCH_LOCKOUT_MS,
  DOB_MISMATCH_MAX_ATTEMPTS,
  toIsoDate,
  type CalendarDate,
} from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { userById } from '../auth/service';
import { countFailedAttempt, findAttempts, resetAttempts } from './store';

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
  const state = await findAttempts(db, 'dob_mismatch_attempts', userId);
  if (state?.locked_until && new Date(state.locked_until).getTime() > now.getTime()) {
    throw dobAttemptsExceeded();
  }
  const user = await userById(db, userId);
  const recorded = user?.date_of_birth ?? null;
  const matches = recorded === null || recorded === toIsoDate(dateOfBirth);
  const lockOver = Boolean(state?.locked_until);
  if (matches) {
    if (state && (state.attempts > 0 || lockOver)) await resetAttempts(db, 'dob_mismatch_attempts', userId);
    return;
  }
  const counted = await countFailedAttempt(db, 'dob_mismatch_attempts', userId, now, {
    lockOver,
    maxAttempts: DOB_MISMATCH_MAX_ATTEMPTS,
    lockoutMs: DOB_MISMATCH_LOCKOUT_MS,
  });
  const { locked } = counted;
  await writeAudit(db, {
    event: 'identity.dob_mismatch',
    outcome: 'refused',
    userId,
    requestId,
    detail: { attempts: counted.attempts, locked },
  });
  throw locked ? dobAttemptsExceeded() : dobMismatch();
}
