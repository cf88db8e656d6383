import { z } from 'zod';
import {
  londonDate,
  applicantDisplayName,
  UUID_PATTERN,
  APPLICANT_SERVER_OWNED_FIELDS,
  applicantCodec,
  applicantJourneyForType,
  applicantStatusView,
  applicantDraftSaveSchema,
  createApplicantDraftSaveSchema,
  applicantStartedFee,
  awaitsIdentityDocuments,
  identityDocumentsDueAt,
  feeFor,
  fieldErrorsFrom,
  getApplicantJourney,
  identityMatchesApplicant,
  isApplicationTypeCode,
  isIdentityVerified,
  isJourneyComplete,
  LINK_MATCH_LOCKOUT_MS,
  LINK_MATCH_MAX_ATTEMPTS,
  mayReachApplication,
  startableTypesFor,
  submittedStatusFor,
  type ApplicantDraft,
  type ApplicationStatus,
  type ApplicationTypeCode,
  type FeatureFlags,
  type PaymentMethod,
  type PaymentStatus,
  type Role,
} from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { assertStrictBody, invalidInput } from '../../platform/input';
import { userById } from '../auth/service';
import {
  DRAFT_STATUS,
  findApplication,
  hasExpired,
  latestApplicantParts,
  lockApplicationByLinkId,
  updateApplication,
  type ApplicationRow,
} from '../applications/service';
import type { PaymentTarget } from '../payments/service';
import {
  draftNotFound,
  draftOf,
  insertNewDraft,
  validationFailed,
  DRAFT_TOKEN_PATTERN,
} from './organisation';
import { countFailedAttempt, findAttempts, resetAttempts } from './store';
import { applicantPartSchema, readStored, type ApplicantPart } from './stored';

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
const OPEN_STATUSES: readonly string[] = ['WITH_APPLICANT', APPLICANT_DRAFT_STATUS];

export function applicantPartOf(row: ApplicationRow): ApplicantPart | null {
  return row.applicant_data === null
    ? null
    : readStored(applicantPartSchema, row.applicant_data, 'applicant part');
}

export const applicationExpired = () =>
  new ApiError(410, 'APPLICATION_EXPIRED', 'This application has expired');

// ---------- ownership ----------

/** An application linked to or started by this applicant; anything else (unknown, another person's) is 404. */
export async function ownedByApplicant(
  db: Db,
  token: string,
  userId: string,
  lock = false,
): Promise<ApplicationRow & { part: ApplicantPart }> {
  if (!DRAFT_TOKEN_PATTERN.test(token)) throw draftNotFound();
  const row = await findApplication(db, token, lock);
  const part = row ? applicantPartOf(row) : null;
  if (!row || !part || row.applicant_user_id !== userId) throw draftNotFound();
  return { ...row, part };
}

/** Refuses changes to an application that is no longer the applicant's to change. */
/** Refuses an application that has ended: expired (overdue counts before the expiry job marks it) or terminated. */
function assertNotEnded(row: ApplicationRow, now: Date): void {
  if (hasExpired(row, now)) throw applicationExpired();
  if (row.status === 'TERMINATED')
    throw new ApiError(409, 'CONFLICT', 'This application has been terminated');
}

function assertOpen(row: ApplicationRow, part: ApplicantPart, now: Date): void {
  assertNotEnded(row, now);
  if (!OPEN_STATUSES.includes(row.status) || part.declaration?.agreed)
    throw new ApiError(409, 'CONFLICT', 'This application has already been submitted');
}

// ---------- link (organisation-started) ----------

export const linkBody = z.object({ uuid: z.string().max(100) });

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
      created_at: now as never,
      status_last_changed: now,
      data: JSON.stringify({}),
      applicant_data: JSON.stringify(part),
    },
    { userId: user.id, requestId, detail: { origin: 'applicant' } },
  );
}

// ---------- view ----------

/** The organisation's hand-over data an applicant sees beside their own answers. */
function organisationPart(row: ApplicationRow) {
  const d = draftOf(row);
  const organisationInitiated = row.link_id !== null;
  return {
    organisationName: organisationInitiated ? (d.registeredBody?.registeredBodyName ?? null) : null,
    roleDetails: d.applicant?.roleDetails ?? null,
    workforces: d.applicant?.schemeInfo?.workforces ?? null,
    otherOrganisationName: d.anotherOrganisation?.isCsgForAnotherOrganisation
      ? (d.anotherOrganisation.organisationName ?? null)
      : null,
    onlinePaymentType: organisationInitiated ? (d.payment?.type ?? null) : null,
  };
}

