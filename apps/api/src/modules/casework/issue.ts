import { applicantDisplayName } from '@dis/domain';
import type { ResultPreset } from '@dis/domain/contracts';
import { ApiError } from '../../platform/errors';
import { setApplicationStatus } from '../applications/service';
import type { SentRow } from './store';
import {
  accountEmail,
  applicantPart,
  auditCasework,
  auditRefusal,
  contactOf,
  ISSUABLE_STATUSES,
  noSentApplication,
  organisationPart,
  sentApplicationToChange,
  type CaseworkCaller,
  type CaseworkDeps,
} from './shared';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: { day: number; month: number; year: number } | undefined) =>
  d ? `${d.year}-${pad(d.month)}-${pad(d.day)}` : null;

/** Who and what the result is about, from the application's answers (sealed with the result). */
function resultSubject(row: SentRow) {
  const applicant = applicantPart(row);
  const organisation = organisationPart(row);
  const name = applicant.draft?.currentName;
  const address = applicant.draft?.currentAddress;
  const anotherOrganisation = organisation.anotherOrganisation?.isCsgForAnotherOrganisation
    ? (organisation.anotherOrganisation.organisationName ?? null)
    : null;
  return {
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
  };
}

type IssueRefusal =
  { kind: 'not-found' } | { kind: 'wrong-status'; status: string } | { kind: 'unclaimed'; status: string };

/** Audits a refused issue and throws its answer (404, or 409 naming why). */
async function refuseIssue(
  deps: CaseworkDeps,
  reference: string,
  outcome: IssueRefusal,
  caller: CaseworkCaller,
): Promise<never> {
  const reason =
    outcome.kind === 'not-found' ? 'not_found' : outcome.kind === 'unclaimed' ? 'unclaimed' : 'not_submitted';
  await auditRefusal(deps.db, 'result.issued', caller, reference, {
    reason,
    ...(outcome.kind !== 'not-found' ? { status: outcome.status } : {}),
  });
  if (outcome.kind === 'not-found') throw noSentApplication(reference);
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
}

/**
 * Issues a result from a preset for a SUBMITTED or B2B_SUBMITTED application without one: one transaction
 * writes the result, its sealed content, the application's RESULT_ISSUED and the audit record; then the
 * applicant is emailed.
 */
export function createResultIssuing(deps: CaseworkDeps) {
  const { db, clock, results } = deps;
  return async function issueResult(
    reference: string,
    body: { preset: ResultPreset; scheduledPendingReleaseDate?: string | undefined },
    caller: CaseworkCaller,
  ) {
    const now = clock.now();
    const outcome = await db.transaction().execute(async (trx) => {
      const found = await sentApplicationToChange(trx, reference, now, ISSUABLE_STATUSES);
      if (found.kind !== 'found') return found;
      const { row, status } = found;
      // A paper application no applicant's account has claimed yet (decision 0053): nobody to issue it to.
      if (row.applicant_user_id === null) return { kind: 'unclaimed' as const, status };
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
        resultSubject(row),
        body.preset,
        body.scheduledPendingReleaseDate,
      );
      await setApplicationStatus(trx, row.id, {
        status: 'RESULT_ISSUED',
        statusLastChanged: now,
        resultId: facts.resultId,
      });
      await auditCasework(trx, 'result.issued', 'success', caller, {
        applicationReference: row.reference,
        resultId: facts.resultId,
        preset: body.preset,
      });
      // The "result ready" email commits with the result.
      const account = await accountEmail(trx, row.applicant_user_id);
      const messageId = await results.emailApplicant(trx, 'result-ready', contactOf(row, account), {
        resultId: facts.resultId,
      });
      return { kind: 'issued' as const, facts, row, messageId };
    });
    if (outcome.kind !== 'issued') return refuseIssue(deps, reference, outcome, caller);
    await results.sendWritten([outcome.messageId]);
    return { ...outcome.facts, applicationReference: outcome.row.reference };
  };
}
