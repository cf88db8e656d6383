import type { FastifyBaseLogger } from 'fastify';
import { addressPostcodeSearchSchema, fieldErrorsFrom, type OsPlacesResponse } from '@dis/domain';
import { ApiError } from '../../platform/errors';
import { invalidInput } from '../../platform/input';
import { AddressProviderUnavailable, type AddressLookup } from '../../integrations/address/types';

/**
 * Addresses at a postcode, checked before the provider is called; a provider failure is a 503 the page explains.
 * With an address id (the UPRN chosen from the list): that address alone, or 404 ADDRESS_NOT_FOUND naming the id.
 */
export async function addressesAt(
  address: AddressLookup,
  postcode: string | undefined,
  log: FastifyBaseLogger,
  addressId?: string,
): Promise<OsPlacesResponse> {
  const parsed = addressPostcodeSearchSchema.safeParse({ postcode });
  if (!parsed.success) throw invalidInput(fieldErrorsFrom(parsed.error));
  let found: OsPlacesResponse;
  try {
    found = await address.byPostcode(parsed.data.postcode);
  } catch (error) {
    if (!(error instanceof AddressProviderUnavailable)) log.error({ err: error }, 'address lookup');
    throw new ApiError(
      503,
      'POSTCODE_RESULTS_UNAVAILABLE',
      'Postcode results are unavailable. Enter the address manually.',
    );
  }
  if (!found.results?.length)
    throw new ApiError(404, 'NO_ADDRESSES_FOR_POSTCODE', 'No addresses found for that postcode');
  if (addressId === undefined) return found;
  const chosen = found.results.filter((result) => result.DPA.UPRN === addressId);
  if (chosen.length === 0) throw new ApiError(404, 'ADDRESS_NOT_FOUND', `Address id ${addressId} not found`);
  return { ...found, header: { ...found.header, totalresults: chosen.length }, results: chosen };
}
