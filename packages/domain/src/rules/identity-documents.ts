import type { ApplicationTypeCode } from '../codes';
import { IDENTITY_DOCUMENTS_DAYS } from '../limits';
import { DAY_MS } from './dates';

/**
 * Spec 02 section 9: "identity documents within 14 calendar days or the application is cancelled without refund"
 * (decision 0055). An applicant-only Level 1 application paid for before the identity was verified waits for the
 * applicant's identity and address documents by post; 14 calendar days (14 × 24 hours) after its declaration,
 * still without them, it is cancelled (TERMINATED) by the `applications.cancel-unverified` job.
 * The 14 days are IDENTITY_DOCUMENTS_DAYS of limits.ts.
 */
/** Whether an application the applicant started waits for identity documents: Level 1 before verification. */
export function awaitsIdentityDocuments(
  type: ApplicationTypeCode,
  applicantStarted: boolean,
  identityVerified: boolean,
): boolean {
  return type === 'LA' && applicantStarted && !identityVerified;
}

/** The moment the documents are due: 14 calendar days after the declaration. */
export function identityDocumentsDueAt(declaredAt: Date): Date {
  return new Date(declaredAt.getTime() + IDENTITY_DOCUMENTS_DAYS * DAY_MS);
}

/** Whether an application still waiting for its documents is cancelled at `now` (due, and not received). */
export function isCancelledForMissingDocuments(dueAt: Date | null, now: Date): boolean {
  return dueAt !== null && now.getTime() >= dueAt.getTime();
}
