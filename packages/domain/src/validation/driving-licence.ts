import { z } from 'zod';
import { objectOf } from './structure';
import { GB_LICENCE_LENGTH, NI_LICENCE_LENGTH, OTHER_LICENCE_LENGTH } from '../limits';
import { yesNoSchema } from './choices';
import { isRevealed, LICENCE_REGION_REVEAL } from './conditional';
import { gatedDetailsSchema } from './gated-details';
import { normaliseText } from './normalise';
import { countryField } from './personal-details';

/** Five letters or 9, six digits, two letters or 9, a digit and two letters. */
export const GB_LICENCE_PATTERN = /^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}$/;
export const NI_LICENCE_PATTERN = /^\d{8}$/;
export const OTHER_LICENCE_PATTERN = /^\w{1,32}$/;
/** A UK licence is issued in Great Britain or Northern Ireland. */
import { UK_LICENCE_REGIONS } from './countries';

export { UK_LICENCE_REGIONS };

export const drivingLicenceCheckFormSchema = objectOf({
  hasDrivingLicence: yesNoSchema('drivingLicence.hasDrivingLicence.required'),
});

/**
 * driving-licence: country, the region when the country is the UK (stored only then), and the number.
 * A GB number is checked on its first 16 characters, upper-cased, which is what is stored.
 */
export const drivingLicenceFormSchema = objectOf({
  countryOfIssue: countryField('drivingLicence.countryOfIssue'),
  regionOfIssue: z.unknown().optional(),
  licenceNumber: z.preprocess(normaliseText, z.string({ error: 'drivingLicence.licenceNumber.required' })),
}).transform(({ countryOfIssue, regionOfIssue, licenceNumber }, ctx) => {
  const number = licenceNumber.replace(/\s+/g, '').toUpperCase();
  const fail = (path: string, message: string) => {
    ctx.addIssue({ code: 'custom', path: [path], message });
    return z.NEVER;
  };
  if (!isRevealed(LICENCE_REGION_REVEAL, { countryOfIssue })) {
    if (licenceNumber.length > OTHER_LICENCE_LENGTH)
      return fail('licenceNumber', 'drivingLicence.licenceNumber.tooLong');
    if (!OTHER_LICENCE_PATTERN.test(number))
      return fail('licenceNumber', 'drivingLicence.licenceNumber.invalid');
    return { countryOfIssue, licenceNumber: number };
  }
  const region = normaliseText(regionOfIssue);
  if (region !== 'GB' && region !== 'NI')
    return fail('regionOfIssue', 'drivingLicence.regionOfIssue.required');
  if (region === 'NI') {
    if (licenceNumber.length > NI_LICENCE_LENGTH)
      return fail('licenceNumber', 'drivingLicence.licenceNumber.tooLong');
    if (!NI_LICENCE_PATTERN.test(number))
      return fail('licenceNumber', 'drivingLicence.licenceNumber.invalidNi');
    return { countryOfIssue, regionOfIssue: region, licenceNumber: number };
  }
  // The card shows two issue digits after the 16 characters; only the 16 are checked and kept.
  if (licenceNumber.length > OTHER_LICENCE_LENGTH)
    return fail('licenceNumber', 'drivingLicence.licenceNumber.tooLong');
  const first16 = number.slice(0, GB_LICENCE_LENGTH);
  if (!GB_LICENCE_PATTERN.test(first16))
    return fail('licenceNumber', 'drivingLicence.licenceNumber.invalidGb');
  return { countryOfIssue, regionOfIssue: region, licenceNumber: first16 };
});

/** The drivingLicence object of the applicant draft: details only when the applicant has one, as for the passport. */
export const drivingLicenceSchema = gatedDetailsSchema(
  'hasDrivingLicence',
  'drivingLicence.hasDrivingLicence.required',
  ['licenceNumber', 'countryOfIssue', 'regionOfIssue'],
  drivingLicenceFormSchema,
);
