import type { FastifyRequest } from 'fastify';
import {
  applicantJourneyForType,
  applicantStatusView,
  completeStepIds,
  getApplicantJourney,
  isApplicationTypeCode,
  isIdentityVerified,
  startableTypesFor,
  submittedStatusFor,
  type ApplicantDraft,
  type ApplicationStatus,
  type ApplicationTypeCode,
  type FeatureFlags,
  type Role,
} from '@dis/domain';
import { requireUser } from '../../platform/access';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { findApplication, hasExpired, latestApplicantParts, type Application } from '../applications/service';
import type { PaymentTarget } from '../payments/service';
import {
  alreadySubmitted,
  draftNotFound,
  draftOf,
  insertNewDraft,
  roleOf,
  validationFailed,
  DRAFT_TOKEN_PATTERN,
  type Owned,
  type Ownership,
} from './core';
import { applicantPartSchema, readStored, type ApplicantPart } from './stored';

// The applicant's side of the draft API (spec 02 section 7): whose applications they are, starting one, and what
// it shows. Linking an emailed application, saving and the declaration are `applicant-link.ts`,
// `applicant-save.ts` and `applicant-submit.ts`.

/** Roles that walk applicant journeys (spec 02 section 6). APPLICANT_BASIC only views results and shares. */
export const APPLICANT_JOURNEY_ROLES = ['APPLICANT', 'APPLICATION_ONLY'] as const satisfies readonly Role[];

export interface ApplicantUser {
  id: string;
  roles: readonly string[];
  assuranceLevel: string;
}

export type { ApplicantPart } from './stored';

/** Applicant-started applications wait in this status until submitted (they never expire). */
export const APPLICANT_DRAFT_STATUS: ApplicationStatus = 'READY_TO_START';
/** Statuses in which the applicant may still change answers and declare. */
export const OPEN_STATUSES: readonly string[] = ['WITH_APPLICANT', APPLICANT_DRAFT_STATUS];

export function applicantPartOf(row: Application): ApplicantPart | null {
  return row.applicant_data === null
    ? null
    : readStored(applicantPartSchema, row.applicant_data, 'applicant part');
}

export const applicationExpired = () =>
  new ApiError(410, 'APPLICATION_EXPIRED', 'This application has expired');

// ---------- ownership ----------

/** An application with the applicant's part read. */
export type ApplicantApplication = Application & { part: ApplicantPart };
export type ApplicantOwned = Owned<{ user: ReturnType<typeof requireUser> }, ApplicantApplication>;

/** The row as this applicant's own application (linked to or started by them), or null. */
function ownApplication(row: Application, userId: string): ApplicantApplication | null {
  if (row.applicant_user_id !== userId) return null;
  const part = applicantPartOf(row);
  return part ? { ...row, part } : null;
}

/** The applicant's applications: linked from an organisation's email or started by them. */
export const applicantOwnership: Ownership<{ user: ReturnType<typeof requireUser> }, ApplicantApplication> = {
  caller: async (request: FastifyRequest) => ({ user: requireUser(request) }),
  own: (row, { user }) => ownApplication(row, user.id),
  organisationInitiated: (row) => row.link_id !== null,
};

/** An application linked to or started by this applicant; anything else (unknown, another person's) is 404. */
export async function ownedByApplicant(db: Db, token: string, userId: string): Promise<ApplicantApplication> {
  const row = DRAFT_TOKEN_PATTERN.test(token) ? await findApplication(db, token) : undefined;
  const owned = row ? ownApplication(row, userId) : null;
  if (!owned) throw draftNotFound();
  return owned;
}

/** Refuses an application that has ended: expired (overdue counts before the expiry job marks it) or terminated. */
export function assertNotEnded(row: Application, now: Date): void {
  if (hasExpired(row, now)) throw applicationExpired();
  if (row.status === 'TERMINATED')
    throw new ApiError(409, 'CONFLICT', 'This application has been terminated');
}

/** Refuses changes to an application that is no longer the applicant's to change. */
export function assertOpen(row: Application, part: ApplicantPart, now: Date): void {
  assertNotEnded(row, now);
  if (!OPEN_STATUSES.includes(row.status) || part.declaration?.agreed) throw alreadySubmitted();
}

// ---------- create (applicant-started) ----------

export async function createApplicantDraft(
  db: Db,
  user: ApplicantUser,
  applicationType: string,
  flags: FeatureFlags,
  now: Date,
  requestId: string,
) {
  const startable = startableTypesFor(user.roles as Role[], flags);
  if (!isApplicationTypeCode(applicationType) || !startable.includes(applicationType)) {
    throw validationFailed({ applicationType: 'applicationType.required' });
  }
  const part: ApplicantPart = { origin: 'applicant', draft: {} };
  return insertNewDraft(
    db,
    {
      type_code: applicationType,
      status: APPLICANT_DRAFT_STATUS,
      organisation_code: null,
      countersignatory_id: null,
      applicant_user_id: user.id,
      created_at: now,
      status_last_changed: now,
      data: JSON.stringify({}),
      applicant_data: JSON.stringify(part),
    },
    { userId: user.id, requestId, detail: { origin: 'applicant' } },
  );
}

