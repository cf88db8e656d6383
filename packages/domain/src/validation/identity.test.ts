import { describe, expect, it } from 'vitest';
import { contactDetailsFormSchema, isUkLandline } from './contact';
import {
  drivingLicenceCheckFormSchema,
  drivingLicenceFormSchema,
  drivingLicenceSchema,
} from './driving-licence';
import { BANNED_NI_PREFIXES, nationalInsuranceFormSchema } from './national-insurance';
import { passportCheckFormSchema, passportFormSchema, passportSchema } from './passport';
import { genderFormSchema, nationalityFormSchema, placeOfBirthFormSchema } from './personal-details';
import {
  regulatoryBodiesFormSchema,
  regulatoryBodiesSchema,
  regulatoryBodyCheckFormSchema,
} from './regulatory-bodies';
import { isValidSchemeMembershipNumber, pvgNumberFormSchema } from './scheme-number';
import { errorsOf } from './test-helpers';

describe('national insurance number', () => {
  const ni = (niNumber: string) => ({ hasNINumber: 'yes', niNumber });
  it('normalises and accepts final letters A to D', () => {
    expect(nationalInsuranceFormSchema.parse(ni('qq 12 34 56 d'))).toEqual({
      hasNINumber: true,
      niNumber: 'QQ123456D',
    });
    expect(nationalInsuranceFormSchema.parse({ hasNINumber: 'no', niNumber: 'junk' })).toEqual({
      hasNINumber: false,
    });
  });
  it('refuses final letter E, banned prefixes, missing and over-long numbers', () => {
    expect(errorsOf(nationalInsuranceFormSchema, ni('QQ123456E'))).toEqual({
      niNumber: 'nationalInsurance.niNumber.invalid',
    });
    for (const prefix of BANNED_NI_PREFIXES) {
      expect(errorsOf(nationalInsuranceFormSchema, ni(`${prefix}123456A`))).toEqual({
        niNumber: 'nationalInsurance.niNumber.invalid',
      });
    }
    expect(errorsOf(nationalInsuranceFormSchema, ni(''))).toEqual({
      niNumber: 'nationalInsurance.niNumber.required',
    });
    expect(errorsOf(nationalInsuranceFormSchema, ni('QQ  12  34  56C'))).toEqual({
      niNumber: 'nationalInsurance.niNumber.tooLong',
    });
    expect(errorsOf(nationalInsuranceFormSchema, {})).toEqual({
      hasNINumber: 'nationalInsurance.hasNINumber.required',
    });
  });
});

describe('passport', () => {
  it('takes 9 digits for the UK and refuses 8', () => {
    expect(passportFormSchema.parse({ countryOfIssue: 'GB', passportNumber: '123 456 789' })).toEqual({
      countryOfIssue: 'GB',
      passportNumber: '123456789',
    });
    expect(errorsOf(passportFormSchema, { countryOfIssue: 'GB', passportNumber: '12345678' })).toEqual({
      passportNumber: 'passport.passportNumber.invalidUk',
    });
    expect(
      errorsOf(passportFormSchema, { countryOfIssue: 'GB', passportNumber: '1234567890123456' }),
    ).toEqual({
      passportNumber: 'passport.passportNumber.invalidUk',
    });
    expect(errorsOf(passportFormSchema, { countryOfIssue: 'GB', passportNumber: '1'.repeat(17) })).toEqual({
      passportNumber: 'passport.passportNumber.tooLong',
    });
  });
  it('takes 1 to 32 word characters elsewhere', () => {
    expect(errorsOf(passportFormSchema, { countryOfIssue: 'France', passportNumber: '12AB_c' })).toEqual({});
    expect(errorsOf(passportFormSchema, { countryOfIssue: 'France', passportNumber: '12-AB' })).toEqual({
      passportNumber: 'passport.passportNumber.invalid',
    });
    expect(errorsOf(passportFormSchema, {})).toEqual({
      countryOfIssue: 'passport.countryOfIssue.required',
      passportNumber: 'passport.passportNumber.required',
    });
  });
  it('keeps details only when the applicant has one', () => {
    expect(passportSchema.parse({ hasPassport: false, passportNumber: 'x' })).toEqual({ hasPassport: false });
    expect(
      passportSchema.parse({ hasPassport: true, passportNumber: '123456789', countryOfIssue: 'GB' }),
    ).toEqual({
      hasPassport: true,
      passportNumber: '123456789',
      countryOfIssue: 'GB',
    });
    // A yes whose details are still to come (the next page) is kept; details half given are checked.
    expect(passportSchema.parse({ hasPassport: 'yes' })).toEqual({ hasPassport: true });
    expect(errorsOf(passportSchema, { hasPassport: 'yes', countryOfIssue: 'GB' })).toEqual({
      passportNumber: 'passport.passportNumber.required',
    });
    expect(errorsOf(passportCheckFormSchema, {})).toEqual({ hasPassport: 'passport.hasPassport.required' });
  });
});

