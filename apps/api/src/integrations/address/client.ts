import type { OsPlacesResponse } from '@dis/domain';
import { AddressProviderUnavailable, type AddressLookup } from './types';

/** OS Places postcode search: https://api.os.uk/search/places/v1/postcode?postcode=&key= */
export function createOsPlacesClient(options: {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): AddressLookup {
  const baseUrl = (options.baseUrl ?? 'https://api.os.uk/search/places/v1').replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  return {
    async byPostcode(postcode) {
      const url = `${baseUrl}/postcode?${new URLSearchParams({ postcode, key: options.apiKey })}`;
      let res: Response;
      try {
        res = await doFetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
      } catch (error) {
        throw new AddressProviderUnavailable(`OS Places unreachable: ${String(error)}`);
      }
      // OS Places answers 400 for a postcode it does not know the shape of: no addresses, not an outage.
      if (res.status === 400 || res.status === 404) return { header: { totalresults: 0 }, results: [] };
      if (!res.ok) throw new AddressProviderUnavailable(`OS Places answered ${res.status}`);
      return (await res.json()) as OsPlacesResponse;
    },
  };
}