// ---------- view ----------

/** The organisation's hand-over data an applicant sees beside their own answers. */
export function organisationPart(row: Application) {
  const d = draftOf(row);
  const organisationInitiated = row.link_id !== null;
  return {
    organisationName: organisationInitiated ? (d.registeredBody?.registeredBodyName ?? null) : null,
    ...roleOf(d),
    onlinePaymentType: organisationInitiated ? (d.payment?.type ?? null) : null,
  };
}

export function journeyIdOf(row: Application) {
  return isApplicationTypeCode(row.type_code)
    ? applicantJourneyForType(row.type_code, {
        organisationInitiated: row.link_id !== null,
        onlinePaymentType: organisationPart(row).onlinePaymentType,
      })
    : null;
}

/** What the journey walk reads: the answers plus the reference and the type, which the server owns. */
export function walkAnswers(row: Application, part: ApplicantPart): ApplicantDraft {
  return {
    ...part.draft,
    applicationReference: row.reference,
    schemeInfo: { ...part.draft.schemeInfo, applicationType: row.type_code as ApplicationTypeCode },
  };
}

/**
 * The applicant draft of spec 02 section 3, with the organisation's hand-over data and the applicant's status, and
 * the steps of its walk that are complete (decision 0077: the page walks the journey by them before it has the step
 * schemas).
 */
export function applicantDraftView(row: Application, part: ApplicantPart, now: Date) {
  const org = organisationPart(row);
  const expired = hasExpired(row, now);
  const journeyId = journeyIdOf(row);
  const journey = journeyId ? getApplicantJourney(journeyId) : undefined;
  return {
    ...part.draft,
    id: row.id,
    applicationReference: row.reference,
    applicationTypeCode: row.type_code,
    journeyId: journeyIdOf(row),
    status: expired ? 'EXPIRED' : applicantStatusView(row.status as ApplicationStatus),
    organisationInitiated: row.link_id !== null,
    schemeInfo: {
      ...(org.workforces ? { workforces: org.workforces } : {}),
      ...part.draft.schemeInfo,
      applicationType: row.type_code,
    },
    roleDetails: org.roleDetails,
    workforces: org.workforces,
    otherOrganisationName: org.otherOrganisationName,
    organisationName: org.organisationName,
    onlinePaymentType: org.onlinePaymentType,
    paymentType: part.payment?.type ?? null,
    ...(part.payment ? { paymentStatus: part.payment.status, amount: part.payment.amount } : {}),
    declaration: { agreed: part.declaration?.agreed === true },
    complete: part.declaration?.agreed === true,
    completeSteps: journey ? completeStepIds(journey, walkAnswers(row, part), { now }) : [],
  };
}

// ---------- payment ----------

/** The applicant paying by card after their declaration; the application is SUBMITTED once paid. */
export function applicantPaymentTarget(assuranceLevel: string): PaymentTarget {
  const partOf = (row: Application) => applicantPartOf(row) ?? { origin: 'applicant', draft: {} };
  return {
    paymentType: 'CARD',
    openStatuses: [...OPEN_STATUSES, 'PAYMENT_FAILED'],
    paidStatus: (row) => submittedStatusFor(row.channel),
    check(row, now) {
      const part = partOf(row);
      if (!part.declaration?.agreed || part.payment?.type !== 'CARD') {
        if (!row.reference)
          throw new ApiError(400, 'MISSING_APPLICATION_REFERENCE', 'The application has no reference');
        throw new ApiError(409, 'CONFLICT', 'This application does not take a card payment');
      }
      assertNotEnded(row, now);
      if (!this.openStatuses.includes(row.status))
        throw new ApiError(409, 'CONFLICT', 'This application has already been submitted');
    },
    amount: (row) => partOf(row).payment?.amount ?? 0,
    storedStatus: (row) => partOf(row).payment?.status,
    record(row, status) {
      const part = partOf(row);
      const next: ApplicantPart = {
        ...part,
        ...(part.payment ? { payment: { ...part.payment, status } } : {}),
      };
      return { applicant_data: JSON.stringify(next) };
    },
    idVerified: () => isIdentityVerified(assuranceLevel),
  };
}

/** The current address from the applicant's latest application, for prepopulating personal details. */
export async function latestApplicantAddress(db: Db, userId: string) {
  const rows = await latestApplicantParts(db, userId, 10);
  for (const row of rows) {
    const address = row.applicant_data
      ? readStored(applicantPartSchema, row.applicant_data, 'applicant part').draft.currentAddress
      : undefined;
    if (address?.line1) {
      const { residentFrom: _from, residentTo: _to, ...rest } = address;
      return rest;
    }
  }
  return null;
}
