import { describe, expect, it } from 'vitest';
import { createApplicantDraftSaveSchema } from './applicant-draft';
import { createOrganisationDraftSaveSchema, organisationDraftSaveSchema } from './organisation-draft';
import { errorsOf } from './test-helpers';

const now = new Date('2025-06-15T12:00:00Z');
const home = { line1: '1 High St', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' };

describe('organisation draft save payload', () => {
  const schema = createOrganisationDraftSaveSchema({ now });
  it('accepts an empty patch and validates fields present', () => {
    expect(schema.parse({})).toEqual({});
    expect(
      schema.parse({
        applicationTypeCode: 'LB',
        applicantName: { forename: ' Jo ', surname: 'Lee' },
        applicantDateOfBirth: { day: '1', month: '1', year: '2000' },
        csgAnotherOrganisation: { isCsgForAnotherOrganisation: false, organisationName: 'x' },
        roleDetails: { position: 'Nurse', volunteerForQualifyingOrganisation: 'no' },
        workforces: ['ADULT'],
        onlinePaymentType: 'INVOICE',
        invoiceSubAccountCode: 'CC1',
        declaration: true,
        declarationDate: '2025-06-15',
      }),
    ).toMatchObject({
      applicantName: { forename: 'Jo', surname: 'Lee' },
      csgAnotherOrganisation: { isCsgForAnotherOrganisation: false },
      roleDetails: { volunteerForQualifyingOrganisation: false },
    });
    expect(
      errorsOf(schema, {
        applicationTypeCode: 'XX',
        declarationDate: '2025-02-30',
        csgAnotherOrganisation: { isCsgForAnotherOrganisation: true, organisationEmail: 'bad' },
      }),
    ).toEqual({
      applicationTypeCode: 'payload.invalid',
      declarationDate: 'payload.invalid',
      'csgAnotherOrganisation.organisationName': 'applyingOnBehalf.organisationName.required',
      'csgAnotherOrganisation.organisationEmail': 'applyingOnBehalf.organisationEmail.invalid',
    });
    expect(
      schema.parse({
        csgAnotherOrganisation: {
          isCsgForAnotherOrganisation: 'yes',
          organisationName: 'Acme',
          organisationEmail: 'a@b.co',
        },
      }),
    ).toEqual({
      csgAnotherOrganisation: {
        isCsgForAnotherOrganisation: true,
        organisationName: 'Acme',
        organisationEmail: 'a@b.co',
      },
    });
  });
  it('needs 16 for scheme types', () => {
    const dob = { day: '15', month: '6', year: '2012' };
    expect(errorsOf(schema, { applicationTypeCode: 'LA', applicantDateOfBirth: dob })).toEqual({});
    expect(errorsOf(schema, { applicationTypeCode: 'PA', applicantDateOfBirth: dob })).toEqual({
      applicantDateOfBirth: 'applicantDetails.dateOfBirth.tooYoungScheme',
    });
    expect(organisationDraftSaveSchema.safeParse({}).success).toBe(true);
  });
});

describe('applicant draft save payload', () => {
  const schema = createApplicantDraftSaveSchema({ now });
  it('derives residentTo of previous addresses', () => {
    const parsed = schema.parse({
      currentAddress: { ...home, residentFrom: { month: '3', year: '2022' } },
      previousAddresses: [{ ...home, residentFrom: { month: '1', year: '2019' } }],
      passport: { hasPassport: 'no' },
      personalInfoAgreed: true,
      declaration: { agreed: 'true' },
    });
    expect(parsed.previousAddresses?.[0]?.residentTo).toEqual({ month: 3, year: 2022 });
    expect(schema.parse({ currentAddress: home })).toEqual({ currentAddress: home });
  });
  it('refuses overlapping addresses and under-16s on scheme types', () => {
    expect(
      errorsOf(schema, {
        currentAddress: { ...home, residentFrom: { month: '1', year: '2019' } },
        previousAddresses: [{ ...home, residentFrom: { month: '1', year: '2020' } }],
        schemeInfo: { applicationType: 'PB' },
        dateOfBirth: { day: '15', month: '6', year: '2012' },
      }),
    ).toEqual({
      'previousAddresses.0.residentFrom': 'addressHistory.overlap',
      dateOfBirth: 'dateOfBirth.tooYoungScheme',
    });
    expect(
      errorsOf(schema, {
        schemeInfo: { applicationType: 'LA' },
        dateOfBirth: { day: '15', month: '6', year: '2012' },
      }),
    ).toEqual({});
    expect(errorsOf(schema, { personalInfoAgreed: false })).toEqual({
      personalInfoAgreed: 'personalInformation.personalInfoAgreed.required',
    });
  });
});
