import { isValid as isValidUkPostcode } from 'postcode';
import { z } from 'zod';
import { MAX_ADDRESS_LINE_LENGTH, MAX_COUNTY_LENGTH } from '../limits';
import { normalisePostcode, normaliseText } from './normalise';
import { isRecord, objectOf } from './structure';
import { ADDRESS_TEXT_PATTERN, optionalText, requiredText } from './text';
import { isUnitedKingdom } from './countries';

export { isUnitedKingdom } from './countries';

/** Postcodes outside the UK: 2 to 10 letters, digits, spaces and hyphens, starting and ending alphanumeric. */
export const NON_UK_POSTCODE_PATTERN = /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/;

export function isValidPostcode(postcode: string, uk: boolean): boolean {
  return uk ? isValidUkPostcode(postcode) : NON_UK_POSTCODE_PATTERN.test(postcode);
}

/** The postcode lookup is checked before the call: required and a UK postcode. Parses to the normalised form. */
export const addressPostcodeSearchSchema = objectOf({
  postcode: z.preprocess(
    normalisePostcode,
    z
      .string({ error: 'postcodeSearch.postcode.required' })
      .refine((postcode) => isValidUkPostcode(postcode), 'postcodeSearch.postcode.invalid'),
  ),
});

/** An address must be picked from the lookup results. */
export const addressSelectionFormSchema = objectOf({
  addressId: requiredText('addressSelection.addressId', { max: MAX_ADDRESS_LINE_LENGTH }),
});

/** The fields of an address, with issues `${prefix}.<field>.<rule>`. */
export function addressShape(prefix: string) {
  const text = { max: MAX_ADDRESS_LINE_LENGTH, pattern: ADDRESS_TEXT_PATTERN };
  return {
    line1: requiredText(`${prefix}.line1`, text),
    line2: optionalText(`${prefix}.line2`, text),
    town: requiredText(`${prefix}.town`, text),
    county: optionalText(`${prefix}.county`, { max: MAX_COUNTY_LENGTH, pattern: ADDRESS_TEXT_PATTERN }),
    // Checked against the country below: a UK postcode for a UK address, the generic shape otherwise.
    postcode: z.preprocess(normalisePostcode, z.string({ error: `${prefix}.postcode.invalid` }).optional()),
    country: requiredText(`${prefix}.country`, text),
  };
}

/**
 * Postcode rules that depend on the country; exported so address schemas with extra fields can share them.
 * Runs even when other fields failed, so every problem of the form shows at once; a missing country is
 * read as the default, the UK.
 */
export function checkAddressPostcode(prefix: string, address: unknown, ctx: z.RefinementCtx): void {
  // The check runs even when the value is not an object at all (a tampered payload): the object's own
  // issue (payload.invalid) already covers that, so there is nothing more to say.
  if (!isRecord(address)) return;
  const { postcode, country } = address;
  const uk = typeof country !== 'string' || isUnitedKingdom(country);
  if (postcode === undefined) {
    // Many countries have no postcodes, so one is only demanded for a UK address.
    if (uk) ctx.addIssue({ code: 'custom', path: ['postcode'], message: `${prefix}.postcode.required` });
  } else if (typeof postcode === 'string' && !isValidPostcode(postcode, uk)) {
    ctx.addIssue({ code: 'custom', path: ['postcode'], message: `${prefix}.postcode.invalid` });
  }
}

/** Lets the postcode check run alongside the other fields' checks. */
export const alwaysRefine = { when: () => true };

/** An address object (manual entry, a looked-up address, or an address in a payload). */
export function addressSchema(prefix: string) {
  return objectOf(addressShape(prefix)).superRefine(
    (address, ctx) => checkAddressPostcode(prefix, address, ctx),
    alwaysRefine,
  );
}

/** The manual address form: line 1, town and country required; line 2 and county optional. */
export const manualAddressFormSchema = addressSchema('address');
export type Address = z.output<typeof manualAddressFormSchema>;

/** The filled-in parts of an address on one line, for address cards and check-your-answers. */
export function formatAddress(address: Partial<Address>): string {
  return [address.line1, address.line2, address.town, address.county, address.postcode, address.country]
    .map((part) => normaliseText(part))
    .filter((part): part is string => typeof part === 'string')
    .join(', ');
}
