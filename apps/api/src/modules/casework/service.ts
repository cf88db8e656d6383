import {
  applicantDisplayName,
  hasApplicationExpired,
  isApplicationStatus,
  type ApplicationStatus,
} from '@dis/domain';
import {
  type AppealOutcome,
  type CaseworkApplication,
  type ResultPreset,
  type ReviewDecision,
} from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { DRAFT_STATUS, findApplication, setApplication, setApplicationStatus } from '../applications/service';
import {
  applicantPartSchema,
  readStored,
  storedOrganisationDraftSchema,
  type ApplicantPart,
  type StoredDraft,
} from '../drafts/service';
import { userById } from '../auth/service';
import type { ApplicantContact, ResultsService } from '../results/service';
import * as store from './store';
import type { SentRow } from './store';

/**
 * What the disclosure body's caseworkers do to a sent application: issue its result from a preset, terminate
 * it, give a reason for a delay, and record review decisions and appeal outcomes. The casework API
 * (/internal/casework/*) and the local casework page call this; results themselves are the results module's.
 */

/**
 * Statuses a caseworker may terminate: handed over and not yet submitted, submitted (B2B_SUBMITTED is a
 * submitted application too), and payment failed. Never EXPIRED, TERMINATED or any result status.
 */
export const TERMINABLE_STATUSES: readonly ApplicationStatus[] = [
  'WITH_APPLICANT',
  'READY_TO_START',
  'SUBMITTED',
  'B2B_SUBMITTED',
  'PAYMENT_FAILED',
];
/** A result is issued only for a submitted application. */
export const ISSUABLE_STATUSES: readonly ApplicationStatus[] = ['SUBMITTED', 'B2B_SUBMITTED'];

/** The most applications the casework list shows. */
export const CASEWORK_LIST_LIMIT = 200;

export interface CaseworkCaller {
  requestId?: string | null;
  /** Who asked, for the audit trail ('casework-api', 'local-casework', 'casework-cli'). */
  source: string;
}

// The stored parts casework reads, parsed by the drafts module's schemas (never cast). An application an
// organisation has not handed over yet has no applicant part.
function applicantPart(row: SentRow): Partial<ApplicantPart> {
  return row.applicant_data == null
    ? {}
    : readStored(applicantPartSchema, row.applicant_data, 'applicant part');
}
function organisationPart(row: SentRow): StoredDraft {
  return row.data == null ? {} : readStored(storedOrganisationDraftSchema, row.data, 'organisation draft');
}

/** The applicant's email as their account knows it, when the answers do not carry one. */
async function accountEmail(db: Db, userId: string): Promise<string | null> {
  return (await userById(db, userId))?.email ?? null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: { day: number; month: number; year: number } | undefined) =>
  d ? `${d.year}-${pad(d.month)}-${pad(d.day)}` : null;

/** Sent: handed over (it has a sign-in link) or declared by the applicant who started it. */
function isSent(row: SentRow): boolean {
  if (row.status === DRAFT_STATUS) return false;
  return row.link_id !== null || applicantPart(row).declaration?.agreed === true;
}

/** The status as casework sees it: an application overdue for expiry is EXPIRED even before the job has run. */
function currentStatus(row: SentRow, now: Date): ApplicationStatus {
  const status = isApplicationStatus(row.status) ? row.status : 'SUBMITTED';
  return hasApplicationExpired(
    {
      status,
      statusLastChanged: row.status_last_changed,
      expiredDurationDays: row.expired_duration_days,
    },
    now,
  )
    ? 'EXPIRED'
    : status;
}

