import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  isSchemeRecordType,
  addWorkingDays,
  APPLICATION_TYPES,
  applicationTypeName,
  appealDeadline,
  appealTransition,
  applicantResultStatus,
  basicViewingEndsAt,
  basicViewingRemainingMs,
  daysLeft,
  isApplicationTypeCode,
  isBasicViewingExpired,
  isPendingReleaseDue,
  isResultViewable,
  londonDate,
  messageText,
  organisationResultStatus,
  PROCESSING_AIM_WORKING_DAYS,
  REPRESENTATIONS_WORKING_DAYS,
  RESULT_VIEWING_DAYS,
  REMINDER_LATE_DAYS,
  REMINDER_RESULT_UNVIEWED_DAYS_AFTER,
  DAY_MS,
  resultViewingEndsAt,
  shareExpiryDateFor,
  isShareWindowOpen,
  shareSectionStateFor,
  shareWindowEndsAt,
  trackerStage,
  type AppealDecision,
  type AppealEvent,
  type AppealState,
  type ApplicationStatus,
  type ApplicationTypeCode,
  type Channel,
} from '@dis/domain';
import {
  type AppealOutcome,
  type BasicResult,
  type ResponseOf,
  type Result,
  type ResultVersionReason,
  type ResultPreset,
  type ReviewDecision,
  type applicantResultsSummaryContract,
  type applicationProgressContract,
  type caseworkResultFactsSchema,
  type organisationResultsSummaryContract,
} from '@dis/domain/contracts';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { OutboxService } from '../outbox/service';
import { openContent, sealContent, type ContentKey, type ResultContent } from './content';
import { APPEALABLE_PRESETS, buildPreset, type PresetFacts } from './presets';
import * as store from './store';
import type { ResultRow } from './store';

export interface ResultsDeps {
  db: Db;
  clock: Clock;
  /** The first key seals new content; every key listed can open it (rotation). */
  contentKeys: readonly ContentKey[];
  outbox: Pick<OutboxService, 'enqueue' | 'dispatch'>;
  publicUrl: string;
  isHoliday: (date: string) => boolean;
  log: FastifyBaseLogger;
  /**
   * Signs each new version of a result inside the transaction that makes it: the issue, an appeal outcome, a
   * review decision (the result-checks module, decision 0051).
   */
  versions?: ResultVersionRecorder;
}

/** Records a signed version of a result inside the caller's transaction. */
export interface ResultVersionRecorder {
  record(trx: Db, resultId: string, reason: ResultVersionReason): Promise<void>;
}

/** What a signed version of a result carries, read inside the caller's transaction. */
export interface ResultVersionFacts {
  resultId: string;
  applicantUserId: string;
  applicationReference: string;
  disclosureNumber: string;
  disclosureTypeShortCode: ApplicationTypeCode;
  disclosureType: string;
  dateOfIssue: string;
  appealOutcome: string | null;
  reviewDecision: string | null;
  content: ResultContent;
}

export type CaseworkResultFacts = z.output<typeof caseworkResultFactsSchema>;

/** The application a result is issued for, as casework knows it. */
export interface IssuedApplication {
  id: string;
  reference: string;
  typeCode: string;
  channel: string;
  organisationCode: string | null;
  countersignatoryId: string | null;
  applicantUserId: string;
}

export interface ApplicantContact {
  email: string | null;
  name: string;
  reference: string;
  typeCode: string;
}

export interface Caller {
  userId: string;
  requestId: string;
}

/** Who asked, for the audit trail, when it is not a signed-in person (casework, the release job). */
export interface AuditActor {
  userId?: string | null;
  requestId?: string | null;
}

/** The caller's countersignatory, already checked against the session. */
export interface OrganisationCaller extends Caller {
  countersignatoryId: string;
  organisationCode: string;
  role: 'CSG' | 'LEVEL1_CSG';
}

const LIST_LIMIT = 500;
/** A Level 1 countersignatory sees Level 1 results only. */
const LEVEL1_TYPES = ['LA'] as const;

export const resultNotFound = () => new ApiError(404, 'NOT_FOUND', 'Result not found');
const viewingExpired = () =>
  new ApiError(410, 'RESULT_VIEWING_EXPIRED', 'This result is no longer available to view');
const basicTimedOut = () =>
  new ApiError(410, 'BASIC_RESULT_TIMED_OUT', 'The time to view this result has ended');
const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function typeOf(row: ResultRow): ApplicationTypeCode {
  return isApplicationTypeCode(row.disclosure_type_code) ? row.disclosure_type_code : 'LB';
}

const isUnderReview = (row: ResultRow) => row.review_requested_at !== null && row.review_decision === null;

function appealStateOf(row: ResultRow): AppealState {
  return {
    hasAppealableConvictions: row.has_appealable_convictions,
    appealDecision: row.appeal_decision as AppealDecision,
    outcomeRecorded: row.appeal_outcome !== null,
    released: row.released_to_organisation_at !== null,
  };
}

