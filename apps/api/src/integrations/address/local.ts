import type { OsPlacesDpa, OsPlacesResponse } from '@dis/domain';
import { AddressProviderUnavailable, type AddressLookup } from './types';

/**
 * Local stand-in for OS Places over a bundled set of made-up addresses (real postcodes, invented streets
 * and numbers). Any other valid postcode has no addresses.
 * OUTAGE_POSTCODE simulates the provider being down (503 POSTCODE_RESULTS_UNAVAILABLE).
 */
export const OUTAGE_POSTCODE = 'ZZ99 9ZZ';

type Row = [number | string, string, string];

/** postcode -> post town and [building number or name, street, organisation/sub-building] rows. */
const BUNDLED: Record<string, { town: string; country: 'S' | 'E'; rows: Row[] }> = {
  'EH6 6AA': {
    town: 'EDINBURGH',
    country: 'S',
    rows: [
      [1, 'HARBOUR WYND', ''],
      [3, 'HARBOUR WYND', ''],
      [5, 'HARBOUR WYND', 'FLAT 1'],
      [5, 'HARBOUR WYND', 'FLAT 2'],
      [7, 'HARBOUR WYND', ''],
      ['ANCHOR HOUSE', 'HARBOUR WYND', ''],
    ],
  },
  'EH1 1AA': {
    town: 'EDINBURGH',
    country: 'S',
    rows: [
      [10, 'CASTLE BRAE', ''],
      [12, 'CASTLE BRAE', ''],
      [14, 'CASTLE BRAE', ''],
    ],
  },
  'G1 1AA': {
    town: 'GLASGOW',
    country: 'S',
    rows: [
      [21, 'MERCHANT LANE', ''],
      [23, 'MERCHANT LANE', ''],
      [25, 'MERCHANT LANE', 'UNIT 4'],
    ],
  },
  'IV1 1AA': {
    town: 'INVERNESS',
    country: 'S',
    rows: [
      [2, 'NESS VIEW', ''],
      [4, 'NESS VIEW', ''],
    ],
  },
  'AB10 1AA': {
    town: 'ABERDEEN',
    country: 'S',
    rows: [[8, 'GRANITE ROW', '']],
  },
  'SW1A 2AA': {
    town: 'LONDON',
    country: 'E',
    rows: [
      [31, 'FERRY STREET', ''],
      [33, 'FERRY STREET', ''],
    ],
  },
  'M1 1AA': {
    town: 'MANCHESTER',
    country: 'E',
    rows: [
      [100, 'COTTON YARD', ''],
      [102, 'COTTON YARD', ''],
    ],
  },
};

function toDpa(postcode: string, town: string, country: 'S' | 'E', row: Row, index: number): OsPlacesDpa {
  const [building, street, sub] = row;
  const numbered = typeof building === 'number';
  const line = numbered ? `${building} ${street}` : `${building}, ${street}`;
  return {
    UPRN: String(906000000 + Object.keys(BUNDLED).indexOf(postcode) * 1000 + index + 1),
    ADDRESS: [sub, line, town, postcode].filter(Boolean).join(', '),
    ...(sub ? { SUB_BUILDING_NAME: sub } : {}),
    ...(numbered ? { BUILDING_NUMBER: String(building) } : { BUILDING_NAME: String(building) }),
    THOROUGHFARE_NAME: street,
    POST_TOWN: town,
    POSTCODE: postcode,
    COUNTRY_CODE: country,
    COUNTRY_CODE_DESCRIPTION:
      country === 'S' ? 'This record is within Scotland' : 'This record is within England',
  };
}

export function createLocalAddressLookup(): AddressLookup {
  return {
    async byPostcode(postcode) {
      if (postcode === OUTAGE_POSTCODE) throw new AddressProviderUnavailable('Local outage postcode');
      const entry = BUNDLED[postcode];
      const results = entry
        ? entry.rows.map((row, i) => ({ DPA: toDpa(postcode, entry.town, entry.country, row, i) }))
        : [];
      const response: OsPlacesResponse = {
        header: {
          uri: `https://api.os.uk/search/places/v1/postcode?postcode=${encodeURIComponent(postcode)}`,
          query: `postcode=${postcode}`,
          offset: 0,
          totalresults: results.length,
          format: 'JSON',
          dataset: 'DPA',
          lr: 'EN,CY',
          maxresults: 100,
          epoch: 'local',
          output_srs: 'EPSG:27700',
        },
      };
      return results.length ? { ...response, results } : response;
    },
  };
}