export function journeyIdOf(row: ApplicationRow) {
  return isApplicationTypeCode(row.type_code)
    ? applicantJourneyForType(row.type_code, {
        organisationInitiated: row.link_id !== null,
        onlinePaymentType: organisationPart(row).onlinePaymentType,
      })
    : null;
}

/** What the journey walk reads: the answers plus the reference and the type, which the server owns. */
function walkAnswers(row: ApplicationRow, part: ApplicantPart): ApplicantDraft {
  return {
    ...part.draft,
    applicationReference: row.reference,
    schemeInfo: { ...part.draft.schemeInfo, applicationType: row.type_code as ApplicationTypeCode },
  };
}

/** The applicant draft of spec 02 section 3, with the organisation's hand-over data and the applicant's status. */
export function applicantDraftView(row: ApplicationRow, part: ApplicantPart, now: Date) {
  const org = organisationPart(row);
  const expired = hasExpired(row, now);
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
  };
}

// ---------- save ----------

/** Parts of the draft the server owns: sent back in a save they are ignored (docs: applicant API). */
const SERVER_OWNED = APPLICANT_SERVER_OWNED_FIELDS;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ApplicantSaveHooks {
  /** Checks a date of birth in the payload against the identity record before anything is stored. */
  checkDateOfBirth(dateOfBirth: { day: number; month: number; year: number }): Promise<void>;
}

/**
 * PUT /{token}/applicant: the payload is validated on its own (nothing stored on a 400), merged into the
 * stored answers, and the merged draft is validated again as a whole (address history order and overlaps,
 * the scheme age rule for the application's type); residentTo is always derived from the following address.
 */
export async function saveApplicantDraft(
  db: Db,
  user: ApplicantUser,
  token: string,
  body: unknown,
  now: Date,
  hooks: ApplicantSaveHooks,
) {
  if (!isPlainObject(body)) throw invalidInput({ '': 'payload.invalid' });
  const raw: Record<string, unknown> = { ...body };
  for (const key of SERVER_OWNED) delete raw[key];
  // Strict: a field the payload does not have, or a number sent as a string, is refused, not dropped.
  assertStrictBody(applicantDraftSaveSchema, raw);
  const current = await ownedByApplicant(db, token, user.id);
  assertOpen(current, current.part, now);

  const type = current.type_code as ApplicationTypeCode;
  const errors: Record<string, string> = {};
  if (isPlainObject(raw.schemeInfo)) {
    const sent = raw.schemeInfo.applicationType;
    if (sent !== undefined && sent !== null && sent !== type)
      errors['schemeInfo.applicationType'] = 'payload.invalid';
  }
  const schema = createApplicantDraftSaveSchema({ now });
  // The application's type decides the minimum age, whatever the payload says.
  const withType = {
    ...raw,
    schemeInfo:
      raw.schemeInfo === undefined || isPlainObject(raw.schemeInfo)
        ? { ...(raw.schemeInfo as object | undefined), applicationType: type }
        : raw.schemeInfo,
  };
  const parsed = schema.safeParse(withType);
  if (!parsed.success) Object.assign(errors, fieldErrorsFrom(parsed.error));
  if (Object.keys(errors).length > 0 || !parsed.success) throw validationFailed(errors);

  const payload: ApplicantDraft = parsed.data;
  if (payload.dateOfBirth) await hooks.checkDateOfBirth(payload.dateOfBirth);

  return db.transaction().execute(async (trx) => {
    const row = await ownedByApplicant(trx, token, user.id, true);
    assertOpen(row, row.part, now);
    const stored = row.part.draft;
    const merged = applicantCodec.mergePayload(stored, payload, type);

    const whole = schema.safeParse(merged);
    if (!whole.success) throw validationFailed(fieldErrorsFrom(whole.error));
    const draft: ApplicantDraft = whole.data;
    for (const key of SERVER_OWNED) delete (draft as Record<string, unknown>)[key];

    const part: ApplicantPart = { ...row.part, draft };
    const name = draft.currentName;
    const updated = await updateApplication(trx, row.id, {
      applicant_data: JSON.stringify(part),
      // The organisation's name for the applicant stays on its applications; an applicant's own takes theirs.
      ...(row.link_id === null && name?.forename && name.surname
        ? { applicant_name: applicantDisplayName(name) }
        : {}),
    });
    return applicantDraftView(updated, part, now);
  });
}

// ---------- submission ----------

export interface ApplicantSubmission {
  applicationReference: string;
  status: ApplicationStatus;
  onlinePaymentType: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** Pence the applicant pays; 0 when nothing is due. */
  amount: number;
  /** True when the applicant goes on to the card payment. */
  cardPaymentRequired: boolean;
}

