import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ORGANISATION_ROLES } from '@dis/domain';
import { organisationReportContracts } from '@dis/domain/contracts';
import { refuse, requireUser } from '../../platform/access';
import * as service from './service';

/** The lead countersignatory's report of corrected organisation details (spec 01 section 1). */
export async function organisationReportRoutes(
  app: FastifyInstance,
  deps: service.OrganisationReportDeps,
): Promise<void> {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { roles: ORGANISATION_ROLES } } as const;

  async function lead(request: FastifyRequest, orgCode: string) {
    try {
      return await service.leadOf(db, requireUser(request), orgCode);
    } catch (error) {
      await refuse(db, request, 'not_lead_countersignatory');
      throw error;
    }
  }

  r.get(
    organisationReportContracts.list.path,
    {
      schema: {
        params: organisationReportContracts.list.params,
        response: { 200: organisationReportContracts.list.response },
      },
      config,
    },
    async (request) => {
      await lead(request, request.params.orgCode);
      return service.reports(db, request.params.orgCode);
    },
  );

  r.post(
    organisationReportContracts.send.path,
    {
      schema: {
        params: organisationReportContracts.send.params,
        response: { 200: organisationReportContracts.send.response },
      },
      config,
    },
    async (request) => {
      await lead(request, request.params.orgCode);
      return service.sendReport(deps, requireUser(request), request.params.orgCode, request.body, request.id);
    },
  );
}
