import {
  applicantStatusView,
  identityMatchesApplicant,
  LINK_MATCH_LOCKOUT_MS,
  LINK_MATCH_MAX_ATTEMPTS,
  mayReachApplication,
  UUID_PATTERN,
  type ApplicationStatus,
  type FeatureFlags,
  type Role,
} from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { userById } from '../auth/service';
import {
  DRAFT_STATUS,
  hasExpired,
  lockApplicationByLinkId,
  updateApplication,
} from '../applications/service';
import { applicationExpired, organisationPart, type ApplicantPart, type ApplicantUser } from './applicant';
import { draftOf } from './core';
import { countFailedAttempt, findAttempts, resetAttempts } from './store';

// The link of an organisation-started application to the applicant who signs in from its email (spec 02 section 8).

export const linkMismatch = () =>
  new ApiError(
    400,
    'matching_error',
    'Your identity account does not match the details the organisation gave for this application',
  );
export const linkAttemptsExceeded = () =>
  new ApiError(
    429,
    'user_already_linked_or_do_not_exist',
    'We could not link this application to your account. Ask the organisation to check the application.',
  );

/**
 * Counts a failed identity match for this person; the LINK_MATCH_MAX_ATTEMPTS-th in a row locks linking for
 * LINK_MATCH_LOCKOUT_MS. Returns the count and whether it locked.
 */
async function countLinkMismatch(db: Db, userId: string, now: Date, lockOver: boolean) {
  return countFailedAttempt(db, 'link_match_attempts', userId, now, {
    lockOver,
    maxAttempts: LINK_MATCH_MAX_ATTEMPTS,
    lockoutMs: LINK_MATCH_LOCKOUT_MS,
  });
}

/**
 * The application redirect after sign-in from the organisation's email: links the handed-over application to
 * the signed-in applicant (one applicant only; the same person again is fine). Whoever opens the link must be
 * the person the organisation named: the identity record's surname and date of birth must match what the
 * organisation entered (normalised), else `matching_error`; LINK_MATCH_MAX_ATTEMPTS failures in a row lock
 * linking for this person (`user_already_linked_or_do_not_exist`). Every refusal is audited.
 */
export async function linkApplication(
  db: Db,
  user: ApplicantUser,
  uuid: string,
  now: Date,
  requestId: string,
  flags: FeatureFlags,
) {
  const notFound = new ApiError(404, 'ApplicationDetails.NotFound', 'Application not found');
  const audit = (outcome: 'success' | 'refused', detail: Record<string, unknown>) =>
    writeAudit(db, { event: 'application.linked', outcome, userId: user.id, requestId, detail });
  const attempts = await findAttempts(db, 'link_match_attempts', user.id);
  if (attempts?.locked_until && new Date(attempts.locked_until).getTime() > now.getTime()) {
    await audit('refused', { reason: 'attempts_exceeded' });
    throw linkAttemptsExceeded();
  }
  if (!UUID_PATTERN.test(uuid)) throw notFound;
  const outcome = await db.transaction().execute(async (trx) => {
    const found = await lockApplicationByLinkId(trx, uuid.toLowerCase());
    if (
      !found ||
      found.status === DRAFT_STATUS ||
      !mayReachApplication(user.roles as Role[], found.type_code, { organisationInitiated: true }, flags)
    )
      return { kind: 'not-found' as const };
    if (found.applicant_user_id !== null && found.applicant_user_id !== user.id)
      return { kind: 'linked-elsewhere' as const, row: found };
    if (hasExpired(found, now)) return { kind: 'expired' as const, row: found };
    if (found.applicant_user_id === user.id) return { kind: 'ok' as const, row: found, fresh: false };
    const entered = draftOf(found).applicant;
    const identity = await userById(trx, user.id);
    const matches = identityMatchesApplicant(
      { surname: entered?.currentName?.surname, dateOfBirth: entered?.dateOfBirth },
      { surname: identity?.surname ?? null, dateOfBirth: identity?.date_of_birth ?? null },
    );
    if (!matches) return { kind: 'mismatch' as const, row: found };
    const part: ApplicantPart = { origin: 'organisation', draft: {}, linkedAt: now.toISOString() };
    const row = await updateApplication(trx, found.id, {
      applicant_user_id: user.id,
      applicant_data: JSON.stringify(part),
    });
    return { kind: 'ok' as const, row, fresh: true };
  });
  switch (outcome.kind) {
    case 'ok':
      break;
    case 'not-found':
      await audit('refused', { reason: 'not_found' });
      throw notFound;
    case 'linked-elsewhere':
      await audit('refused', { reason: 'already_linked', applicationReference: outcome.row.reference });
      throw new ApiError(409, 'application_already_linked', 'This application is linked to someone else');
    case 'expired':
      await audit('refused', { reason: 'expired', applicationReference: outcome.row.reference });
      throw applicationExpired();
    case 'mismatch': {
      const counted = await countLinkMismatch(db, user.id, now, Boolean(attempts?.locked_until));
      await audit('refused', {
        reason: 'identity_mismatch',
        applicationReference: outcome.row.reference,
        attempts: counted.attempts,
        locked: counted.locked,
      });
      throw counted.locked ? linkAttemptsExceeded() : linkMismatch();
    }
  }
  if (outcome.fresh) {
    await audit('success', { applicationReference: outcome.row.reference });
    if (attempts) await resetAttempts(db, 'link_match_attempts', user.id);
  }
  return {
    status: applicantStatusView(outcome.row.status as ApplicationStatus),
    disclosureTypeShortCode: outcome.row.type_code,
    draftApplicationToken: outcome.row.id,
    // Hand-over data: who pays decides between the two Level 2 journeys.
    onlinePaymentType: organisationPart(outcome.row).onlinePaymentType,
  };
}
