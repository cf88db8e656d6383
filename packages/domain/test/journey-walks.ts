// The journeys' walks for tests: a valid page payload of every step (taking the fullest branch) with the error keys
// of an empty one, and a draft filled the way a person fills it, page by page through each step's own schema and
// write. The journey tests check the steps with them; the codec's round trip takes its drafts from them, so an
// answer a step writes and a side of the codec forgets fails there.
import type { ApplicantJourneyId, OrganisationJourneyId } from '../src/codes';
import type { ApplicantDraft, OrganisationDraft } from '../src/journeys/answers';
import { applicantJourneys } from '../src/journeys/applicant';
import { applyStep, firstIncompleteStep } from '../src/journeys/engine';
import { organisationJourneys } from '../src/journeys/organisation';

export const ctx = { now: new Date('2025-06-15T12:00:00Z') };

export interface Payload {
  valid: Record<string, unknown>;
  errors: string[];
  /** What the page posts with nothing filled in, when it is more than {} (date inputs always post their parts). */
  empty?: Record<string, unknown>;
}

export const address = (month: number, year: number) => ({
  line1: '1 High Street',
  town: 'Leeds',
  postcode: 'LS1 1AA',
  country: 'GB',
  residentFrom: { month: String(month), year: String(year) },
});
const addressErrors = [
  'address.country.required',
  'address.line1.required',
  'address.postcode.required',
  'address.town.required',
  'residentFrom.required',
];

// Valid payloads take the fullest branch: previous names, passport, driving licence, regulatory body, and an
// address history that needs three addresses (from January 2023, May 2021 and January 2019 on 15 June 2025).
export const applicantPayloads: Record<string, Payload> = {
  'personal-information': {
    valid: { personalInfoAgreed: 'on' },
    errors: ['personalInformation.personalInfoAgreed.required'],
  },
  workforce: { valid: { workforces: ['ADULT'] }, errors: ['workforces.required'] },
  name: {
    valid: { title: 'Ms', forename: 'Ann', surname: 'Smith' },
    errors: ['currentName.forename.required', 'currentName.surname.required', 'currentName.title.required'],
  },
  'previous-name-check': {
    valid: { hasPreviousNames: 'yes' },
    errors: ['previousNames.hasPreviousNames.required'],
  },
  'previous-name': {
    valid: { previousNames: [{ forename: 'Ann', surname: 'Jones' }] },
    errors: ['previousNames.required'],
  },
  'mothers-maiden-name': { valid: { mothersMaidenName: 'Brown' }, errors: ['mothersMaidenName.required'] },
  'date-of-birth': {
    valid: { dateOfBirth: { day: '3', month: '4', year: '1990' } },
    empty: { dateOfBirth: { day: '', month: '', year: '' } },
    errors: ['dateOfBirth.required'],
  },
  gender: { valid: { gender: 'F' }, errors: ['gender.required'] },
  'place-of-birth': {
    valid: { placeOfBirth: 'Leeds', countryOfBirth: 'United Kingdom' },
    errors: ['countryOfBirth.required', 'placeOfBirth.required'],
  },
  nationality: { valid: { nationality: 'British' }, errors: ['nationality.required'] },
  'address/current': { valid: address(1, 2023), errors: addressErrors },
  'address/1': { valid: address(5, 2021), errors: addressErrors },
  'address/2': { valid: address(1, 2019), errors: addressErrors },
  'applicant-address': {
    valid: { line1: '2 Low Road', town: 'York', postcode: 'YO1 7HH', country: 'GB' },
    errors: [
      'address.country.required',
      'address.line1.required',
      'address.postcode.required',
      'address.town.required',
    ],
  },
  'contact-details': {
    valid: { email: 'ann@example.com', telephone: '07700 900123' },
    errors: ['contactDetails.email.required', 'contactDetails.telephone.required'],
  },
  // Optional: an empty page is a valid answer.
  'pvg-number': { valid: { pvgNumber: '' }, errors: [] },
  'national-insurance-number': {
    valid: { hasNINumber: 'yes', niNumber: 'qq 12 34 56 c' },
    empty: { hasNINumber: '', niNumber: '' },
    errors: ['nationalInsurance.hasNINumber.required'],
  },
  'passport-check': { valid: { hasPassport: 'yes' }, errors: ['passport.hasPassport.required'] },
  passport: {
    valid: { countryOfIssue: 'GB', passportNumber: '123456789' },
    errors: ['passport.countryOfIssue.required', 'passport.passportNumber.required'],
  },
  'driving-licence-check': {
    valid: { hasDrivingLicence: 'yes' },
    errors: ['drivingLicence.hasDrivingLicence.required'],
  },
  'driving-licence': {
    valid: { countryOfIssue: 'GB', regionOfIssue: 'GB', licenceNumber: 'MORGA753116SM9IJ' },
    empty: { countryOfIssue: '', regionOfIssue: '', licenceNumber: '' },
    errors: ['drivingLicence.countryOfIssue.required', 'drivingLicence.licenceNumber.required'],
  },
  'regulatory-body-check': {
    valid: { isRegulatoryBodyMember: 'yes' },
    errors: ['regulatoryBodies.isRegulatoryBodyMember.required'],
  },
  'regulatory-body': {
    valid: { details: [{ code: '101', selected: 'on', registrationNumber: '1234567' }, { code: '103' }] },
    errors: ['regulatoryBodies.details.required'],
  },
};

