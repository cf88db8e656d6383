import type { FastifyInstance } from 'fastify';
import { ROLES } from '@dis/domain';
import { addressLookupContract } from '@dis/domain/contracts';
import { registerContract } from '../../platform/contracts';
import type { AddressLookup } from '../../integrations/address/types';
import { addressesAt } from './service';

/** The postcode lookup (OS Places shape) of every address question. */
export async function addressRoutes(
  app: FastifyInstance,
  { address }: { address: AddressLookup },
): Promise<void> {
  registerContract(app, addressLookupContract, { access: { roles: ROLES } }, async ({ query, request }) =>
    addressesAt(address, query.postcode, request.log),
  );
}
