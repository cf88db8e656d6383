import type { FastifyInstance } from 'fastify';
import { APPLICANT_ROLES, ORGANISATION_ROLES } from '@dis/domain';
import { applicantApplicationsContract, organisationApplicationsContract } from '@dis/domain/contracts';
import { requireUser, requestCaller } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import type { Services } from '../../services';

export async function applicationRoutes(
  app: FastifyInstance,
  { applications, organisations }: Services,
): Promise<void> {
  // Applications of the countersignatory's organisation, or only their own; never another organisation's.
  registerContract(
    app,
    organisationApplicationsContract,
    { access: { roles: ORGANISATION_ROLES }, declaration: true },
    async ({ query, request }) => {
      const { roles } = requireUser(request);
      const countersignatory = await organisations.requireCallerCountersignatory(request);
      return applications.organisationList({ roles, countersignatory }, query);
    },
  );

  registerContract(
    app,
    applicantApplicationsContract,
    { access: { roles: APPLICANT_ROLES } },
    async ({ query, request }) => applications.applicantList(requestCaller(request), query),
  );
}
