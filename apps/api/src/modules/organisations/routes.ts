import type { FastifyInstance } from 'fastify';
import { ORGANISATION_ROLES } from '@dis/domain';
import { costCentresContract, countersignatoryInformationContract } from '@dis/domain/contracts';
import { registerContract } from '../../platform/contracts';
import type { Services } from '../../services';

export async function organisationRoutes(app: FastifyInstance, { organisations }: Services): Promise<void> {
  const organisation = { access: { roles: ORGANISATION_ROLES } };
  // A countersignatory sees their own registration only.
  registerContract(app, countersignatoryInformationContract, organisation, async ({ params, request }) =>
    organisations.countersignatoryInformation(request, params.id),
  );

  // Cost-centre sub-accounts of the signed-in countersignatory's own registered body.
  registerContract(app, costCentresContract, organisation, async ({ params, request }) =>
    organisations.costCentresOf(request, params.id),
  );
}
