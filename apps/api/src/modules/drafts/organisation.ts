import { randomBytes, randomInt } from 'node:crypto';
import type { Insertable } from 'kysely';
import { z } from 'zod';
import {
  londonDate,
  applicantDisplayName,
  isPvgMembershipJourney,
  organisationCodec,
  createOrganisationDraftSaveSchema,
  organisationDraftSavePayloadSchema,
  organisationJourneyExtrasSchema,
  feeFor,
  emailField,
  fieldErrorsFrom,
  getOrganisationJourney,
  organisationNameField,
  isApplicationTypeCode,
  isJourneyComplete,
  messageText,
  organisationJourneyForType,
  paymentTypeToSend,
  startableTypesFor,
  type ApplicationTypeCode,
  type FeatureFlags,
  type OrganisationDraft,
  type PaymentMethod,
  type PaymentStatus,
  type Role,
} from '@dis/domain';
import { DRAFT_TOKEN_PATTERN } from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import type { ApplicationsTable } from '../../platform/db/schema';
import { ApiError } from '../../platform/errors';
import { assertStrictBody } from '../../platform/input';
import {
  costCentres,
  countersignatoryById,
  organisationQualifiesAsVoluntary,
} from '../organisations/service';
import {
  DRAFT_STATUS,
  findApplication,
  insertApplication,
  isUniqueViolation,
  updateApplication,
  type ApplicationRow,
} from '../applications/service';
import type { PaymentTarget } from '../payments/service';
import { readStored, storedOrganisationDraftSchema, type StoredDraft } from './stored';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface OrganisationUser {
  id: string;
  roles: readonly string[];
  countersignatoryId: string | null;
}

export type { StoredDraft } from './stored';

// ---------- tokens and references ----------

/** The draft token (and applications.id): 32 random bytes, base64url (43 characters). */
export function newDraftToken(): string {
  return randomBytes(32).toString('base64url');
}
export { DRAFT_TOKEN_PATTERN };

