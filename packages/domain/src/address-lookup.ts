// The OS Places postcode search response (types only): the API passes it through to the web app as is.

/** One address of an OS Places postcode search (the DPA record; only the fields this service reads are typed). */
export interface OsPlacesDpa {
  UPRN: string;
  ADDRESS: string;
  ORGANISATION_NAME?: string;
  SUB_BUILDING_NAME?: string;
  BUILDING_NAME?: string;
  BUILDING_NUMBER?: string;
  DEPENDENT_THOROUGHFARE_NAME?: string;
  THOROUGHFARE_NAME?: string;
  DEPENDENT_LOCALITY?: string;
  POST_TOWN: string;
  POSTCODE: string;
  COUNTRY_CODE?: string;
  COUNTRY_CODE_DESCRIPTION?: string;
  [key: string]: unknown;
}

/** The OS Places API response shape (`/search/places/v1/postcode`, and `/api/addressService/addresses`). */
export interface OsPlacesResponse {
  header: { uri?: string; query?: string; totalresults: number; [key: string]: unknown };
  results?: Array<{ DPA: OsPlacesDpa }>;
}
