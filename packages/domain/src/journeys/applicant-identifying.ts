import { LICENCE_REGION_REVEAL, NI_NUMBER_REVEAL } from '../validation/conditional';
import { UK_LICENCE_REGIONS } from '../validation/countries';
import { drivingLicenceCheckFormSchema, drivingLicenceFormSchema } from '../validation/driving-licence';
import { nationalInsuranceFormSchema } from '../validation/national-insurance';
import { passportCheckFormSchema, passportFormSchema } from '../validation/passport';
import type { ApplicantDraft } from './answers';
import { defined, defineSteps } from './build';
import type { DraftAnswers } from './draft-types';
import { field } from './fields';
import { stepSchema } from './schema-table';
import { defineYesNoGates } from './yes-no-gate';
import { lines, yesNoText } from './format';

// The applicant's identifying information (check-your-answers group `identifying-information`): national
// insurance number, passport and driving licence, each "yes" followed by its details page.

const step = defineSteps<ApplicantDraft>();
/** Each yes/no question that opens a details page. */
const yesNo = defineYesNoGates<ApplicantDraft>();

/** Where these pages store their answers: the applicant draft's type is inferred from it (answers.ts). */
export const IDENTIFYING_ANSWERS = {
  top: [],
  at: {
    nationalInsuranceNumber: nationalInsuranceFormSchema,
    passport: [passportCheckFormSchema, passportFormSchema],
    drivingLicence: [drivingLicenceCheckFormSchema, drivingLicenceFormSchema],
  },
} as const satisfies DraftAnswers;

export const nationalInsuranceNumber = step({
  id: 'national-insurance-number',
  group: 'identifying-information',
  writes: ['nationalInsuranceNumber'],
  schema: stepSchema('nationalInsurance'),
  fields: [
    field.yesNo('hasNINumber'),
    field.text('niNumber', { width: '10', autoComplete: 'off', showWhen: NI_NUMBER_REVEAL }),
  ],
  read: (a) => a.nationalInsuranceNumber,
  write: (a, v) => ({ ...a, nationalInsuranceNumber: v }),
  summary: (a) => [
    {
      labelKey: 'nationalInsuranceNumber.summary',
      value:
        a.nationalInsuranceNumber?.hasNINumber === true
          ? lines(a.nationalInsuranceNumber.niNumber)
          : yesNoText(a.nationalInsuranceNumber?.hasNINumber),
    },
  ],
});

export const passportCheck = yesNo({
  id: 'passport-check',
  group: 'identifying-information',
  at: 'passport',
  flag: 'hasPassport',
  schema: stepSchema('passportCheck'),
  summaryKey: 'passportCheck.summary',
  details: 'passport',
  whenNo: (_a, nav, links) => (nav.edit ? links.review : 'driving-licence-check'),
});

export const passport = step({
  id: 'passport',
  group: 'identifying-information',
  writes: ['passport.passportNumber', 'passport.countryOfIssue'],
  schema: stepSchema('passport'),
  fields: [
    field.text('countryOfIssue', { autoComplete: 'country-name', width: 'two-thirds' }),
    field.text('passportNumber', { width: '20', autoComplete: 'off' }),
  ],
  read: (a) =>
    defined({ countryOfIssue: a.passport?.countryOfIssue, passportNumber: a.passport?.passportNumber }),
  write: (a, v) => ({
    ...a,
    passport: { hasPassport: true, ...v },
  }),
  summary: (a) => [
    { labelKey: 'passport.summary', value: lines(a.passport?.passportNumber, a.passport?.countryOfIssue) },
  ],
});

export const drivingLicenceCheck = yesNo({
  id: 'driving-licence-check',
  group: 'identifying-information',
  at: 'drivingLicence',
  flag: 'hasDrivingLicence',
  schema: stepSchema('drivingLicenceCheck'),
  summaryKey: 'drivingLicenceCheck.summary',
  details: 'driving-licence',
  whenNo: (_a, nav, links) => (nav.edit ? links.review : links.after('driving-licence')),
});

export const drivingLicence = step({
  id: 'driving-licence',
  group: 'identifying-information',
  writes: ['drivingLicence.licenceNumber', 'drivingLicence.countryOfIssue', 'drivingLicence.regionOfIssue'],
  schema: stepSchema('drivingLicence'),
  fields: [
    field.text('countryOfIssue', { autoComplete: 'country-name', width: 'two-thirds' }),
    field.choice('regionOfIssue', UK_LICENCE_REGIONS, { showWhen: LICENCE_REGION_REVEAL }),
    field.text('licenceNumber', { width: '20', autoComplete: 'off' }),
  ],
  read: (a) =>
    defined({
      countryOfIssue: a.drivingLicence?.countryOfIssue,
      regionOfIssue: a.drivingLicence?.regionOfIssue,
      licenceNumber: a.drivingLicence?.licenceNumber,
    }),
  write: (a, v) => ({
    ...a,
    drivingLicence: { hasDrivingLicence: true, ...v },
  }),
  summary: (a) => [
    {
      labelKey: 'drivingLicence.summary',
      value: lines(a.drivingLicence?.licenceNumber, a.drivingLicence?.countryOfIssue),
    },
  ],
});
