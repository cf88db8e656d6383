import { z } from 'zod';
import { defineEndpoint } from './define';

// The OS Places postcode search, passed through as the provider sends it: only the fields this service reads are
// named, the rest are kept (loose objects) so the answer is the provider's.
export const osPlacesDpaSchema = z.looseObject({
  UPRN: z.string(),
  ADDRESS: z.string(),
  ORGANISATION_NAME: z.string().optional(),
  SUB_BUILDING_NAME: z.string().optional(),
  BUILDING_NAME: z.string().optional(),
  BUILDING_NUMBER: z.string().optional(),
  DEPENDENT_THOROUGHFARE_NAME: z.string().optional(),
  THOROUGHFARE_NAME: z.string().optional(),
  DEPENDENT_LOCALITY: z.string().optional(),
  POST_TOWN: z.string(),
  POSTCODE: z.string(),
  COUNTRY_CODE: z.string().optional(),
  COUNTRY_CODE_DESCRIPTION: z.string().optional(),
});

/** The OS Places API response shape (`/search/places/v1/postcode`, and `/api/addressService/addresses`). */
export const osPlacesResponseSchema = z.looseObject({
  header: z.looseObject({
    uri: z.string().optional(),
    query: z.string().optional(),
    totalresults: z.number(),
  }),
  results: z.array(z.looseObject({ DPA: osPlacesDpaSchema })).optional(),
});

/**
 * Addresses at a postcode. 400 VALIDATION_FAILED for a postcode that is not one, 404 NO_ADDRESSES_FOR_POSTCODE,
 * 503 POSTCODE_RESULTS_UNAVAILABLE when the provider does not answer (the page offers manual entry). With
 * `addressId` (the UPRN of the address chosen from the list): that address only, or 404 ADDRESS_NOT_FOUND whose
 * message names the id (document 1 section 8: address id not found, the message includes the id).
 */
export const addressLookupContract = defineEndpoint({
  method: 'GET',
  path: '/api/addressService/addresses',
  query: z.object({ postcode: z.string().max(40).optional(), addressId: z.string().max(100).optional() }),
  response: osPlacesResponseSchema,
});
