import type { FastifyInstance } from 'fastify';
import { REGULATORY_BODIES, ROLES } from '@dis/domain';
import { regulatoryBodiesContract } from '@dis/domain/contracts';
import { registerContract } from '../../platform/contracts';

/** Lists the service's reference data that pages need from the server: the regulatory bodies. */
export async function referenceDataRoutes(app: FastifyInstance): Promise<void> {
  registerContract(app, regulatoryBodiesContract, { access: { roles: ROLES } }, async () =>
    REGULATORY_BODIES.map(({ code, name }) => ({ code, name })),
  );
}