/**
 * Application reference: "DS" + 10 characters of Crockford base 32 in two groups, e.g. "DS-7K3M9-Q2XHD".
 * Human-friendly (no I, L, O or U; read aloud on the phone), about 50 bits of randomness, unique by the
 * table's constraint (a clash is retried).
 */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newApplicationReference(): string {
  const chars = Array.from({ length: 10 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]);
  return `DS-${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * Inserts a new draft under a fresh token and reference (a reference clash is retried, up to five tries)
 * and audits its creation.
 */
export async function insertNewDraft(
  db: Db,
  values: Omit<Insertable<ApplicationsTable>, 'id' | 'reference' | 'channel' | 'expired_duration_days'>,
  audit: { userId: string; requestId: string; detail: Record<string, unknown> },
  /** O online; B for a row of a CSV batch. */
  channel: 'O' | 'B' = 'O',
) {
  for (let attempt = 0; ; attempt++) {
    const id = newDraftToken();
    const reference = newApplicationReference();
    try {
      await insertApplication(db, {
        id,
        reference,
        applicant_name: null,
        ...values,
        channel,
        expired_duration_days: null,
      });
      await writeAudit(db, {
        event: 'application.draft_created',
        outcome: 'success',
        userId: audit.userId,
        requestId: audit.requestId,
        detail: { applicationReference: reference, applicationType: values.type_code, ...audit.detail },
      });
      return { draftApplicationToken: id, applicationReference: reference };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

// ---------- ownership ----------

export const draftNotFound = () => new ApiError(404, 'DRAFT_NOT_FOUND', 'Application not found');

export async function countersignatoryOf(db: Db, user: OrganisationUser) {
  const row = user.countersignatoryId ? await countersignatoryById(db, user.countersignatoryId) : null;
  if (!row) throw new ApiError(403, 'COUNTERSIGNATORY_EMPTY', 'Your countersignatory record is empty');
  return row;
}
export type Countersignatory = Awaited<ReturnType<typeof countersignatoryOf>>;

/** A draft of the caller's own organisation; anything else (unknown, malformed, another organisation's) is 404. */
export async function ownedApplication(
  db: Db,
  token: string,
  csg: Countersignatory,
  lock = false,
): Promise<ApplicationRow> {
  if (!DRAFT_TOKEN_PATTERN.test(token)) throw draftNotFound();
  const row = await findApplication(db, token, lock);
  // Online and batch (B2B) applications of the organisation; B2B ones are never drafts, so only read here.
  if (!row || row.organisation_code !== csg.organisationCode || (row.channel !== 'O' && row.channel !== 'B'))
    throw draftNotFound();
  return row;
}

/** The organisation's draft of an application row, parsed (never cast). */
export const draftOf = (row: ApplicationRow): StoredDraft =>
  readStored(storedOrganisationDraftSchema, row.data ?? {}, 'organisation draft');

/** The draft entity of spec 01 section 3, with the type and status beside it. */
export function draftView(row: ApplicationRow) {
  const { feePence, ...draft } = draftOf(row);
  return {
    ...draft,
    id: row.id,
    applicationReference: row.reference,
    applicationTypeCode: row.type_code,
    status: row.status,
    ...(feePence === undefined ? {} : { amount: feePence }),
  };
}

// ---------- create ----------

export const createDraftBody = z.object({ applicationType: z.string().max(4) });

export async function createDraft(
  db: Db,
  user: OrganisationUser,
  applicationType: string,
  flags: FeatureFlags,
  now: Date,
  requestId: string,
) {
  const csg = await countersignatoryOf(db, user);
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
      created_at: now as never,
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

// ---------- save ----------

/** The journey's two answers beside the spec's save payload (confirm-role and who-will-pay). */
const journeyExtras = organisationJourneyExtrasSchema;

/** 400 VALIDATION_FAILED with each field's message key in English. */
export function validationFailed(fieldErrors: Record<string, string>): ApiError {
  const english = Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, messageText(v)]));
  return new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', english);
}

const isPvgType = (type: string) => {
  const journeyId = isApplicationTypeCode(type) ? organisationJourneyForType(type) : null;
  return isPvgMembershipJourney(journeyId);
};

export async function saveDraft(db: Db, user: OrganisationUser, token: string, body: unknown, now: Date) {
  const csg = await countersignatoryOf(db, user);
  // Strict: a body that is not an object, a field the payload does not have, or a number sent as a string is
  // refused, not dropped.
  const raw = { ...assertStrictBody(organisationDraftSavePayloadSchema, body) };
  // A sub-account code is cleared with null (or an empty string); it is also dropped below whenever the
  // payment method is not INVOICE, so switching from invoice to card leaves no code behind.
  const clearSubAccount = raw.invoiceSubAccountCode === null || raw.invoiceSubAccountCode === '';
  if (clearSubAccount) delete raw.invoiceSubAccountCode;
  // "Yes, on behalf of another organisation" is its own page: saved before the name and email are given.
  const partialAnother = partialAnotherOrganisation(raw.csgAnotherOrganisation);
  if (partialAnother) delete raw.csgAnotherOrganisation;
  // Validate before touching the draft: a bad field stores nothing.
  return db.transaction().execute(async (trx) => {
    const row = await ownedApplication(trx, token, csg, true);
    if (row.status !== DRAFT_STATUS || draftOf(row).declaration?.agreed) {
      throw new ApiError(409, 'CONFLICT', 'This application has already been submitted');
    }
    const schema = createOrganisationDraftSaveSchema({ now });
    // The stored type decides the applicant's minimum age, whatever the payload says.
    const parsed = schema.safeParse({
      ...raw,
      applicationTypeCode: raw.applicationTypeCode ?? row.type_code,
    });
    const extras = journeyExtras.safeParse(raw);
    const errors = {
      ...(parsed.success ? {} : fieldErrorsFrom(parsed.error)),
      ...(extras.success ? {} : fieldErrorsFrom(extras.error)),
      ...(partialAnother?.errors ?? {}),
    };
    if (parsed.success && parsed.data.applicationTypeCode !== row.type_code)
      errors.applicationTypeCode = 'payload.invalid';
    if (
      parsed.success &&
      parsed.data.roleDetails?.volunteerForQualifyingOrganisation !== undefined &&
      !isPvgType(row.type_code)
    )
      errors['roleDetails.volunteerForQualifyingOrganisation'] = 'payload.invalid';
    if (parsed.success && parsed.data.invoiceSubAccountCode) {
      const codes = (await costCentres(trx, csg.organisationCode)).map((c) => c.costCentreCode);
      if (!codes.includes(parsed.data.invoiceSubAccountCode))
        errors.invoiceSubAccountCode = 'Select a sub-account code from the list';
    }
    if (Object.keys(errors).length > 0 || !parsed.success || !extras.success) throw validationFailed(errors);

    const next: StoredDraft = {
      ...organisationCodec.mergePayload(draftOf(row), parsed.data, row.type_code as ApplicationTypeCode, {
        ...extras.data,
        clearSubAccount,
        partialAnotherOrganisation: partialAnother?.value,
      }),
      registeredBody: registeredBodyOf(csg),
    };
    const applicant = next.applicant ?? {};
    const applicantName = applicant.currentName ? applicantDisplayName(applicant.currentName) : null;
    const updated = await updateApplication(trx, row.id, {
      data: JSON.stringify(next),
      applicant_name: applicantName,
    });
    return draftView(updated);
  });
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * `csgAnotherOrganisation: { isCsgForAnotherOrganisation: true }` with the name or the email still to come:
 * a partial save of the applying-on-behalf page. Whatever part is given is validated; the journey walk still
 * needs both before the declaration. Undefined when the value is not such a partial answer (the domain schema
 * then checks it whole).
 */
function partialAnotherOrganisation(value: unknown) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if (v.isCsgForAnotherOrganisation !== true) return undefined;
  if (!isBlank(v.organisationName) && !isBlank(v.organisationEmail)) return undefined;
  const errors: Record<string, string> = {};
  const result: { isCsgForAnotherOrganisation: true; organisationName?: string; organisationEmail?: string } =
    { isCsgForAnotherOrganisation: true };
  if (!isBlank(v.organisationName)) {
    const name = organisationNameField('applyingOnBehalf.organisationName').safeParse(v.organisationName);
    if (name.success) result.organisationName = name.data as string;
    else
      errors['csgAnotherOrganisation.organisationName'] = name.error.issues[0]?.message ?? 'payload.invalid';
  }
  if (!isBlank(v.organisationEmail)) {
    const email = emailField('applyingOnBehalf.organisationEmail').safeParse(v.organisationEmail);
    if (email.success) result.organisationEmail = email.data as string;
    else
      errors['csgAnotherOrganisation.organisationEmail'] =
        email.error.issues[0]?.message ?? 'payload.invalid';
  }
  return { value: result, errors };
}

// ---------- submission (declaration) ----------

export const submitBody = z.object({ agreed: z.unknown().optional() });

export interface Submission {
  applicationReference: string;
  onlinePaymentType: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** Pence; 0 when free. */
  amount: number;
  /** True when the organisation pays by card now (CARD_CSG): the browser goes on to the payment call. */
  cardPaymentRequired: boolean;
}

function submissionOf(row: ApplicationRow): Submission {
  const d = draftOf(row);
  const type = (d.payment?.type ?? 'NotSet') as PaymentMethod;
  return {
    applicationReference: row.reference,
    onlinePaymentType: type,
    paymentStatus: (d.payment?.status ?? 'NONE') as PaymentStatus,
    amount: d.feePence ?? 0,
    cardPaymentRequired: type === 'CARD_CSG' && d.payment?.status !== 'SUCCESS',
  };
}

/**
 * The countersignatory's declaration: re-walks the journey on the stored draft, then fixes the payment
 * type, payment status and fee itself. Idempotent once declared.
 */
export async function submitDraft(
  db: Db,
  user: OrganisationUser,
  token: string,
  agreed: unknown,
  now: Date,
  requestId: string,
): Promise<Submission> {
  const csg = await countersignatoryOf(db, user);
  if (agreed !== true) throw validationFailed({ agreed: 'applicationDeclaration.agreed.required' });
  const result = await db.transaction().execute(async (trx) => {
    const row = await ownedApplication(trx, token, csg, true);
    const d = draftOf(row);
    if (d.declaration?.agreed) return { submission: submissionOf(row), fresh: false };
    if (row.status !== DRAFT_STATUS)
      throw new ApiError(409, 'CONFLICT', 'This application has already been submitted');

    const journeyId = organisationJourneyForType(row.type_code as ApplicationTypeCode);
    const journey = journeyId ? getOrganisationJourney(journeyId) : undefined;
    if (!journey || !isJourneyComplete(journey, d, { now })) throw incomplete();

    // A volunteer only counts where the journey asks the question and the organisation qualifies.
    const volunteerAnswer = d.applicant?.roleDetails?.volunteerForQualifyingOrganisation === true;
    const asksVolunteer = journey.step('organisation-details') !== undefined;
    if (
      volunteerAnswer &&
      (!asksVolunteer || !(await organisationQualifiesAsVoluntary(trx, csg.organisationCode)))
    )
      throw incomplete(
        'Your organisation is not a qualifying voluntary organisation. Change your answer about volunteering.',
      );
    const whoPays = d.payment?.whoWillPay ?? null;
    const type = paymentTypeToSend({
      volunteer: volunteerAnswer,
      whoPays,
      chosen: whoPays === 'Organisation' ? (d.payment?.type ?? null) : null,
    });
    if (type === 'NotSet') throw incomplete();
    if (type === 'INVOICE' && d.payment?.subAccountCode) {
      const codes = (await costCentres(trx, csg.organisationCode)).map((c) => c.costCentreCode);
      if (!codes.includes(d.payment.subAccountCode)) throw incomplete();
    }
    const status: PaymentStatus = type === 'FREE' ? 'FREE' : type === 'INVOICE' ? 'INVOICED' : 'NONE';
    const fee = type === 'FREE' ? 0 : (feeFor(row.type_code as ApplicationTypeCode) ?? 0);
    const next: StoredDraft = {
      ...d,
      declaration: { agreed: true, date: londonDate(now) },
      payment: {
        whoWillPay: whoPays ?? undefined,
        type,
        status,
        ...(type === 'INVOICE' && d.payment?.subAccountCode
          ? { subAccountCode: d.payment.subAccountCode }
          : {}),
      },
      feePence: fee,
    };
    if (next.payment && next.payment.whoWillPay === undefined) delete next.payment.whoWillPay;
    const updated = await updateApplication(trx, row.id, { data: JSON.stringify(next) });
    return { submission: submissionOf(updated), fresh: true };
  });
  if (result.fresh) {
    await writeAudit(db, {
      event: 'application.declaration_signed',
      outcome: 'success',
      userId: user.id,
      requestId,
      detail: {
        applicationReference: result.submission.applicationReference,
        paymentType: result.submission.onlinePaymentType,
        amount: result.submission.amount,
      },
    });
  }
  return result.submission;
}

function incomplete(message = 'This application is not complete. Check your answers.'): ApiError {
  return new ApiError(400, 'INCOMPLETE_APPLICATION', message);
}

// ---------- hand-over data and details ----------

export function isExpired(row: ApplicationRow, now: Date): boolean {
  if (row.status === 'EXPIRED') return true;
  if (row.status !== 'WITH_APPLICANT' || row.expired_duration_days === null) return false;
  return now.getTime() - new Date(row.status_last_changed).getTime() >= row.expired_duration_days * DAY_MS;
}

export function handoverData(row: ApplicationRow) {
  const d = draftOf(row);
  return {
    draftApplicationToken: row.id,
    applicationReference: row.reference,
    applicationTypeCode: row.type_code,
    onlinePaymentType: d.payment?.type ?? null,
    roleDetails: d.applicant?.roleDetails ?? null,
    workforces: d.applicant?.schemeInfo?.workforces ?? null,
    otherOrganisationName: d.anotherOrganisation?.isCsgForAnotherOrganisation
      ? (d.anotherOrganisation.organisationName ?? null)
      : null,
  };
}

const isoDate = (p?: { year?: number; month?: number; day?: number }) =>
  p?.year && p.month && p.day
    ? `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
    : null;

/** Application details of spec 01 section 3, for /application/{applicationToken}/{status}. */
export function applicationDetails(row: ApplicationRow) {
  const d = draftOf(row);
  return {
    id: row.id,
    applicationReference: row.reference,
    status: row.status,
    handoverComplete: row.link_id !== null && row.status !== DRAFT_STATUS && row.status !== 'PAYMENT_FAILED',
    applicationTypeCode: row.type_code,
    created: new Date(row.created_at as unknown as Date).toISOString(),
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
