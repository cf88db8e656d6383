import type { MetadataJson } from 'libphonenumber-js/core';

/** The calling code whose numbers the browser's phone rules look at: the UK's (shared with the Crown Dependencies). */
const UK_CALLING_CODE = '44';

/**
 * The numbering plans of +44 only, cut from libphonenumber's full metadata at build time. The browser checks a
 * landline with it (`isUkLandline`: a valid UK fixed line), which gives the same answer as the full metadata for
 * every input: a number in another country's plan is not a UK landline either way. The server keeps the full
 * metadata.
 */
export function ukPhoneMetadata(full: MetadataJson): MetadataJson {
  const data = full as unknown as {
    version: number;
    country_calling_codes: Record<string, string[]>;
    countries: Record<string, unknown>;
  };
  const countries = data.country_calling_codes[UK_CALLING_CODE] ?? [];
  return {
    version: data.version,
    country_calling_codes: { [UK_CALLING_CODE]: countries },
    countries: Object.fromEntries(countries.map((c) => [c, data.countries[c]])),
    nonGeographic: {},
  } as unknown as MetadataJson;
}
