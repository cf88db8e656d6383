import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { mayReachApplication, messageText, type FeatureFlags, type Role } from '@dis/domain';
import { DRAFT_TOKEN_PATTERN } from '@dis/domain/contracts';
import { refuse } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import {
  findApplication,
  insertApplication,
  isUniqueViolation,
  type Application,
  type NewApplication,
} from '../applications/service';
import { readStored, storedOrganisationDraftSchema, type StoredDraft } from './stored';

// The core both sides of the draft API stand on: the draft token and reference, the draft's creation, the errors
// every draft route answers with, and the one read of the caller's own draft per request (ownership, then the role
// against the type; anything else is "not found", audited).

export const DAY_MS = 24 * 60 * 60 * 1000;

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

/** A new draft's columns: the token, reference, channel and expiry are the core's. */
export type NewDraft = Omit<NewApplication, 'id' | 'reference' | 'channel' | 'expired_duration_days'>;

/**
 * Inserts a new draft under a fresh token and reference (a reference clash is retried, up to five tries)
 * and audits its creation.
 */
export async function insertNewDraft(
  db: Db,
  values: NewDraft,
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

// ---------- the answers every draft route gives ----------

export const draftNotFound = () => new ApiError(404, 'DRAFT_NOT_FOUND', 'Application not found');

/** 400 VALIDATION_FAILED with each field's message key in English. */
export function validationFailed(fieldErrors: Record<string, string>): ApiError {
  const english = Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, messageText(v)]));
  return new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', english);
}

export function incomplete(message = 'This application is not complete. Check your answers.'): ApiError {
  return new ApiError(400, 'INCOMPLETE_APPLICATION', message);
}

export const alreadySubmitted = () =>
  new ApiError(409, 'CONFLICT', 'This application has already been submitted');

/** The organisation's draft of an application (its part, which the applicant's side reads too), parsed (never cast). */
export const draftOf = (row: Application): StoredDraft =>
  readStored(storedOrganisationDraftSchema, row.data ?? {}, 'organisation draft');

/** What the organisation told the applicant about the role (the hand-over data both sides show). */
export function roleOf(d: StoredDraft) {
  return {
    roleDetails: d.applicant?.roleDetails ?? null,
    workforces: d.applicant?.schemeInfo?.workforces ?? null,
    otherOrganisationName: d.anotherOrganisation?.isCsgForAnotherOrganisation
      ? (d.anotherOrganisation.organisationName ?? null)
      : null,
  };
}

/** A declaration's audit record, once: a repeated declaration (idempotent) changes and audits nothing. */
export async function auditDeclaration<
  S extends { applicationReference: string; onlinePaymentType: string; amount: number },
>(
  db: Db,
  event: string,
  by: { userId: string; requestId: string },
  result: { submission: S; fresh: boolean },
  detail: Record<string, unknown> = {},
): Promise<S> {
  if (result.fresh) {
    await writeAudit(db, {
      event,
      outcome: 'success',
      userId: by.userId,
      requestId: by.requestId,
      detail: {
        applicationReference: result.submission.applicationReference,
        paymentType: result.submission.onlinePaymentType,
        amount: result.submission.amount,
        ...detail,
      },
    });
  }
  return result.submission;
}

// ---------- the caller's own draft, read once ----------

/** How a side owns its drafts. */
export interface Ownership<Caller extends { user: { roles: readonly string[] } }, Row extends Application> {
  /** The caller, known before the draft is read (the organisation's: today's declaration and countersignatory). */
  caller(request: FastifyRequest): Promise<Caller>;
  /** The row as the caller's own draft, or null when it is not theirs. */
  own(row: Application, caller: Caller): Row | null;
  /** Whether the role rules take the application as organisation-started. */
  organisationInitiated(row: Row): boolean;
}

/** The caller with their own draft. */
export type Owned<Caller, Row> = Caller & { row: Row };

type Found<Row> = { row: Row } | { refused: 'not_own_draft' | 'wrong_application_type' };

/**
 * The one ownership check of a draft route: the token's row read once (locked, in a change), then the side's
 * ownership, then the role against the type (spec 01 sections 1 and 6: a LEVEL1_CSG cannot reach a Level 2 or PVG
 * application even of its own organisation). A refusal is audited outside any transaction, then "not found".
 */
export function draftCore({ db, features }: { db: Db; features: FeatureFlags }) {
  async function find<C extends { user: { roles: readonly string[] } }, R extends Application>(
    trx: Db,
    side: Ownership<C, R>,
    caller: C,
    token: string,
    lock: boolean,
  ): Promise<Found<R>> {
    const found = DRAFT_TOKEN_PATTERN.test(token) ? await findApplication(trx, token, lock) : undefined;
    const row = found ? side.own(found, caller) : null;
    if (!row) return { refused: 'not_own_draft' };
    const reach = { organisationInitiated: side.organisationInitiated(row) };
    if (!mayReachApplication(caller.user.roles as Role[], row.type_code, reach, features))
      return { refused: 'wrong_application_type' };
    return { row };
  }

  async function notFound(request: FastifyRequest, reason: string): Promise<never> {
    await refuse(db, request, reason);
    throw draftNotFound();
  }

  return {
    /** The caller's own draft, for a route that only reads it. */
    async owned<C extends { user: { roles: readonly string[] } }, R extends Application>(
      side: Ownership<C, R>,
      request: FastifyRequest,
      token: string,
    ): Promise<Owned<C, R>> {
      const caller = await side.caller(request);
      const found = await find(db, side, caller, token, false);
      if ('refused' in found) return notFound(request, found.refused);
      return { ...caller, row: found.row };
    },

    /**
     * A change of the caller's own draft: its row read once, locked, in one transaction with `work` (whose
     * error stores nothing).
     */
    async change<C extends { user: { roles: readonly string[] } }, R extends Application, T>(
      side: Ownership<C, R>,
      request: FastifyRequest,
      token: string,
      work: (owned: Owned<C, R>, trx: Db) => Promise<T>,
    ): Promise<T> {
      const caller = await side.caller(request);
      const outcome = await db.transaction().execute(async (trx) => {
        const found = await find(trx, side, caller, token, true);
        if ('refused' in found) return found;
        return { done: await work({ ...caller, row: found.row }, trx) };
      });
      if ('refused' in outcome) return notFound(request, outcome.refused);
      return outcome.done;
    },
  };
}

export type DraftCore = ReturnType<typeof draftCore>;