export function createCaseworkService(deps: { db: Db; clock: Clock; results: ResultsService }) {
  const { db, clock, results } = deps;

  async function audit(
    event: string,
    outcome: 'success' | 'refused',
    caller: CaseworkCaller,
    detail: object,
  ) {
    await writeAudit(db, {
      event,
      outcome,
      requestId: caller.requestId ?? null,
      detail: { ...detail, source: caller.source },
    });
  }

  async function sentOrNotFound(reference: string, caller: CaseworkCaller, event: string): Promise<SentRow> {
    const row = await store.findSent(db, reference);
    if (!row || !isSent(row)) {
      await audit(event, 'refused', caller, {
        applicationReference: reference.slice(0, 40),
        reason: 'not_found',
      });
      throw new ApiError(404, 'NOT_FOUND', `No sent application has the reference ${reference}`);
    }
    return row;
  }

  async function toView(row: SentRow, now: Date): Promise<CaseworkApplication> {
    const status = currentStatus(row, now);
    const result = await results.caseworkFactsFor(row.id);
    return {
      reference: row.reference,
      typeCode: row.type_code,
      status,
      organisationName: row.organisation_name,
      applicantName: row.applicant_name,
      createdAt: new Date(row.created_at as unknown as Date).toISOString(),
      terminable: TERMINABLE_STATUSES.includes(status),
      issuable: ISSUABLE_STATUSES.includes(status) && result === null,
      delayReason: row.delay_reason,
      result,
    };
  }

  function contactOf(row: SentRow, accountEmail: string | null): ApplicantContact {
    const part = applicantPart(row);
    return {
      email: part.draft?.contactDetails?.email ?? organisationPart(row).applicant?.email ?? accountEmail,
      name: row.applicant_name ?? '',
      reference: row.reference,
      typeCode: row.type_code,
    };
  }

  return {
    async applications(limit = CASEWORK_LIST_LIMIT): Promise<CaseworkApplication[]> {
      const now = clock.now();
      const rows = (await store.listSent(db, limit)).filter(isSent);
      return Promise.all(rows.map((row) => toView(row, now)));
    },

    async application(reference: string, caller: CaseworkCaller): Promise<CaseworkApplication> {
      return toView(await sentOrNotFound(reference, caller, 'casework.application'), clock.now());
    },

    /**
     * Issues a result from a preset for a SUBMITTED or B2B_SUBMITTED application without one: one transaction
     * writes the result, its sealed content, the application's RESULT_ISSUED and the audit record; then the
     * applicant is emailed.
     */
    async issueResult(
      reference: string,
      body: { preset: ResultPreset; scheduledPendingReleaseDate?: string | undefined },
      caller: CaseworkCaller,
    ) {
      const now = clock.now();
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await store.findSent(trx, reference, true);
        if (!row || !isSent(row)) return { kind: 'not-found' as const };
        const status = currentStatus(row, now);
        if (!ISSUABLE_STATUSES.includes(status)) return { kind: 'not-submitted' as const, status };
        // A paper application no applicant's account has claimed yet (decision 0053): nobody to issue it to.
        if (row.applicant_user_id === null) return { kind: 'unclaimed' as const, status };
        const applicant = applicantPart(row);
        const organisation = organisationPart(row);
        const name = applicant.draft?.currentName;
        const address = applicant.draft?.currentAddress;
        const anotherOrganisation = organisation.anotherOrganisation?.isCsgForAnotherOrganisation
          ? (organisation.anotherOrganisation.organisationName ?? null)
          : null;
        const facts = await results.issueWithin(
          trx,
          {
            id: row.id,
            reference: row.reference,
            typeCode: row.type_code,
            channel: row.channel,
            organisationCode: row.organisation_code,
            countersignatoryId: row.countersignatory_id,
            applicantUserId: row.applicant_user_id,
          },
          {
            name: applicantDisplayName(name) || (row.applicant_name ?? ''),
            dateOfBirth: isoDate(applicant.draft?.dateOfBirth ?? organisation.applicant?.dateOfBirth),
            address:
              address?.line1 && address.town
                ? {
                    line1: address.line1,
                    line2: address.line2 ?? null,
                    town: address.town,
                    county: address.county ?? null,
                    postcode: address.postcode ?? null,
                    country: address.country ?? 'GB',
                  }
                : null,
            positionAppliedFor: organisation.applicant?.roleDetails?.position ?? null,
            organisationName: row.organisation_code ? row.organisation_name : null,
            anotherOrganisationName: anotherOrganisation,
          },
          body.preset,
          body.scheduledPendingReleaseDate,
        );
        await setApplicationStatus(trx, row.id, {
          status: 'RESULT_ISSUED',
          statusLastChanged: now,
          resultId: facts.resultId,
        });
        await writeAudit(trx, {
          event: 'result.issued',
          outcome: 'success',
          requestId: caller.requestId ?? null,
          detail: {
            applicationReference: row.reference,
            resultId: facts.resultId,
            preset: body.preset,
            source: caller.source,
          },
        });
        // The "result ready" email commits with the result.
        const account = await accountEmail(trx, row.applicant_user_id);
        const messageId = await results.emailApplicant(trx, 'result-ready', contactOf(row, account), {
          resultId: facts.resultId,
        });
        return { kind: 'issued' as const, facts, row, messageId };
      });
      if (outcome.kind === 'issued') {
        await results.sendWritten([outcome.messageId]);
        return { ...outcome.facts, applicationReference: outcome.row.reference };
      }
      await audit('result.issued', 'refused', caller, {
        applicationReference: reference.slice(0, 40),
        reason:
          outcome.kind === 'not-found'
            ? 'not_found'
            : outcome.kind === 'unclaimed'
              ? 'unclaimed'
              : 'not_submitted',
        ...(outcome.kind !== 'not-found' ? { status: outcome.status } : {}),
      });
      if (outcome.kind === 'not-found')
        throw new ApiError(404, 'NOT_FOUND', `No sent application has the reference ${reference}`);
      if (outcome.kind === 'unclaimed')
        throw new ApiError(
          409,
          'APPLICATION_NOT_SUBMITTED',
          `A result cannot be issued for application ${reference} yet: it was received on paper and its ` +
            'applicant has not signed in with the email address and date of birth it was registered for.',
        );
      throw new ApiError(
        409,
        'APPLICATION_NOT_SUBMITTED',
        `A result cannot be issued for application ${reference}: its status is ${outcome.status}. ` +
          'Only submitted applications without a result can have one issued.',
      );
    },

    /**
     * Terminates a sent application, for good: one transaction sets TERMINATED and the time of the change and
     * writes the audit record. Refuses an unknown or unsent application (404) and one that is not in a
     * terminable status (409, naming the status); refusals are audited too.
     */
    async terminate(reference: string, caller: CaseworkCaller) {
      const now = clock.now();
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await store.findSent(trx, reference, true);
        if (!row || !isSent(row)) return { kind: 'not-found' as const };
        const status = currentStatus(row, now);
        if (!TERMINABLE_STATUSES.includes(status)) return { kind: 'not-terminable' as const, status };
        await setApplicationStatus(trx, row.id, { status: 'TERMINATED', statusLastChanged: now });
        await writeAudit(trx, {
          event: 'application.terminated',
          outcome: 'success',
          requestId: caller.requestId ?? null,
          detail: { applicationReference: row.reference, previousStatus: status, source: caller.source },
        });
        return { kind: 'terminated' as const, previousStatus: status, reference: row.reference };
      });
      if (outcome.kind === 'terminated') {
        return {
          reference: outcome.reference,
          previousStatus: outcome.previousStatus,
          status: 'TERMINATED' as const,
        };
      }
      await audit('application.terminated', 'refused', caller, {
        applicationReference: reference.slice(0, 40),
        reason: outcome.kind === 'not-found' ? 'not_found' : 'not_terminable',
        ...(outcome.kind === 'not-terminable' ? { status: outcome.status } : {}),
      });
      if (outcome.kind === 'not-found')
        throw new ApiError(404, 'NOT_FOUND', `No sent application has the reference ${reference}`);
      throw new ApiError(
        409,
        'CONFLICT',
        `Application ${reference} cannot be terminated: its status is ${outcome.status}. Only applications ` +
          `waiting for the applicant, submitted, or whose payment failed can be terminated.`,
      );
    },

    /**
     * The identity documents of an unverified Level 1 have arrived (decision 0055): nothing is awaited any more,
     * so the cancellation job leaves it. One transaction with its audit record; a refusal is audited too.
     */
    async identityDocumentsReceived(reference: string, caller: CaseworkCaller) {
      const outcome = await db.transaction().execute(async (trx) => {
        const sentRow = await store.findSent(trx, reference);
        if (!sentRow || !isSent(sentRow)) return { kind: 'not-found' as const };
        const row = await findApplication(trx, sentRow.id, true);
        if (!row || row.status !== 'SUBMITTED' || row.identity_documents_due_at === null)
          return { kind: 'not-awaited' as const, status: row?.status ?? sentRow.status };
        await setApplication(trx, row.id, { identity_documents_due_at: null });
        await writeAudit(trx, {
          event: 'application.identity_documents_received',
          outcome: 'success',
          requestId: caller.requestId ?? null,
          detail: { applicationReference: row.reference, source: caller.source },
        });
        return { kind: 'received' as const, reference: row.reference };
      });
      if (outcome.kind === 'received')
        return {
          reference: outcome.reference,
          status: 'SUBMITTED' as const,
          awaitingIdentityDocuments: false as const,
        };
      await audit('application.identity_documents_received', 'refused', caller, {
        applicationReference: reference.slice(0, 40),
        reason: outcome.kind === 'not-found' ? 'not_found' : 'not_awaited',
      });
      if (outcome.kind === 'not-found')
        throw new ApiError(404, 'NOT_FOUND', `No sent application has the reference ${reference}`);
      throw new ApiError(
        409,
        'CONFLICT',
        `Application ${reference} is not waiting for identity documents: only a submitted Level 1 made before ` +
          'the identity was verified waits for them.',
      );
    },

    /** A reason for a delay, shown on the applicant's tracker until a result is issued. */
    async addDelayReason(reference: string, reason: string, caller: CaseworkCaller) {
      const row = await sentOrNotFound(reference, caller, 'casework.delay_reason');
      const status = currentStatus(row, clock.now());
      if (!ISSUABLE_STATUSES.includes(status)) {
        await audit('casework.delay_reason', 'refused', caller, {
          applicationReference: row.reference,
          reason: 'not_submitted',
          status,
        });
        throw new ApiError(
          409,
          'APPLICATION_NOT_SUBMITTED',
          `A delay reason can only be given for a submitted application; ${reference} is ${status}`,
        );
      }
      await store.saveDelayReason(db, row.id, reason, clock.now());
      await audit('casework.delay_reason', 'success', caller, { applicationReference: row.reference });
      return { reference: row.reference, delayReason: reason };
    },

    async recordReviewDecision(resultId: string, decision: ReviewDecision, caller: CaseworkCaller) {
      const found = await results.caseworkFactsById(resultId);
      if (!found) throw new ApiError(404, 'NOT_FOUND', 'Result not found');
      const row = await store.findSentById(db, found.applicationId);
      const account = row?.applicant_user_id ? await accountEmail(db, row.applicant_user_id) : null;
      // The applicant's email is written in the decision's transaction.
      return results.recordReviewDecision(
        resultId,
        decision,
        caller,
        row ? contactOf(row, account) : undefined,
      );
    },

    async recordAppealOutcome(resultId: string, outcome: AppealOutcome, caller: CaseworkCaller) {
      return results.recordAppealOutcome(resultId, outcome, caller);
    },

    /** The delay reason of an application (the applicant's tracker). */
    delayReasonFor(applicationId: string): Promise<string | null> {
      return store.delayReason(db, applicationId);
    },
  };
}

export type CaseworkService = ReturnType<typeof createCaseworkService>;