describe('driving licence', () => {
  const gb = { countryOfIssue: 'GB', regionOfIssue: 'GB' };
  it('checks the first 16 characters of a GB licence, upper-cased', () => {
    expect(drivingLicenceFormSchema.parse({ ...gb, licenceNumber: 'morga 753116 sm9ij 35' })).toEqual({
      ...gb,
      licenceNumber: 'MORGA753116SM9IJ',
    });
    expect(errorsOf(drivingLicenceFormSchema, { ...gb, licenceNumber: 'MORGA753116SM9I1' })).toEqual({
      licenceNumber: 'drivingLicence.licenceNumber.invalidGb',
    });
    expect(errorsOf(drivingLicenceFormSchema, { ...gb, licenceNumber: 'M'.repeat(33) })).toEqual({
      licenceNumber: 'drivingLicence.licenceNumber.tooLong',
    });
  });
  it('takes 8 digits for Northern Ireland', () => {
    const ni = { countryOfIssue: 'GB', regionOfIssue: 'NI' };
    expect(drivingLicenceFormSchema.parse({ ...ni, licenceNumber: '12345678' })).toEqual({
      ...ni,
      licenceNumber: '12345678',
    });
    expect(errorsOf(drivingLicenceFormSchema, { ...ni, licenceNumber: '1234567' })).toEqual({
      licenceNumber: 'drivingLicence.licenceNumber.invalidNi',
    });
    expect(errorsOf(drivingLicenceFormSchema, { ...ni, licenceNumber: '123456789' })).toEqual({
      licenceNumber: 'drivingLicence.licenceNumber.tooLong',
    });
  });
  it('needs a region for the UK and keeps none elsewhere', () => {
    expect(errorsOf(drivingLicenceFormSchema, { countryOfIssue: 'GB', licenceNumber: '12345678' })).toEqual({
      regionOfIssue: 'drivingLicence.regionOfIssue.required',
    });
    expect(
      drivingLicenceFormSchema.parse({ countryOfIssue: 'Spain', regionOfIssue: 'GB', licenceNumber: 'x1' }),
    ).toEqual({
      countryOfIssue: 'Spain',
      licenceNumber: 'X1',
    });
    expect(errorsOf(drivingLicenceFormSchema, { countryOfIssue: 'Spain', licenceNumber: 'a-b' })).toEqual({
      licenceNumber: 'drivingLicence.licenceNumber.invalid',
    });
    expect(
      errorsOf(drivingLicenceFormSchema, { countryOfIssue: 'Spain', licenceNumber: 'a'.repeat(33) }),
    ).toEqual({
      licenceNumber: 'drivingLicence.licenceNumber.tooLong',
    });
  });
  it('keeps details only when the applicant has one', () => {
    expect(drivingLicenceSchema.parse({ hasDrivingLicence: 'no' })).toEqual({ hasDrivingLicence: false });
    expect(
      drivingLicenceSchema.parse({ hasDrivingLicence: 'yes', countryOfIssue: 'Spain', licenceNumber: 'A1' }),
    ).toEqual({
      hasDrivingLicence: true,
      countryOfIssue: 'Spain',
      licenceNumber: 'A1',
    });
    expect(drivingLicenceSchema.parse({ hasDrivingLicence: true })).toEqual({ hasDrivingLicence: true });
    expect(errorsOf(drivingLicenceSchema, { hasDrivingLicence: true, licenceNumber: 'A1' })).toMatchObject({
      countryOfIssue: 'drivingLicence.countryOfIssue.required',
    });
    expect(errorsOf(drivingLicenceCheckFormSchema, {})).toEqual({
      hasDrivingLicence: 'drivingLicence.hasDrivingLicence.required',
    });
  });
});

describe('scheme membership number', () => {
  it.each([
    ['1103150000000300', true],
    ['1103150000000500', true],
    ['1103150000000200', false],
    ['1102300000000300', false],
    ['110315000000030', false],
  ])('needs 16 digits, a YYMMDD start and 3, 4 or 5 at position 14: %s is %s', (number, valid) => {
    expect(isValidSchemeMembershipNumber(number)).toBe(valid);
  });
  it('strips spaces from the form and refuses an invalid number', () => {
    expect(pvgNumberFormSchema.parse({ pvgNumber: '1103 1500 0000 0400' })).toEqual({
      pvgNumber: '1103150000000400',
    });
    expect(pvgNumberFormSchema.parse({ pvgNumber: '' })).toEqual({});
    expect(errorsOf(pvgNumberFormSchema, { pvgNumber: '1103150000000200' })).toEqual({
      pvgNumber: 'pvgNumber.invalid',
    });
  });
});