function submissionOf(row: ApplicationRow, part: ApplicantPart): ApplicantSubmission {
  const payment = part.payment ?? { type: 'NotSet' as const, status: 'NONE' as const, amount: 0 };
  return {
    applicationReference: row.reference,
    status: applicantStatusView(row.status as ApplicationStatus),
    onlinePaymentType: payment.type,
    paymentStatus: payment.status,
    amount: payment.type === 'CARD' ? payment.amount : 0,
    cardPaymentRequired: payment.type === 'CARD' && payment.status !== 'SUCCESS',
  };
}

/**
 * What the applicant pays, decided here: an organisation that paid (invoice, its own card, free) leaves
 * nothing to pay; an organisation that chose "the applicant pays" means a card payment of the fee it was
 * charged at; an application the applicant started is paid by card at its type's fee.
 */
function applicantPayment(row: ApplicationRow, user: ApplicantUser): NonNullable<ApplicantPart['payment']> {
  const fee = feeFor(row.type_code as ApplicationTypeCode) ?? 0;
  // Started by the applicant: an applicant-only Level 1 before the identity is verified pays the unverified fee.
  if (row.link_id === null) {
    const amount = applicantStartedFee(
      row.type_code as ApplicationTypeCode,
      isIdentityVerified(user.assuranceLevel),
    );
    return { type: 'CARD', status: 'NONE', amount: amount ?? 0 };
  }
  const d = draftOf(row);
  const type = d.payment?.type;
  if (type === 'CARD') return { type: 'CARD', status: 'NONE', amount: d.feePence ?? fee };
  return {
    type: type ?? 'NotSet',
    status: d.payment?.status ?? 'NONE',
    amount: 0,
  };
}

const incomplete = () =>
  new ApiError(400, 'INCOMPLETE_APPLICATION', 'This application is not complete. Check your answers.');

/**
 * The applicant's declaration: re-walks the journey of the application's type and origin on the stored
 * answers, fixes what is to pay, and submits at once when nothing is due. Idempotent once declared.
 */
export async function submitApplicantDraft(
  db: Db,
  user: ApplicantUser,
  token: string,
  agreed: unknown,
  now: Date,
  requestId: string,
): Promise<ApplicantSubmission> {
  if (agreed !== true) throw validationFailed({ agreed: 'applicantDeclaration.agreed.required' });
  const result = await db.transaction().execute(async (trx) => {
    const row = await ownedByApplicant(trx, token, user.id, true);
    if (row.part.declaration?.agreed) return { submission: submissionOf(row, row.part), fresh: false };
    assertOpen(row, row.part, now);
    const journeyId = journeyIdOf(row);
    const journey = journeyId ? getApplicantJourney(journeyId) : undefined;
    if (!journey || !isJourneyComplete(journey, walkAnswers(row, row.part), { now })) throw incomplete();
    const payment = applicantPayment(row, user);
    if (payment.type === 'NotSet') throw incomplete();
    const due = payment.type === 'CARD';
    const part: ApplicantPart = {
      ...row.part,
      declaration: { agreed: true, date: londonDate(now) },
      payment,
      ...(due ? {} : { submittedAt: now.toISOString() }),
    };
    // An applicant-only Level 1 before the identity is verified: its documents are due in 14 days (0055).
    const awaitsDocuments = awaitsIdentityDocuments(
      row.type_code as ApplicationTypeCode,
      row.link_id === null,
      isIdentityVerified(user.assuranceLevel),
    );
    const updated = await updateApplication(trx, row.id, {
      applicant_data: JSON.stringify(part),
      ...(due ? {} : { status: submittedStatusFor(row.channel), status_last_changed: now }),
      identity_documents_due_at: awaitsDocuments ? identityDocumentsDueAt(now) : null,
    });
    return { submission: submissionOf(updated, part), fresh: true };
  });
  if (result.fresh) {
    await writeAudit(db, {
      event: 'application.applicant_declaration',
      outcome: 'success',
      userId: user.id,
      requestId,
      detail: {
        applicationReference: result.submission.applicationReference,
        paymentType: result.submission.onlinePaymentType,
        amount: result.submission.amount,
        status: result.submission.status,
      },
    });
  }
  return result.submission;
}

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
export function submittedView(row: ApplicationRow, part: ApplicantPart) {
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

// ---------- payment ----------

/** The applicant paying by card after their declaration; the application is SUBMITTED once paid. */
export function applicantPaymentTarget(assuranceLevel: string): PaymentTarget {
  const partOf = (row: ApplicationRow) => applicantPartOf(row) ?? { origin: 'applicant', draft: {} };
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
