import type { FastifyInstance } from 'fastify';
import {
  APPLICANT_ROLES,
  ORGANISATION_ROLES,
  DEFAULT_FEATURE_FLAGS,
  organisationTypesFor,
  type Role,
} from '@dis/domain';
import { applicantApplicationsContract, organisationApplicationsContract } from '@dis/domain/contracts';
import { requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { ApiError } from '../../platform/errors';
import { callerCountersignatory } from '../organisations/service';
import { applicationSummaries } from './service';
import type { Services } from '../../services';

export async function applicationRoutes(
  app: FastifyInstance,
  { db, clock, config, paperApplications }: Services,
): Promise<void> {
  const { features } = config;
  // Applications of the countersignatory's organisation, or only their own; never another organisation's.
  registerContract(
    app,
    organisationApplicationsContract,
    { access: { roles: ORGANISATION_ROLES }, declaration: true },
    async ({ query: q, request }) => {
      const user = requireUser(request);
      const csg = await callerCountersignatory(db, request);
      if (!csg) throw new ApiError(403, 'COUNTERSIGNATORY_EMPTY', 'Your countersignatory record is empty');
      const wholeOrganisation = q.showOrganisationDisclosures !== 'false';
      return applicationSummaries(
        db,
        {
          organisationCode: csg.organisationCode,
          // A LEVEL1_CSG lists only the Level 1 applications of its organisation (spec 01 section 6).
          typeCodes: organisationTypesFor(user.roles as Role[], features ?? DEFAULT_FEATURE_FLAGS),
          ...(wholeOrganisation ? {} : { countersignatoryId: csg.code }),
          ...(q.applicantName ? { applicantName: q.applicantName } : {}),
          ...(q.status ? { status: q.status } : {}),
          // The CSG code filter exists only behind its feature flag (spec 01 section 6).
          ...(q.csgCode && features?.csgCodeFilter ? { csgCode: q.csgCode } : {}),
        },
        { page: q.page, pageSize: q.pageSize },
        clock.now(),
      );
    },
  );

  registerContract(
    app,
    applicantApplicationsContract,
    { access: { roles: APPLICANT_ROLES } },
    async ({ query, request }) => {
      const userId = requireUser(request).id;
      // Applications received on paper for the caller's verified identity become theirs first (decision 0053).
      await paperApplications.claimFor({ userId, requestId: request.id });
      return applicationSummaries(
        db,
        { applicantUserId: userId },
        { page: query.page, pageSize: query.pageSize },
        clock.now(),
        'applicant',
      );
    },
  );
}
