import type { OsPlacesDpa, OsPlacesResponse } from '@dis/domain';
import { AddressProviderUnavailable, type AddressLookup } from './types';

/**
 * Local stand-in for OS Places over a bundled set of made-up addresses (real postcodes, invented streets
 * and numbers). Any other valid postcode has no addresses.
 * OUTAGE_POSTCODE simulates the provider being down (503 POSTCODE_RESULTS_UNAVAILABLE).
 */
export const OUTAGE_POSTCODE = 'ZZ99 9ZZ';

type Row = [number | string, string, string];
/** A building: its number or name, or [number or name, organisation/sub-building]. */
type Building = number | string | [number | string, string];
type Place = { town: string; country: 'S' | 'E'; rows: Row[] };

/** The rows of one street, in order. */
const street = (name: string, ...buildings: Building[]): Row[] =>
  buildings.map((b) => (Array.isArray(b) ? [b[0], name, b[1]] : [b, name, '']));
const place = (town: string, country: 'S' | 'E', rows: Row[]): Place => ({ town, country, rows });

/** postcode -> post town and [building number or name, street, organisation/sub-building] rows. */
const BUNDLED: Record<string, Place> = {
  'EH6 6AA': place(
    'EDINBURGH',
    'S',
    street('HARBOUR WYND', 1, 3, [5, 'FLAT 1'], [5, 'FLAT 2'], 7, 'ANCHOR HOUSE'),
  ),
  'EH1 1AA': place('EDINBURGH', 'S', street('CASTLE BRAE', 10, 12, 14)),
  'G1 1AA': place('GLASGOW', 'S', street('MERCHANT LANE', 21, 23, [25, 'UNIT 4'])),
  'IV1 1AA': place('INVERNESS', 'S', street('NESS VIEW', 2, 4)),
  'AB10 1AA': place('ABERDEEN', 'S', street('GRANITE ROW', 8)),
  'SW1A 2AA': place('LONDON', 'E', street('FERRY STREET', 31, 33)),
  'M1 1AA': place('MANCHESTER', 'E', street('COTTON YARD', 100, 102)),
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