describe('regulatory bodies', () => {
  const entry = (code: string, selected: unknown, registrationNumber?: string) => ({
    code,
    selected,
    registrationNumber,
  });
  it('needs 1 or 2 bodies, each with a number in its format', () => {
    expect(errorsOf(regulatoryBodiesFormSchema, { details: [entry('101', false)] })).toEqual({
      details: 'regulatoryBodies.details.required',
    });
    expect(
      errorsOf(regulatoryBodiesFormSchema, {
        details: [entry('101', true, '1234567'), entry('103', 'on', '12'), entry('107', 'yes', '1234')],
      }),
    ).toEqual({ details: 'regulatoryBodies.details.tooMany' });
    expect(
      errorsOf(regulatoryBodiesFormSchema, {
        details: [entry('101', 'true'), entry('102', true, '12a3456b1234567')],
      }),
    ).toEqual({
      'details.0.registrationNumber': 'regulatoryBodies.registrationNumber.required',
      'details.1.registrationNumber': 'regulatoryBodies.registrationNumber.tooLong',
    });
    expect(errorsOf(regulatoryBodiesFormSchema, { details: [entry('101', true, '123')] })).toEqual({
      'details.0.registrationNumber': 'regulatoryBodies.registrationNumber.invalid',
    });
    expect(errorsOf(regulatoryBodiesFormSchema, { details: [entry('999', true, '123')] })).toEqual({
      'details.0.code': 'regulatoryBodies.code.invalid',
    });
    expect(
      regulatoryBodiesFormSchema.parse({
        details: [entry('102', true, '12a3456b'), entry('101', false, '9')],
      }),
    ).toEqual({
      details: [
        {
          code: '102',
          name: 'Nursing and Midwifery Council',
          selected: true,
          registrationNumber: '12A3456B',
        },
        { code: '101', name: 'General Medical Council', selected: false },
      ],
    });
  });
  it('keeps details only for a member', () => {
    expect(regulatoryBodiesSchema.parse({ isRegulatoryBodyMember: 'no', details: 'x' })).toEqual({
      isRegulatoryBodyMember: false,
      details: [],
    });
    expect(
      regulatoryBodiesSchema.parse({ isRegulatoryBodyMember: true, details: [entry('107', true, '1234')] }),
    ).toMatchObject({
      isRegulatoryBodyMember: true,
      details: [{ code: '107', registrationNumber: '1234' }],
    });
    expect(regulatoryBodiesSchema.parse({ isRegulatoryBodyMember: 'yes' })).toEqual({
      isRegulatoryBodyMember: true,
    });
    expect(errorsOf(regulatoryBodiesSchema, { isRegulatoryBodyMember: 'yes', details: [] })).toEqual({
      details: 'regulatoryBodies.details.required',
    });
    expect(errorsOf(regulatoryBodyCheckFormSchema, {})).toEqual({
      isRegulatoryBodyMember: 'regulatoryBodies.isRegulatoryBodyMember.required',
    });
  });
});

describe('contact and personal details', () => {
  it('strips spaces and checks the mobile and landline', () => {
    expect(
      contactDetailsFormSchema.parse({
        email: ' a@b.co ',
        telephone: '+44 7700 900123',
        alternateTelephone: '020 7946 0000',
      }),
    ).toEqual({ email: 'a@b.co', telephone: '+447700900123', alternateTelephone: '02079460000' });
    expect(
      errorsOf(contactDetailsFormSchema, {
        email: 'a@b',
        telephone: '123456',
        alternateTelephone: '020#79460000',
      }),
    ).toEqual({
      email: 'contactDetails.email.invalid',
      telephone: 'contactDetails.telephone.invalid',
      alternateTelephone: 'contactDetails.alternateTelephone.invalid',
    });
    expect(
      errorsOf(contactDetailsFormSchema, {
        email: 'a@b.co',
        telephone: '1234567890123456',
        alternateTelephone: '0800 123 4567',
      }),
    ).toEqual({
      telephone: 'contactDetails.telephone.tooLong',
      alternateTelephone: 'contactDetails.alternateTelephone.notUkLandline',
    });
    expect(
      errorsOf(contactDetailsFormSchema, {
        email: 'a@b.co',
        telephone: '1234567',
        alternateTelephone: '0'.repeat(16),
      }),
    ).toEqual({
      alternateTelephone: 'contactDetails.alternateTelephone.tooLong',
    });
    expect(errorsOf(contactDetailsFormSchema, {})).toEqual({
      email: 'contactDetails.email.required',
      telephone: 'contactDetails.telephone.required',
    });
    expect(isUkLandline('+33 1 23 45 67 89')).toBe(false);
    expect(isUkLandline('abc')).toBe(false);
  });
  it('checks gender, place of birth and nationality', () => {
    expect(errorsOf(genderFormSchema, { gender: 'X' })).toEqual({ gender: 'gender.required' });
    expect(
      errorsOf(placeOfBirthFormSchema, { placeOfBirth: "St. Mary's-on-Sea & 2", countryOfBirth: 'GB' }),
    ).toEqual({});
    expect(errorsOf(placeOfBirthFormSchema, { placeOfBirth: '123', countryOfBirth: '' })).toEqual({
      placeOfBirth: 'placeOfBirth.invalid',
      countryOfBirth: 'countryOfBirth.required',
    });
    expect(errorsOf(nationalityFormSchema, { nationality: 'x'.repeat(101) })).toEqual({
      nationality: 'nationality.tooLong',
    });
  });
});
