import type { FastifyRequest } from 'fastify';
import {
  completeStepIds,
  getOrganisationJourney,
  isApplicationTypeCode,
  organisationJourneyForType,
  startableTypesFor,
  toIsoDate,
  type FeatureFlags,
  type OrganisationDraft,
  type ApplicationTypeCode,
  type PaymentStatus,
  type Role,
} from '@dis/domain';
import { requireUser } from '../../platform/access';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { DRAFT_STATUS, type Application } from '../applications/service';
import { declarationStatus } from '../declaration/service';
import { countersignatoryById } from '../organisations/service';
import type { PaymentTarget } from '../payments/service';
import { draftOf, insertNewDraft, roleOf, validationFailed, type Owned, type Ownership } from './core';
import type { StoredDraft } from './stored';

// The organisation's side of the draft API (spec 01 section 7): whose drafts they are, creating one, and what it
// shows. Saving and the declaration are `organisation-save.ts` and `organisation-submit.ts`.

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface OrganisationUser {
  id: string;
  roles: readonly string[];
  countersignatoryId: string | null;
}

export type { StoredDraft } from './stored';

// ---------- ownership ----------

export async function countersignatoryOf(db: Db, user: OrganisationUser) {
  const row = user.countersignatoryId ? await countersignatoryById(db, user.countersignatoryId) : null;
  if (!row) throw new ApiError(403, 'COUNTERSIGNATORY_EMPTY', 'Your countersignatory record is empty');
  return row;
}
export type Countersignatory = Awaited<ReturnType<typeof countersignatoryOf>>;

/** The countersignatory and the register's record of them. */
export interface OrganisationCaller {
  user: ReturnType<typeof requireUser>;
  csg: Countersignatory;
}
export type OrganisationOwned = Owned<OrganisationCaller, Application>;

/**
 * The organisation's drafts: the caller is the countersignatory once today's declaration is signed (the access hook
 * checks it on organisation-only routes); a draft is theirs when it is an online or batch (B2B) application of
 * their organisation (B2B ones are never drafts, so only read).
 */
export function organisationOwnership(db: Db, now: () => Date): Ownership<OrganisationCaller, Application> {
  return {
    async caller(request: FastifyRequest) {
      const user = requireUser(request);
      if (!(await declarationStatus(db, user.id, now())).signedToday)
        throw new ApiError(403, 'DECLARATION_REQUIRED', 'Confirm the declaration before you continue');
      return { user, csg: await countersignatoryOf(db, user) };
    },
    own: (row, { csg }) =>
      row.organisation_code === csg.organisationCode && (row.channel === 'O' || row.channel === 'B')
        ? row
        : null,
    organisationInitiated: () => true,
  };
}

/**
 * The draft entity of spec 01 section 3, with the type and status beside it, and the steps of its walk that are
 * complete (decision 0077: the page walks the journey by them before it has the step schemas).
 */
export function draftView(row: Application, now: Date) {
  const { feePence, ...draft } = draftOf(row);
  const journeyId = organisationJourneyForType(row.type_code as ApplicationTypeCode);
  const journey = journeyId ? getOrganisationJourney(journeyId) : undefined;
  return {
    ...draft,
    id: row.id,
    applicationReference: row.reference,
    applicationTypeCode: row.type_code,
    status: row.status,
    completeSteps: journey ? completeStepIds(journey, draft, { now }) : [],
    ...(feePence === undefined ? {} : { amount: feePence }),
  };
}

// ---------- create ----------

export async function createDraft(
  db: Db,
  { user, csg }: OrganisationCaller,
  applicationType: string,
  flags: FeatureFlags,
  now: Date,
  requestId: string,
) {
  const startable = startableTypesFor(user.roles as Role[], flags);
  if (
    !isApplicationTypeCode(applicationType) ||
    organisationJourneyForType(applicationType) === null ||
    !startable.includes(applicationType)
  ) {
    throw validationFailed({ applicationType: 'applicationType.required' });
  }
  const draft: StoredDraft = {
    applicant: { schemeInfo: { applicationType } },
    registeredBody: registeredBodyOf(csg),
  };
  return insertNewDraft(
    db,
    {
      type_code: applicationType,
      status: DRAFT_STATUS,
      organisation_code: csg.organisationCode,
      countersignatory_id: csg.code,
      applicant_user_id: null,
      created_at: now,
      status_last_changed: now,
      data: JSON.stringify(draft),
    },
    { userId: user.id, requestId, detail: { organisationCode: csg.organisationCode } },
  );
}