export const DRAFT_CREATING: readonly ApplicantJourneyId[] = ['level-1', 'pvgcj', 'pvgce'];

/** Fills an applicant draft by answering each first incomplete step with its valid payload (or an override), for
 * at most `steps` pages. */
export function fillApplicant(
  id: ApplicantJourneyId,
  overrides: Record<string, Record<string, unknown>> = {},
  steps = Infinity,
): ApplicantDraft {
  const journey = applicantJourneys[id];
  let answers: ApplicantDraft = DRAFT_CREATING.includes(id) ? { applicationReference: 'A123' } : {};
  for (let guard = 0; guard < 40; guard += 1) {
    const step = guard < steps ? firstIncompleteStep(journey, answers, ctx) : undefined;
    if (!step) return answers;
    const result = applyStep(
      journey,
      step.id,
      answers,
      overrides[step.id] ?? applicantPayloads[step.id]?.valid,
      ctx,
    );
    if (!result.success) throw new Error(`${step.id}: ${result.error.message}`);
    answers = result.answers;
  }
  throw new Error('journey did not complete');
}

// The page payloads of every organisation step: a valid one (taking the fullest branch) and the error keys
// of an empty submission.
export const organisationPayloads = (pvg: boolean): Record<string, Payload> => ({
  'confirm-role': {
    valid: { confirmRoleQualifies: 'true' },
    errors: ['confirmRole.confirmRoleQualifies.required'],
  },
  'barred-list-check': { valid: { workforces: ['CHILD', 'ADULT'] }, errors: ['workforces.required'] },
  'role-details': pvg
    ? {
        valid: { position: 'Youth worker', workforces: 'CHILD' },
        errors: ['roleDetails.position.required', 'roleDetails.workforces.required'],
      }
    : { valid: { position: 'Teacher (primary)' }, errors: ['roleDetails.position.required'] },
  'organisation-details': {
    valid: { volunteerForQualifyingOrganisation: 'no' },
    errors: ['organisationDetails.volunteerForQualifyingOrganisation.required'],
  },
  'verify-applicant': { valid: { verified: 'on' }, errors: ['verifyApplicant.verified.required'] },
  'applicant-details': {
    valid: {
      firstName: 'Ann',
      middleName: '',
      lastName: 'O’Neill',
      dateOfBirth: { day: '3', month: '4', year: '1990' },
      email: 'ann@example.com',
    },
    empty: { dateOfBirth: { day: '', month: '', year: '' } },
    errors: [
      'applicantDetails.dateOfBirth.required',
      'applicantDetails.email.required',
      'applicantDetails.firstName.required',
      'applicantDetails.lastName.required',
    ],
  },
  'applicant-address': {
    valid: { line1: '1 High Street', town: 'Leeds', postcode: 'ls1 1aa', country: 'GB' },
    errors: [
      'address.country.required',
      'address.line1.required',
      'address.postcode.required',
      'address.town.required',
    ],
  },
  'choose-applying-on-behalf': {
    valid: { isCsgForAnotherOrganisation: 'yes' },
    errors: ['applyingOnBehalf.isCsgForAnotherOrganisation.required'],
  },
  'applying-on-behalf-organisation': {
    valid: { organisationName: 'Leeds Youth Club', organisationEmail: 'club@example.com' },
    errors: ['applyingOnBehalf.organisationEmail.required', 'applyingOnBehalf.organisationName.required'],
  },
  'choose-who-will-pay': {
    valid: { whoWillPay: 'Organisation' },
    errors: ['whoWillPay.whoWillPay.required'],
  },
  'select-payment-method': {
    valid: { type: 'INVOICE', subAccountCode: 'CC01' },
    errors: ['paymentMethod.type.required'],
  },
});

/** Fills an organisation draft by answering each first incomplete step with its valid payload (or an override), for
 * at most `steps` pages. */
export function fillOrganisation(
  id: OrganisationJourneyId,
  overrides: Record<string, Record<string, unknown>> = {},
  steps = Infinity,
): OrganisationDraft {
  const journey = organisationJourneys[id];
  const all = organisationPayloads(id.startsWith('pvg'));
  let answers: OrganisationDraft = {};
  for (let guard = 0; guard < 20; guard += 1) {
    const step = guard < steps ? firstIncompleteStep(journey, answers, ctx) : undefined;
    if (!step) return answers;
    const result = applyStep(journey, step.id, answers, overrides[step.id] ?? all[step.id]?.valid, ctx);
    if (!result.success) throw new Error(`${step.id}: ${result.error.message}`);
    answers = result.answers;
  }
  throw new Error('journey did not complete');
}
