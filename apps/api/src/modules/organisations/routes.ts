import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORGANISATION_ROLES } from '@dis/domain';
import { refuse, requireUser } from '../../platform/access';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import * as service from './service';

const idParam = z.object({ id: z.string().min(1).max(64) });

export async function organisationRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A countersignatory sees their own registration only.
  r.get(
    '/api/countersignatories/:id',
    { schema: { params: idParam }, config: { access: { roles: ORGANISATION_ROLES } } },
    async (request) => {
      const user = requireUser(request);
      if (user.countersignatoryId !== request.params.id) {
        await refuse(db, request, 'not_own_countersignatory');
        throw notFound('Countersignatory details');
      }
      const info = await service.countersignatoryInformation(db, request.params.id);
      if (!info) throw notFound('Countersignatory details');
      return info;
    },
  );

  // Cost-centre sub-accounts of the signed-in countersignatory's own registered body.
  r.get(
    '/api/costcentres/:id',
    { schema: { params: idParam }, config: { access: { roles: ORGANISATION_ROLES } } },
    async (request) => {
      requireUser(request);
      const csg = await service.callerCountersignatory(db, request);
      if (!csg || csg.organisationCode !== request.params.id) {
        await refuse(db, request, 'not_own_organisation');
        throw notFound('Organisation');
      }
      return service.costCentres(db, request.params.id);
    },
  );
}
