// Country rules the pages draw by (which detail a country reveals) as well as the schemas check: free of zod, so a
// page can use them without the form rules (decision 0077).

const UK_NAMES = new Set([
  'GB',
  'UK',
  'GBR',
  'UNITED KINGDOM',
  'GREAT BRITAIN',
  'ENGLAND',
  'SCOTLAND',
  'WALES',
  'NORTHERN IRELAND',
]);

/** Whether a country value (code or name) means the United Kingdom, whose postcodes have a known shape. */
export function isUnitedKingdom(country: string | undefined): boolean {
  return country !== undefined && UK_NAMES.has(country.trim().toUpperCase());
}

/** The regions a UK driving licence is issued for: Great Britain and Northern Ireland. */
export const UK_LICENCE_REGIONS = ['GB', 'NI'] as const;
