import { applicantStatusView, type ApplicationStatus } from '@dis/domain';
import { ApiError } from '../../platform/errors';
import type { Application } from '../applications/service';
import { journeyIdOf, organisationPart, type ApplicantPart } from './applicant';

// GET /{token}/submitted (spec 02 section 3): the submitted application as the applicant sees it.

/**
 * How the submitted application shows each answer of the draft: given or null, given or an empty list, or not at
 * all (the server's own fields, and answers the spec's submitted application does not carry). One entry per
 * answer, so a new answer without a decision here does not compile.
 */
const SUBMITTED_ANSWERS = {
  contactDetails: 'or null',
  countryOfBirth: 'or null',
  currentAddress: 'or null',
  currentName: 'or null',
  dateOfBirth: 'or null',
  drivingLicence: 'or null',
  gender: 'or null',
  mothersMaidenName: 'or null',
  nationalInsuranceNumber: 'or null',
  nationality: 'or null',
  passport: 'or null',
  placeOfBirth: 'or null',
  previousAddresses: 'or none',
  previousNames: 'or none',
  regulatoryBodies: 'or null',
  // With the application's own type: below.
  schemeInfo: 'not shown',
  id: 'not shown',
  applicationReference: 'not shown',
  hasPreviousNames: 'not shown',
  pvgNumber: 'not shown',
  paymentType: 'not shown',
  confirmationOfIdentity: 'not shown',
  roleDetails: 'not shown',
  declaration: 'not shown',
  personalInfoAgreed: 'not shown',
  complete: 'not shown',
  otherOrganisationName: 'not shown',
} as const satisfies { readonly [K in keyof ApplicantPart['draft']]-?: 'or null' | 'or none' | 'not shown' };

type Submitted = typeof SUBMITTED_ANSWERS;
type SubmittedAnswers = {
  -readonly [
    K in keyof Submitted as Submitted[K] extends 'not shown' ? never : K
  ]-?: Submitted[K] extends 'or none'
    ? NonNullable<ApplicantPart['draft'][K]>
    : NonNullable<ApplicantPart['draft'][K]> | null;
};

function submittedAnswers(draft: ApplicantPart['draft']): SubmittedAnswers {
  const shown: Record<string, unknown> = {};
  for (const [key, how] of Object.entries(SUBMITTED_ANSWERS)) {
    if (how === 'not shown') continue;
    shown[key] = draft[key as keyof typeof draft] ?? (how === 'or none' ? [] : null);
  }
  return shown as SubmittedAnswers;
}

/** The submitted application of spec 02 section 3, once the applicant has declared. */
export function submittedView(row: Application, part: ApplicantPart) {
  if (!part.declaration?.agreed)
    throw new ApiError(409, 'CONFLICT', 'This application has not been submitted yet');
  return {
    applicationReference: row.reference,
    applicationTypeCode: row.type_code,
    journeyId: journeyIdOf(row),
    status: applicantStatusView(row.status as ApplicationStatus),
    organisationName: organisationPart(row).organisationName,
    submittedOn: part.declaration.date,
    /** When the identity documents of an unverified Level 1 are due (decision 0055); null when none are awaited. */
    identityDocumentsDueBy: row.identity_documents_due_at
      ? row.identity_documents_due_at.toISOString()
      : null,
    applicant: {
      ...submittedAnswers(part.draft),
      schemeInfo: { ...part.draft.schemeInfo, applicationType: row.type_code },
    },
  };
}
