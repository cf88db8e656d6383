import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ORGANISATION_ROLES } from '@dis/domain';
import * as contracts from '@dis/domain/contracts';
import { requireUser, requestCaller } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { APPLICANT_JOURNEY_ROLES } from '../drafts/service';
import { RESULT_READER_ACCESS, type OrganisationCaller } from './service';
import type { Services } from '../../services';

const readers = RESULT_READER_ACCESS;
/** Release, appeal and review: APPLICANT only. */
const applicantOnly = { access: { roles: ['APPLICANT'] as const, identityVerified: true } } as const;
/** Organisation results: countersignatories with today's declaration (spec 01 section 6). */
const organisation = { access: { roles: ORGANISATION_ROLES }, declaration: true } as const;

export async function resultRoutes(
  app: FastifyInstance,
  { results, casework, organisations }: Services,
): Promise<void> {
  async function organisationCaller(request: FastifyRequest): Promise<OrganisationCaller> {
    const user = requireUser(request);
    const csg = await organisations.requireCallerCountersignatory(request);
    return {
      userId: user.id,
      requestId: request.id,
      countersignatoryId: csg.code,
      organisationCode: csg.organisationCode,
      role: csg.role,
    };
  }

  registerContract(app, contracts.applicantResultsSummaryContract, readers, async ({ request }) =>
    results.applicantSummary(requestCaller(request)),
  );
  registerContract(app, contracts.resultContract, readers, async ({ params, request }) =>
    results.applicantResult(requestCaller(request), params.id),
  );
  registerContract(app, contracts.basicResultContract, readers, async ({ params, request }) =>
    results.basicResult(requestCaller(request), params.id),
  );
  registerContract(app, contracts.intendToAppealContract, applicantOnly, async ({ params, request }) =>
    results.intendToAppeal(requestCaller(request), params.id),
  );
  registerContract(app, contracts.releaseResultContract, applicantOnly, async ({ params, request }) =>
    results.release(requestCaller(request), params.id),
  );
  registerContract(app, contracts.requestReviewContract, applicantOnly, async ({ params, request }) =>
    results.requestReview(requestCaller(request), params.id),
  );

  registerContract(
    app,
    contracts.organisationResultsSummaryContract,
    organisation,
    async ({ params, query, request }) =>
      results.organisationSummary(await organisationCaller(request), params.orgCode, query),
  );
  registerContract(app, contracts.organisationResultContract, organisation, async ({ params, request }) =>
    results.organisationResult(await organisationCaller(request), params.orgCode, params.id),
  );

  // The tracker of /submitted/{applicationToken}: the applicant's own application once received.
  registerContract(
    app,
    contracts.applicationProgressContract,
    { access: { roles: APPLICANT_JOURNEY_ROLES } },
    async ({ params, request }) => {
      const application = await results.receivedApplication(requestCaller(request), params.token);
      return results.progress(application, await casework.delayReasonFor(application.id));
    },
  );
}
