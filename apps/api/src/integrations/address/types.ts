import type { OsPlacesResponse } from '@dis/domain';

/** Thrown when the address provider cannot answer (outage, bad key, timeout). */
export class AddressProviderUnavailable extends Error {}

/** One interface for the real OS Places client and the local stand-in. */
export interface AddressLookup {
  /** The addresses at a normalised UK postcode ("EH6 6AA"); an empty result list when there are none. */
  byPostcode(postcode: string): Promise<OsPlacesResponse>;
}
