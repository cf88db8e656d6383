import type { FastifyInstance } from 'fastify';
import { ORGANISATION_ROLES } from '@dis/domain';
import { costCentresContract, countersignatoryInformationContract } from '@dis/domain/contracts';
import { refuse, requireUser } from '../../platform/access';
import { registerContract } from '../../platform/contracts';
import { notFound } from '../../platform/errors';
import * as service from './service';
import type { Services } from '../../services';

export async function organisationRoutes(app: FastifyInstance, { db }: Services): Promise<void> {
  const organisation = { access: { roles: ORGANISATION_ROLES } };
  // A countersignatory sees their own registration only.
  registerContract(app, countersignatoryInformationContract, organisation, async ({ params, request }) => {
    const user = requireUser(request);
    if (user.countersignatoryId !== params.id) {
      await refuse(db, request, 'not_own_countersignatory');
      throw notFound('Countersignatory details');
    }
    const info = await service.countersignatoryInformation(db, params.id);
    if (!info) throw notFound('Countersignatory details');
    return info;
  });

  // Cost-centre sub-accounts of the signed-in countersignatory's own registered body.
  registerContract(app, costCentresContract, organisation, async ({ params, request }) => {
    requireUser(request);
    const csg = await service.callerCountersignatory(db, request);
    if (!csg || csg.organisationCode !== params.id) {
      await refuse(db, request, 'not_own_organisation');
      throw notFound('Organisation');
    }
    return service.costCentres(db, params.id);
  });
}