const APPEAL_REFUSALS: Record<string, string> = {
  'no-appealable-convictions': 'This result has no conviction that can be appealed',
  'already-decided': 'You have already told us whether you intend to appeal',
  'already-released': 'This result has already been released to the organisation',
  'appeal-pending': 'This result is held back until the outcome of your appeal is recorded',
  'no-appeal-to-decide': 'There is no intended appeal waiting for an outcome',
};

export function createResultsService(deps: ResultsDeps) {
  const { db, clock } = deps;
  const today = () => londonDate(clock.now());

  function contentOf(row: ResultRow, sealed: Awaited<ReturnType<typeof store.findContent>>): ResultContent {
    if (!sealed) throw new Error(`Result ${row.id} has no content`);
    return openContent(row.id, sealed, deps.contentKeys);
  }

  async function readContent(row: ResultRow): Promise<ResultContent> {
    return contentOf(row, await store.findContent(db, row.id));
  }

  /** The Result entity of spec 02 section 3 with what the server decided, for one side. */
  function view(
    row: ResultRow,
    content: ResultContent,
    status: ApplicationStatus,
    reference: string,
  ): Result {
    const now = clock.now();
    const type = typeOf(row);
    const decision = row.appeal_decision as AppealDecision;
    const released = row.released_to_organisation_at !== null;
    // The appeal rules follow the facts stored at issue (an appeal outcome may since have removed a conviction).
    const convictions = row.has_appealable_convictions ? [{ appealable: true }] : [];
    const windowOpen = isShareWindowOpen(row.share_expiry_date, now);
    const shareState = shareSectionStateFor(
      {
        type,
        shareable: row.shareable,
        isUnderReview: isUnderReview(row),
        isReviewEligible: row.is_review_eligible,
        convictions,
        appealDecision: decision,
      },
      windowOpen,
    );
    return {
      resultId: row.id,
      applicationReference: reference,
      disclosureType: APPLICATION_TYPES[type],
      disclosureTypeShortCode: type,
      disclosureNumber: row.disclosure_number,
      ...content,
      dateOfIssue: row.date_of_issue,
      shareable: row.shareable,
      shareExpiryDate: row.share_expiry_date,
      sharedStatus: row.shared_at ? 'SHARED' : 'NOT_SHARED',
      viewedStatus: row.first_viewed_at ? 'VIEWED' : 'NOT_VIEWED',
      isUnderReview: isUnderReview(row),
      isReviewEligible: row.is_review_eligible && row.review_requested_at === null,
      isCountersigned: row.is_countersigned,
      sharedPaperResult: row.shared_paper,
      channel: row.channel as Channel,
      appealDecision: decision,
      scheduledPendingReleaseDate: row.scheduled_pending_release_date,
      daysRemaining: row.first_viewed_at ? daysLeft(RESULT_VIEWING_DAYS, row.first_viewed_at, now) : null,
      resultSharedOn: iso(row.shared_at),
      resultViewedOn: iso(row.first_viewed_at),
      createdOn: iso(row.created_at)!,
      status,
      viewableUntil: iso(resultViewingEndsAt(row.first_viewed_at)),
      shareWindowEndsAt: shareWindowEndsAt(row.share_expiry_date).toISOString(),
      shareWindowOpen: windowOpen,
      shareAllowedNow: shareState === 'available',
      appealDeadline: row.scheduled_pending_release_date
        ? appealDeadline(row.scheduled_pending_release_date)
        : null,
      appealQuestion: row.has_appealable_convictions && decision === 'NOT_SET' && !released,
      releasedToOrganisationOn: iso(row.released_to_organisation_at),
      appealOutcome: row.appeal_outcome as AppealOutcome | null,
      reviewExpiryDate: row.review_expiry_date,
      reviewDecision: row.review_decision as ReviewDecision | null,
    };
  }

  const applicantStatusOf = (row: ResultRow) =>
    applicantResultStatus({
      isUnderReview: isUnderReview(row),
      shared: row.shared_at !== null,
      viewed: row.first_viewed_at !== null,
    });

  async function audit(
    event: string,
    outcome: 'success' | 'refused',
    caller: AuditActor,
    detail: Record<string, unknown>,
    executor: Db = db,
  ) {
    await writeAudit(executor, {
      event,
      outcome,
      userId: caller.userId ?? null,
      requestId: caller.requestId ?? null,
      detail,
    });
  }

  /**
   * The caller's own result (any other is not found, audited), with the application's reference. Called before
   * a change's transaction, never inside it: the embedded database has one connection.
   */
  async function ownResult(caller: Caller, id: string): Promise<ResultRow & { reference: string }> {
    const row = await store.findResult(db, id);
    if (!row || row.applicant_user_id !== caller.userId) {
      await audit('result.viewed', 'refused', caller, {
        resultId: id,
        reason: 'not_found',
        side: 'applicant',
      });
      throw resultNotFound();
    }
    return { ...row, reference: await store.applicationReference(db, row.application_id) };
  }

  function assertViewable(row: ResultRow) {
    if (!isResultViewable(row.first_viewed_at, clock.now())) throw viewingExpired();
  }

  /** One appeal step by the applicant, in one transaction; a refusal changes nothing and is audited. */
  async function appealStep(caller: Caller, id: string, event: Extract<AppealEvent, 'INTEND' | 'RELEASE'>) {
    const now = clock.now();
    const checked = await ownResult(caller, id);
    if (typeOf(checked) === 'BD') throw resultNotFound();
    assertViewable(checked);
    const outcome = await db.transaction().execute(async (trx) => {
      const row = { ...(await store.findResult(trx, id, true))!, reference: checked.reference };
      const next = appealTransition(appealStateOf(row), event);
      if (!next.ok) return { ok: false as const, refusal: next.refusal };
      const released = next.state.released;
      await store.updateResultOnce(
        trx,
        row.id,
        {
          appeal_decision: next.state.appealDecision,
          appeal_decided_at: now,
          ...(released ? { released_to_organisation_at: now, released_by: 'applicant' } : {}),
        },
        released ? 'released_to_organisation_at' : null,
      );
      await audit(
        event === 'INTEND' ? 'result.appeal_intended' : 'result.released',
        'success',
        caller,
        { resultId: row.id, appealDecision: next.state.appealDecision, by: 'applicant' },
        trx,
      );
      return { ok: true as const, row, state: next.state };
    });
    if (!outcome.ok) {
      await audit(event === 'INTEND' ? 'result.appeal_intended' : 'result.released', 'refused', caller, {
        resultId: id,
        reason: outcome.refusal,
      });
      throw new ApiError(409, 'APPEAL_NOT_ALLOWED', APPEAL_REFUSALS[outcome.refusal] ?? 'Not allowed');
    }
    return { ...outcome, now };
  }

  /**
   * In the change's transaction: "your result is ready" or the review decision (no result content in the email)
   * in the outbox, and its audit record. Returns the message's id for `sendWritten` after the commit.
   */
  async function emailApplicant(
    trx: Db,
    kind: 'result-ready' | 'review-decision',
    contact: ApplicantContact,
    extra: { decision?: ReviewDecision; resultId?: string } = {},
  ): Promise<string | null> {
    const messageId = contact.email
      ? await deps.outbox.enqueue(trx, {
          channel: 'email',
          template: kind,
          to: contact.email,
          // Each email its own fields (the outbox keeps only those of MESSAGE_FIELDS in any case).
          personalisation:
            kind === 'result-ready'
              ? {
                  applicantName: contact.name,
                  applicationReference: contact.reference,
                  applicationType: applicationTypeName(contact.typeCode),
                  viewingDays: String(RESULT_VIEWING_DAYS),
                  signInLink: `${deps.publicUrl}/oauth2/authorization/dis`,
                }
              : {
                  applicantName: contact.name,
                  applicationReference: contact.reference,
                  signInLink: `${deps.publicUrl}/oauth2/authorization/dis`,
                  decisionText:
                    extra.decision === 'SUCCESSFUL'
                      ? 'Your review was successful. Your scheme record has been changed.'
                      : 'Your review was not successful. Your scheme record has not changed. You may ask an independent reviewer to look at the decision.',
                },
          ...(extra.resultId ? { about: { type: 'result', id: extra.resultId } } : {}),
        })
      : null;
    await writeAudit(trx, {
      event: kind === 'result-ready' ? 'result.email_ready' : 'result.email_review_decision',
      outcome: messageId ? 'success' : 'failure',
      detail: { applicationReference: contact.reference },
    });
    return messageId;
  }

  return {
    // ---------- applicant ----------

    async applicantSummary(caller: Caller): Promise<ResponseOf<typeof applicantResultsSummaryContract>> {
      const rows = await store.listApplicantResults(db, caller.userId, LIST_LIMIT);
      return {
        totalElements: rows.length,
        summaries: rows.map((row) => ({
          name: row.applicant_name ?? '',
          resultId: row.id,
          applicationReference: row.reference,
          schemeMembershipNumber: row.scheme_membership_number,
          dateOfIssue: row.date_of_issue,
          viewedStatus: row.first_viewed_at ? 'VIEWED' : 'NOT_VIEWED',
          status: applicantResultStatus({
            isUnderReview: row.review_requested_at !== null && row.review_decision === null,
            shared: row.shared_at !== null,
            viewed: row.first_viewed_at !== null,
          }),
          disclosureTypeShortCode: isApplicationTypeCode(row.disclosure_type_code)
            ? row.disclosure_type_code
            : 'LB',
        })),
      };
    },

    /** Reads a (non-basic) result: records the first view; refuses after the 14 days with a clear 410. */
    async applicantResult(caller: Caller, id: string): Promise<Result> {
      const row = await ownResult(caller, id);
      if (typeOf(row) === 'BD') throw resultNotFound();
      if (!isResultViewable(row.first_viewed_at, clock.now())) {
        await audit('result.viewed', 'refused', caller, { resultId: id, reason: 'viewing_expired' });
        throw viewingExpired();
      }
      const now = clock.now();
      const first = row.first_viewed_at === null;
      if (first) await store.updateResultOnce(db, row.id, { first_viewed_at: now }, 'first_viewed_at');
      const fresh = first ? ((await store.findResult(db, row.id)) ?? row) : row;
      await audit('result.viewed', 'success', caller, { resultId: row.id, side: 'applicant', first });
      return view(fresh, await readContent(fresh), applicantStatusOf(fresh), row.reference);
    },

    /** Reads a basic result: 15 minutes from the first opening, counted by the server. */
    async basicResult(caller: Caller, id: string): Promise<BasicResult> {
      const row = await ownResult(caller, id);
      if (typeOf(row) !== 'BD') throw resultNotFound();
      const now = clock.now();
      if (row.basic_opened_at !== null && isBasicViewingExpired(row.basic_opened_at, now)) {
        await audit('result.viewed', 'refused', caller, { resultId: id, reason: 'basic_timed_out' });
        throw basicTimedOut();
      }
      const first = row.basic_opened_at === null;
      if (first)
        await store.updateResultOnce(
          db,
          row.id,
          { basic_opened_at: now, first_viewed_at: row.first_viewed_at ?? now },
          'basic_opened_at',
        );
      const fresh = first ? ((await store.findResult(db, row.id)) ?? row) : row;
      const openedAt = fresh.basic_opened_at ?? now;
      await audit('result.viewed', 'success', caller, {
        resultId: row.id,
        side: 'applicant',
        basic: true,
        first,
      });
      return {
        ...view(fresh, await readContent(fresh), applicantStatusOf(fresh), row.reference),
        basicViewing: {
          openedAt: new Date(openedAt).toISOString(),
          expiresAt: basicViewingEndsAt(openedAt).toISOString(),
          remainingMs: basicViewingRemainingMs(openedAt, now),
        },
      };
    },

    async intendToAppeal(caller: Caller, id: string) {
      const { row } = await appealStep(caller, id, 'INTEND');
      return {
        appealDecision: 'INTENDS_TO_APPEAL' as const,
        scheduledPendingReleaseDate: row.scheduled_pending_release_date,
        appealDeadline: row.scheduled_pending_release_date
          ? appealDeadline(row.scheduled_pending_release_date)
          : null,
      };
    },

    async release(caller: Caller, id: string) {
      const { row, state, now } = await appealStep(caller, id, 'RELEASE');
      return {
        appealDecision: state.appealDecision as 'WONT_APPEAL' | 'APPEAL_RELEASED',
        releasedToOrganisationOn: now.toISOString(),
        // The page goes on to share only when a share would be accepted now, with the decision just made (after
        // the share window, or for a result that is not shareable: release success).
        shareable:
          shareSectionStateFor(
            {
              type: typeOf(row),
              shareable: row.shareable,
              isUnderReview: isUnderReview(row),
              isReviewEligible: row.is_review_eligible,
              convictions: row.has_appealable_convictions ? [{ appealable: true }] : [],
              appealDecision: state.appealDecision,
            },
            isShareWindowOpen(row.share_expiry_date, now),
          ) === 'available',
      };
    },

    /**
     * For the sharing module: the caller's own result, locked in `trx` (a share holds the lock until it commits,
     * so simultaneous shares of one result queue), with the facts the share rules need. Not found otherwise.
     */
    async shareFacts(caller: Caller, id: string, trx: Db) {
      // Only `trx` inside the transaction (one connection on PGlite): the caller audits a refusal after it.
      const row = await store.findResult(trx, id, true);
      if (!row || row.applicant_user_id !== caller.userId) throw resultNotFound();
      const app = await store.applicationOf(trx, row.application_id);
      return {
        resultId: row.id,
        type: typeOf(row),
        /** The application's own type (a confirmation type shares through consent). */
        applicationType: isApplicationTypeCode(app?.type_code) ? app.type_code : typeOf(row),
        channel: row.channel as Channel,
        isCountersigned: row.is_countersigned,
        sharedPaperResult: row.shared_paper,
        /**
         * A review-eligible scheme record whose review was not asked for: the share-or-review choice is open, so a
         * share needs the applicant's confirmed purpose (decision 0054).
         */
        reviewChoiceOpen:
          isSchemeRecordType(typeOf(row)) && row.is_review_eligible && row.review_requested_at === null,
        viewable: isResultViewable(row.first_viewed_at, clock.now()),
        section: {
          type: typeOf(row),
          shareable: row.shareable,
          shareExpiryDate: row.share_expiry_date,
          isUnderReview: isUnderReview(row),
          isReviewEligible: row.is_review_eligible,
          convictions: row.has_appealable_convictions ? [{ appealable: true }] : [],
          appealDecision: row.appeal_decision as AppealDecision,
        },
      };
    },

    /**
     * For the sharing module's "who can see my result": the caller's result (any other is not found), its type
     * and the name of the organisation a direct or consent share goes to.
     */
    async shareListFacts(caller: Caller, id: string) {
      const row = await store.findResult(db, id);
      if (!row || row.applicant_user_id !== caller.userId) throw resultNotFound();
      return {
        resultId: row.id,
        type: typeOf(row),
        organisationName: await store.organisationName(db, row.organisation_code),
      };
    },

    /** For casework's print requests: the application reference and disclosure number of each result. */
    async printReferences(ids: readonly string[]) {
      const rows = await store.referencesOf(db, ids);
      return new Map(
        rows.map((r) => [r.id, { applicationReference: r.reference, disclosureNumber: r.disclosure_number }]),
      );
    },

    /**
     * For the recipient of a shared link (the share-links module checked the link and the recipient): the result
     * as its applicant would read it, with the application's reference. Undefined when it no longer exists.
     */
    async recipientResult(id: string): Promise<Result | undefined> {
      const row = await store.findResult(db, id);
      if (!row) return undefined;
      const reference = await store.applicationReference(db, row.application_id);
      return view(row, await readContent(row), applicantStatusOf(row), reference);
    },

    /** For the sharing module: stamps the result shared (and shared on paper), inside the share's transaction. */
    async markShared(trx: Db, id: string, at: Date, paper: boolean): Promise<void> {
      await store.updateResultOnce(
        trx,
        id,
        { shared_at: at, ...(paper ? { shared_paper: true } : {}) },
        null,
      );
    },

    /** A review of a review-eligible scheme record, once; blocks sharing until casework decides. */
    async requestReview(caller: Caller, id: string) {
      const now = clock.now();
      const reviewExpiryDate = addWorkingDays(today(), REPRESENTATIONS_WORKING_DAYS, deps.isHoliday);
      assertViewable(await ownResult(caller, id));
      const done = await db.transaction().execute(async (trx) => {
        const row = (await store.findResult(trx, id, true))!;
        if (!row.is_review_eligible || row.review_requested_at !== null) return false;
        await store.updateResultOnce(
          trx,
          row.id,
          { review_requested_at: now, review_expiry_date: reviewExpiryDate },
          null,
        );
        await audit('result.review_requested', 'success', caller, { resultId: row.id }, trx);
        return true;
      });
      if (!done) {
        await audit('result.review_requested', 'refused', caller, { resultId: id, reason: 'not_eligible' });
        throw new ApiError(409, 'REVIEW_NOT_ALLOWED', 'A review cannot be requested for this result');
      }
      return { status: 'REVIEW_REQUESTED' as const, reviewExpiryDate };
    },

    // ---------- organisation ----------

    async organisationSummary(
      caller: OrganisationCaller,
      orgCode: string,
      query: {
        applicantName?: string | undefined;
        csgCode?: string | undefined;
        dateOfIssue?: string | undefined;
        viewedStatus?: 'VIEWED' | 'NOT_VIEWED' | undefined;
        userId?: string | undefined;
        page: number;
        pageSize: number;
      },
    ): Promise<ResponseOf<typeof organisationResultsSummaryContract>> {
      if (orgCode !== caller.organisationCode) throw resultNotFound();
      if (query.dateOfIssue && query.dateOfIssue > today()) {
        throw new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', {
          dateOfIssue: messageText('resultsFilter.dateOfIssue.future'),
        });
      }
      const { rows, total, totalIsLowerBound } = await store.listOrganisationResults(
        db,
        {
          organisationCode: caller.organisationCode,
          ...(query.userId !== undefined ? { countersignatoryId: caller.countersignatoryId } : {}),
          ...(caller.role === 'LEVEL1_CSG' ? { applicationTypes: LEVEL1_TYPES } : {}),
          ...(query.applicantName ? { applicantName: query.applicantName } : {}),
          ...(query.csgCode ? { csgCode: query.csgCode } : {}),
          ...(query.dateOfIssue ? { dateOfIssue: query.dateOfIssue } : {}),
          ...(query.viewedStatus ? { viewedStatus: query.viewedStatus } : {}),
        },
        query.page,
        query.pageSize,
      );
      return {
        totalElements: total,
        // Only past the count's bound: "more than totalElements" (docs/decisions/0024-fast-lists.md).
        ...(totalIsLowerBound ? { totalIsLowerBound: true as const } : {}),
        summaries: rows.map((row) => ({
          name: row.applicant_name ?? '',
          resultId: row.id,
          applicationReference: row.reference,
          schemeMembershipNumber: row.scheme_membership_number,
          dateOfIssue: row.date_of_issue,
          csgCode: row.countersignatory_code,
          viewedStatus: row.organisation_viewed_at ? 'VIEWED' : 'NOT_VIEWED',
          status: organisationResultStatus({
            releasedToOrganisation: true,
            organisationViewed: row.organisation_viewed_at !== null,
          }),
          disclosureTypeShortCode: isApplicationTypeCode(row.disclosure_type_code)
            ? row.disclosure_type_code
            : 'LB',
        })),
      };
    },

    /** A result released to the caller's organisation; records the organisation's first view. */
    async organisationResult(caller: OrganisationCaller, orgCode: string, id: string): Promise<Result> {
      const row = await store.findResult(db, id);
      const application = row ? await store.applicationOf(db, row.application_id) : undefined;
      const visible =
        row &&
        application &&
        orgCode === caller.organisationCode &&
        row.organisation_code === caller.organisationCode &&
        row.released_to_organisation_at !== null &&
        (caller.role !== 'LEVEL1_CSG' || (LEVEL1_TYPES as readonly string[]).includes(application.type_code));
      if (!visible) {
        await audit('result.viewed', 'refused', caller, {
          resultId: id,
          side: 'organisation',
          reason: 'not_found',
        });
        throw resultNotFound();
      }
      const first = row.organisation_viewed_at === null;
      if (first)
        await store.updateResultOnce(
          db,
          row.id,
          { organisation_viewed_at: clock.now(), organisation_viewed_by: caller.countersignatoryId },
          'organisation_viewed_at',
        );
      const fresh = first ? ((await store.findResult(db, row.id)) ?? row) : row;
      await audit('result.viewed', 'success', caller, {
        resultId: row.id,
        side: 'organisation',
        organisationCode: caller.organisationCode,
        first,
      });
      return view(
        fresh,
        await readContent(fresh),
        organisationResultStatus({ releasedToOrganisation: true, organisationViewed: true }),
        application.reference,
      );
    },

    // ---------- casework ----------

    /** Issues a result inside the caller's transaction; throws 400 for a date that does not fit the preset. */
    async issueWithin(
      trx: Db,
      application: IssuedApplication,
      facts: Omit<PresetFacts, 'dateOfIssue' | 'applicationType'>,
      preset: ResultPreset,
      requestedReleaseDate: string | undefined,
    ): Promise<CaseworkResultFacts> {
      const now = clock.now();
      const dateOfIssue = today();
      const appealable = APPEALABLE_PRESETS.includes(preset);
      if (requestedReleaseDate !== undefined && !appealable) {
        throw new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', {
          scheduledPendingReleaseDate:
            'Only a result with a conviction that can be appealed has a scheduled pending release date',
        });
      }
      if (requestedReleaseDate !== undefined && requestedReleaseDate <= dateOfIssue) {
        throw new ApiError(400, 'VALIDATION_FAILED', 'There is a problem with the details you sent', {
          scheduledPendingReleaseDate: 'The scheduled pending release date must be in the future',
        });
      }
      const applicationType = isApplicationTypeCode(application.typeCode) ? application.typeCode : 'LB';
      const built = buildPreset(preset, { ...facts, applicationType, dateOfIssue });
      const basic = built.disclosureTypeShortCode === 'BD';
      const scheduled = appealable
        ? (requestedReleaseDate ?? addWorkingDays(dateOfIssue, REPRESENTATIONS_WORKING_DAYS, deps.isHoliday))
        : null;
      const id = randomUUID();
      // Nothing to appeal: the organisation sees the result at once (a Basic disclosure is the applicant's only).
      const releasedAtIssue = !appealable && !basic && application.organisationCode !== null;
      await store.insertResult(
        trx,
        {
          id,
          application_id: application.id,
          organisation_code: application.organisationCode,
          countersignatory_id: application.countersignatoryId,
          applicant_user_id: application.applicantUserId,
          preset,
          disclosure_type_code: built.disclosureTypeShortCode,
          disclosure_number: String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100, 999)),
          channel: application.channel,
          date_of_issue: dateOfIssue,
          share_expiry_date: shareExpiryDateFor(dateOfIssue),
          shareable: built.shareable,
          is_countersigned: built.isCountersigned,
          is_review_eligible: built.isReviewEligible,
          under_consideration: built.underConsideration,
          has_appealable_convictions: built.content.vettingInformation.convictions.some((c) => c.appealable),
          scheme_membership_number: built.schemeMembershipNumber,
          scheduled_pending_release_date: scheduled,
          released_to_organisation_at: releasedAtIssue ? now : null,
          released_by: releasedAtIssue ? 'issue' : null,
          created_at: now,
        },
        sealContent(id, built.content, deps.contentKeys[0]!),
      );
      await deps.versions?.record(trx, id, 'ISSUED');
      const row = await store.findResult(trx, id);
      return caseworkFacts(row!);
    },

    async caseworkFactsFor(applicationId: string): Promise<CaseworkResultFacts | null> {
      const row = await store.findResultByApplication(db, applicationId);
      return row ? caseworkFacts(row) : null;
    },

    async caseworkFactsById(
      id: string,
    ): Promise<{ facts: CaseworkResultFacts; applicationId: string } | null> {
      const row = await store.findResult(db, id);
      return row ? { facts: caseworkFacts(row), applicationId: row.application_id } : null;
    },

    /** Casework records the outcome of an intended appeal; removed convictions leave the content. */
    async recordAppealOutcome(id: string, outcome: AppealOutcome, caller: AuditActor) {
      const now = clock.now();
      const done = await db.transaction().execute(async (trx) => {
        const row = await store.findResult(trx, id, true);
        if (!row) throw resultNotFound();
        const next = appealTransition(appealStateOf(row), 'RECORD_OUTCOME');
        if (!next.ok) return next.refusal;
        await store.updateResultOnce(trx, id, { appeal_outcome: outcome, appeal_outcome_at: now }, null);
        if (outcome === 'CONVICTIONS_REMOVED') {
          const content = contentOf(row, await store.findContent(trx, id));
          const convictions = content.vettingInformation.convictions.filter((c) => !c.appealable);
          const vetting = content.vettingInformation;
          await store.replaceContent(
            trx,
            id,
            sealContent(
              id,
              {
                ...content,
                vettingInformation: {
                  ...vetting,
                  convictions,
                  noConvictionsCautions: convictions.length === 0 && vetting.cautions.length === 0,
                },
              },
              deps.contentKeys[0]!,
            ),
          );
        }
        await audit('result.appeal_outcome', 'success', caller, { resultId: id, outcome }, trx);
        await deps.versions?.record(trx, id, 'APPEAL_OUTCOME');
        return null;
      });
      if (done !== null) {
        await audit('result.appeal_outcome', 'refused', caller, { resultId: id, reason: done });
        throw new ApiError(409, 'CASEWORK_NOT_ALLOWED', APPEAL_REFUSALS[done] ?? 'Not allowed');
      }
      return { resultId: id, appealOutcome: outcome };
    },

    /** Casework records the decision on a requested review (once); sharing is open again. */
    async recordReviewDecision(
      id: string,
      decision: ReviewDecision,
      caller: AuditActor,
      contact?: ApplicantContact,
    ) {
      const now = clock.now();
      const done = await db.transaction().execute(async (trx) => {
        const row = await store.findResult(trx, id, true);
        if (!row) throw resultNotFound();
        if (row.review_requested_at === null || row.review_decision !== null) return false;
        await store.updateResultOnce(trx, id, { review_decision: decision, review_decided_at: now }, null);
        await audit('result.review_decision', 'success', caller, { resultId: id, decision }, trx);
        await deps.versions?.record(trx, id, 'REVIEW_DECISION');
        // The applicant's email commits with the decision.
        return contact
          ? { messageId: await emailApplicant(trx, 'review-decision', contact, { decision, resultId: id }) }
          : { messageId: null };
      });
      if (done) await deps.outbox.dispatch([done.messageId]);
      if (!done) {
        await audit('result.review_decision', 'refused', caller, {
          resultId: id,
          reason: 'no_review_requested',
        });
        throw new ApiError(409, 'CASEWORK_NOT_ALLOWED', 'No review of this result is waiting for a decision');
      }
      return { resultId: id, reviewDecision: decision };
    },

    /**
     * The release job: results still held back whose scheduled pending release date has come are released to
     * the organisation, each exactly once (the conditional update wins for one worker only), an intended appeal
     * with no outcome recorded too (spec 02 section 4; decision 0047).
     */
    async releaseDue(now: Date): Promise<number> {
      const due = await store.listDueForRelease(db, now.toISOString().slice(0, 10), LIST_LIMIT);
      let released = 0;
      for (const { id } of due) {
        const changed = await db.transaction().execute(async (trx) => {
          const row = await store.findResult(trx, id, true);
          if (!row?.scheduled_pending_release_date) return false;
          if (!isPendingReleaseDue(row.scheduled_pending_release_date, now)) return false;
          const next = appealTransition(appealStateOf(row), 'SCHEDULED_RELEASE');
          if (!next.ok) return false;
          const won = await store.updateResultOnce(
            trx,
            id,
            {
              appeal_decision: next.state.appealDecision,
              released_to_organisation_at: now,
              released_by: 'schedule',
            },
            'released_to_organisation_at',
          );
          // The decision it had: an intended appeal is released too (spec 02 section 4; decision 0047).
          if (won)
            await audit(
              'result.released',
              'success',
              {},
              { resultId: id, by: 'schedule', appealDecision: row.appeal_decision },
              trx,
            );
          return won;
        });
        if (changed) released += 1;
      }
      return released;
    },

    emailApplicant,

    // ---------- signed versions (result-checks, decision 0051) ----------

    /** What a signed version carries, read with `executor` (a transaction's, when signing inside one). */
    async versionFacts(executor: Db, id: string): Promise<ResultVersionFacts | undefined> {
      const row = await store.findResult(executor, id);
      if (!row) return undefined;
      const type = typeOf(row);
      return {
        resultId: row.id,
        applicantUserId: row.applicant_user_id,
        applicationReference: await store.applicationReference(executor, row.application_id),
        disclosureNumber: row.disclosure_number,
        disclosureTypeShortCode: type,
        disclosureType: APPLICATION_TYPES[type],
        dateOfIssue: row.date_of_issue,
        appealOutcome: row.appeal_outcome,
        reviewDecision: row.review_decision,
        content: contentOf(row, await store.findContent(executor, row.id)),
      };
    },

    /** Whether this person is the applicant of this result (anything else, including no such result: false). */
    async isApplicantOf(userId: string, id: string): Promise<boolean> {
      const row = await store.findResult(db, id);
      return row?.applicant_user_id === userId;
    },

    /**
     * Results that may need a reminder now, with what the reminders read (the reminders module decides, with the
     * domain's windows, which are due).
     */
    async reminderCandidates(now: Date) {
      const rows = await store.reminderCandidates(
        db,
        {
          unviewedSince: new Date(now.getTime() - REMINDER_RESULT_UNVIEWED_DAYS_AFTER * DAY_MS),
          unviewedAfter: new Date(
            now.getTime() - (REMINDER_RESULT_UNVIEWED_DAYS_AFTER + REMINDER_LATE_DAYS) * DAY_MS,
          ),
          viewedAfter: new Date(now.getTime() - RESULT_VIEWING_DAYS * DAY_MS),
          shareFrom: now.toISOString().slice(0, 10),
        },
        LIST_LIMIT,
      );
      return Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          applicantUserId: row.applicant_user_id,
          applicationReference: await store.applicationReference(db, row.application_id),
          typeCode: typeOf(row),
          createdAt: new Date(row.created_at),
          firstViewedAt: row.first_viewed_at === null ? null : new Date(row.first_viewed_at),
          basicOpened: row.basic_opened_at !== null,
          shareExpiryDate: row.share_expiry_date,
          // Sharing is open to the applicant: shareable, not yet shared, no review or appeal holding it.
          mayShare:
            row.shareable &&
            row.shared_at === null &&
            !isUnderReview(row) &&
            (!row.has_appealable_convictions ||
              row.appeal_decision === 'WONT_APPEAL' ||
              row.appeal_decision === 'APPEAL_RELEASED'),
          appealPending: row.appeal_decision === 'INTENDS_TO_APPEAL' && row.appeal_outcome === null,
          scheduledPendingReleaseDate: row.scheduled_pending_release_date,
        })),
      );
    },

    /** After the commit: sends the messages written in it now (the outbox job sends any it could not). */
    sendWritten: (ids: readonly (string | null)[]) => deps.outbox.dispatch(ids),

    // ---------- tracker ----------

    async progress(
      application: { id: string; reference: string; receivedOn: string },
      delayReason: string | null,
    ): Promise<ResponseOf<typeof applicationProgressContract>> {
      const row = await store.findResultByApplication(db, application.id);
      return {
        applicationReference: application.reference,
        stage: trackerStage({ receivedOn: application.receivedOn, today: today(), resultIssued: !!row }),
        receivedOn: application.receivedOn,
        expectedBy: addWorkingDays(application.receivedOn, PROCESSING_AIM_WORKING_DAYS, deps.isHoliday),
        processingAimWorkingDays: PROCESSING_AIM_WORKING_DAYS,
        delayReason: row ? null : delayReason,
        resultId: row?.id ?? null,
        resultType: row ? typeOf(row) : null,
      };
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;

function caseworkFacts(row: ResultRow): CaseworkResultFacts {
  const decision = row.appeal_decision as AppealDecision;
  return {
    resultId: row.id,
    preset: row.preset as ResultPreset,
    disclosureTypeShortCode: typeOf(row),
    dateOfIssue: row.date_of_issue,
    appealDecision: decision,
    appealOutcome: row.appeal_outcome as AppealOutcome | null,
    scheduledPendingReleaseDate: row.scheduled_pending_release_date,
    releasedToOrganisationOn: iso(row.released_to_organisation_at),
    isUnderReview: isUnderReview(row),
    reviewDecision: row.review_decision as ReviewDecision | null,
    appealOutcomeOpen: decision === 'INTENDS_TO_APPEAL' && row.appeal_outcome === null,
    reviewDecisionOpen: isUnderReview(row),
  };
}
