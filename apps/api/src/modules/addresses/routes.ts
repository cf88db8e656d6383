import type { FastifyInstance } from 'fastify';
import { ROLES } from '@dis/domain';
import { addressLookupContract } from '@dis/domain/contracts';
import { registerContract } from '../../platform/contracts';
import { addressesAt } from './service';
import type { Services } from '../../services';

/** The postcode lookup (OS Places shape) of every address question. */
export async function addressRoutes(app: FastifyInstance, { address }: Services): Promise<void> {
  registerContract(app, addressLookupContract, { access: { roles: ROLES } }, async ({ query, request }) =>
    addressesAt(address, query.postcode, request.log, query.addressId),
  );
}
