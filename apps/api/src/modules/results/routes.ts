import type { FastifyInstance, FastifyRequest } from 'fastify';
import { londonDate, ORGANISATION_ROLES, type Role } from '@dis/domain';
import {
  applicantResultsSummaryContract,
  applicationProgressContract,
  basicResultContract,
  intendToAppealContract,
  organisationResultContract,
  organisationResultsSummaryContract,
  releaseResultContract,
  requestReviewContract,
  resultContract,
} from '@dis/domain/contracts';
import { requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { ApiError } from '../../platform/errors';
import { APPLICANT_JOURNEY_ROLES, ownedByApplicant } from '../drafts/service';
import { callerCountersignatory } from '../organisations/service';
import type { OrganisationCaller } from './service';
import type { Services } from '../../services';

/** Result pages: APPLICANT and APPLICANT_BASIC with a verified identity (spec 02 sections 2 and 6). */
const RESULT_READERS = ['APPLICANT', 'APPLICANT_BASIC'] as const satisfies readonly Role[];
const readers = { access: { roles: RESULT_READERS, identityVerified: true } } as const;
/** Release, appeal and review: APPLICANT only. */
const applicantOnly = { access: { roles: ['APPLICANT'] as const, identityVerified: true } } as const;
/** Organisation results: countersignatories with today's declaration (spec 01 section 6). */
const organisation = { access: { roles: ORGANISATION_ROLES }, declaration: true } as const;

/** Statuses from which an application has been received by the disclosure body. */
const RECEIVED_STATUSES: readonly string[] = ['SUBMITTED', 'B2B_SUBMITTED', 'RESULT_ISSUED'];

export async function resultRoutes(
  app: FastifyInstance,
  { db, clock, results, casework }: Services,
): Promise<void> {
  const delayReasonFor = (applicationId: string) => casework.delayReasonFor(applicationId);
  const caller = (request: FastifyRequest) => ({ userId: requireUser(request).id, requestId: request.id });

  async function organisationCaller(request: FastifyRequest): Promise<OrganisationCaller> {
    const user = requireUser(request);
    const csg = await callerCountersignatory(db, request);
    if (!csg) throw new ApiError(403, 'COUNTERSIGNATORY_EMPTY', 'Your countersignatory record is empty');
    return {
      userId: user.id,
      requestId: request.id,
      countersignatoryId: csg.code,
      organisationCode: csg.organisationCode,
      role: csg.role,
    };
  }

  registerContract(app, applicantResultsSummaryContract, readers, async ({ request }) =>
    results.applicantSummary(caller(request)),
  );
  registerContract(app, resultContract, readers, async ({ params, request }) =>
    results.applicantResult(caller(request), params.id),
  );
  registerContract(app, basicResultContract, readers, async ({ params, request }) =>
    results.basicResult(caller(request), params.id),
  );
  registerContract(app, intendToAppealContract, applicantOnly, async ({ params, request }) =>
    results.intendToAppeal(caller(request), params.id),
  );
  registerContract(app, releaseResultContract, applicantOnly, async ({ params, request }) =>
    results.release(caller(request), params.id),
  );
  registerContract(app, requestReviewContract, applicantOnly, async ({ params, request }) =>
    results.requestReview(caller(request), params.id),
  );

  registerContract(
    app,
    organisationResultsSummaryContract,
    organisation,
    async ({ params, query, request }) =>
      results.organisationSummary(await organisationCaller(request), params.orgCode, query),
  );
  registerContract(app, organisationResultContract, organisation, async ({ params, request }) =>
    results.organisationResult(await organisationCaller(request), params.orgCode, params.id),
  );

  // The tracker of /submitted/{applicationToken}: the applicant's own application once received.
  registerContract(
    app,
    applicationProgressContract,
    { access: { roles: APPLICANT_JOURNEY_ROLES } },
    async ({ params, request }) => {
      const row = await ownedByApplicant(db, params.token, requireUser(request).id);
      const declaration = row.part.declaration;
      if (!declaration?.agreed || !RECEIVED_STATUSES.includes(row.status)) {
        throw new ApiError(404, 'NOT_FOUND', 'This application has not been received yet');
      }
      return results.progress(
        { id: row.id, reference: row.reference, receivedOn: declaration.date || londonDate(clock.now()) },
        await delayReasonFor(row.id),
      );
    },
  );
}
