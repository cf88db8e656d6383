import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ORGANISATION_ROLES } from '@dis/domain';
import { organisationReportContracts } from '@dis/domain/contracts';
import { refuse, requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import type { Services } from '../../services';

/** The lead countersignatory's report of corrected organisation details (spec 01 section 1). */
export async function organisationReportRoutes(
  app: FastifyInstance,
  { db, organisationReports: service }: Services,
): Promise<void> {
  const config = { access: { roles: ORGANISATION_ROLES } } as const;

  async function lead(request: FastifyRequest, orgCode: string) {
    try {
      return await service.leadOf(requireUser(request), orgCode);
    } catch (error) {
      await refuse(db, request, 'not_lead_countersignatory');
      throw error;
    }
  }

  registerContract(app, organisationReportContracts.list, config, async ({ params, request }) => {
    await lead(request, params.orgCode);
    return service.reports(params.orgCode);
  });

  // The body is read by the service, whose checks depend on the organisation's current details.
  registerContract(app, organisationReportContracts.send, config, async ({ params, request }) => {
    await lead(request, params.orgCode);
    return service.sendReport(requireUser(request), params.orgCode, request.body, request.id);
  });
}
