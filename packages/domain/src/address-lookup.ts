import type { z } from 'zod';
import type { osPlacesDpaSchema, osPlacesResponseSchema } from './contracts/addresses';

// The OS Places postcode search response (types only; the schema is the address lookup's contract).

/** One address of an OS Places postcode search (the DPA record). */
export type OsPlacesDpa = z.output<typeof osPlacesDpaSchema>;
export type OsPlacesResponse = z.output<typeof osPlacesResponseSchema>;