/**
 * The countersignatory and organisation as the register has them; never taken from the browser.
 * csgName (title, forename, surname) is left out: the organisations service gives the name as one string only.
 */
export function registeredBodyOf(csg: Countersignatory): NonNullable<OrganisationDraft['registeredBody']> {
  return {
    registeredBodyName: csg.organisationName,
    registeredBodyOrSubAccountCode: csg.organisationCode,
    csgCode: csg.countersignatoryCode,
    email: csg.emailAddress,
  };
}

// ---------- hand-over data and details ----------

export function isExpired(row: Application, now: Date): boolean {
  if (row.status === 'EXPIRED') return true;
  if (row.status !== 'WITH_APPLICANT' || row.expired_duration_days === null) return false;
  return now.getTime() - new Date(row.status_last_changed).getTime() >= row.expired_duration_days * DAY_MS;
}

export function handoverData(row: Application) {
  const d = draftOf(row);
  return {
    draftApplicationToken: row.id,
    applicationReference: row.reference,
    applicationTypeCode: row.type_code,
    onlinePaymentType: d.payment?.type ?? null,
    ...roleOf(d),
  };
}

const isoDate = (p?: { year?: number; month?: number; day?: number }) =>
  p?.year && p.month && p.day ? toIsoDate({ year: p.year, month: p.month, day: p.day }) : null;

/** Application details of spec 01 section 3, for /application/{applicationToken}/{status}. */
export function applicationDetails(row: Application) {
  const d = draftOf(row);
  return {
    id: row.id,
    applicationReference: row.reference,
    status: row.status,
    handoverComplete: row.link_id !== null && row.status !== DRAFT_STATUS && row.status !== 'PAYMENT_FAILED',
    applicationTypeCode: row.type_code,
    created: row.created_at.toISOString(),
    statusLastChanged: new Date(row.status_last_changed).toISOString(),
    expiredDurationDays: row.expired_duration_days,
    countersignatory: {
      applicantName: row.applicant_name,
      applicantDateOfBirth: isoDate(d.applicant?.dateOfBirth),
      applicantEmail: d.applicant?.email ?? null,
      workforces: d.applicant?.schemeInfo?.workforces ?? null,
      roleDetails: d.applicant?.roleDetails ?? null,
      csgAnotherOrganisation: d.anotherOrganisation ?? null,
      onlinePaymentType: d.payment?.type ?? null,
      invoiceSubAccountCode: d.payment?.type === 'INVOICE' ? (d.payment.subAccountCode ?? null) : null,
    },
  };
}

/** The organisation paying by card at its declaration. */
export const organisationPaymentTarget: PaymentTarget = {
  paymentType: 'CARD_CSG',
  openStatuses: [DRAFT_STATUS, 'PAYMENT_FAILED'],
  paidStatus: DRAFT_STATUS,
  check(row) {
    const d = draftOf(row);
    if (!d.declaration?.agreed || d.payment?.type !== 'CARD_CSG')
      throw new ApiError(409, 'CONFLICT', 'This application does not take a card payment');
    if (!this.openStatuses.includes(row.status) || row.link_id !== null)
      throw new ApiError(409, 'CONFLICT', 'This application has already been completed');
  },
  amount: (row) => draftOf(row).feePence ?? 0,
  storedStatus: (row) => draftOf(row).payment?.status,
  record: (row, status) => ({ data: JSON.stringify(withPaymentStatus(draftOf(row), status)) }),
  idVerified: (row) => draftOf(row).verified === true,
};

function withPaymentStatus(d: StoredDraft, status: PaymentStatus): StoredDraft {
  return { ...d, payment: { ...d.payment, status } };
}
