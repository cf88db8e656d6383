import { parsePhoneNumberFromString as parse, type CountryCode } from 'libphonenumber-js/core';
import metadata from 'virtual:uk-phone-metadata';

// The web build resolves the domain's `libphonenumber-js/max` here: the same parser with the UK's numbering
// plans only (see uk-phone-metadata.ts), about 190 KB less to download with the journey pages.
export function parsePhoneNumberFromString(text: string, defaultCountry: CountryCode) {
  return parse(text, defaultCountry, metadata);
}
