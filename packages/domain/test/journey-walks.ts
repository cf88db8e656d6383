// The journeys' walks for tests: a valid page payload of every step (taking the fullest branch) with the error keys
// of an empty one, and a draft filled the way a person fills it, page by page through each step's own schema and
// write. The journey tests check the steps with them; the codec's round trip takes its drafts from them, so an
// answer a step writes and a side of the codec forgets fails there.
import fc from 'fast-check';
import type { ApplicantJourneyId, OrganisationJourneyId } from '../src/codes';
import type { ApplicantDraft, OrganisationDraft } from '../src/journeys/answers';
import { applicantJourneys } from '../src/journeys/applicant';
import { applyStep, firstIncompleteStep } from '../src/journeys/engine';
import type { FieldView } from '../src/journeys/fields';
import { organisationJourneys } from '../src/journeys/organisation';
import type { Journey } from '../src/journeys/types';
import { isPvgMembershipJourney } from '../src/rules/journey-types';

export const ctx = { now: new Date('2025-06-15T12:00:00Z') };

/** check-your-answers, where every walk ends. */
export const CYA = 'check-your-answers';
/** A row of a journey's step table: [step id, path, next in normal mode, next in edit mode]. */
export type StepRow = [string, string, string, string];

/** The error keys (each once, sorted) a page's `values` give on a step of an empty draft; none when they are valid. */
export function pageErrorKeys<A extends object>(
  journey: Journey<A>,
  stepId: string,
  values: unknown,
): string[] {
  const result = applyStep(journey, stepId, {} as A, values, ctx);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))].sort();
}

export interface Payload {
  valid: Record<string, unknown>;
  errors: string[];
  /** What the page posts with nothing filled in, when it is more than {} (date inputs always post their parts). */
  empty?: Record<string, unknown>;
}

/** The payload of a yes/no page answered yes (the branch that asks the most), and its one issue when left blank. */
const answeredYes = (name: string, requiredKey: string): Payload => ({
  valid: { [name]: 'yes' },
  errors: [requiredKey],
});

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
  'previous-name-check': answeredYes('hasPreviousNames', 'previousNames.hasPreviousNames.required'),
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
  'passport-check': answeredYes('hasPassport', 'passport.hasPassport.required'),
  passport: {
    valid: { countryOfIssue: 'GB', passportNumber: '123456789' },
    errors: ['passport.countryOfIssue.required', 'passport.passportNumber.required'],
  },
  'driving-licence-check': answeredYes('hasDrivingLicence', 'drivingLicence.hasDrivingLicence.required'),
  'driving-licence': {
    valid: { countryOfIssue: 'GB', regionOfIssue: 'GB', licenceNumber: 'MORGA753116SM9IJ' },
    empty: { countryOfIssue: '', regionOfIssue: '', licenceNumber: '' },
    errors: ['drivingLicence.countryOfIssue.required', 'drivingLicence.licenceNumber.required'],
  },
  'regulatory-body-check': answeredYes(
    'isRegulatoryBodyMember',
    'regulatoryBodies.isRegulatoryBodyMember.required',
  ),
  'regulatory-body': {
    valid: { details: [{ code: '101', selected: 'on', registrationNumber: '1234567' }, { code: '103' }] },
    errors: ['regulatoryBodies.details.required'],
  },
};

export const DRAFT_CREATING: readonly ApplicantJourneyId[] = ['level-1', 'pvgcj', 'pvgce'];

/** Answers to put on some pages instead of (or over) their valid payload, by step id. */
export type PageChoices = Record<string, Record<string, unknown>>;

/**
 * Fills a draft by answering each first incomplete step, for at most `steps` pages: with its override, else its
 * valid payload with the generated choices of its page over it (else without the blanked texts, else the choices
 * alone, as a "no" without its details; the valid payload when the page refuses them all).
 */
function fill<A>(
  journey: Journey<A>,
  answers: A,
  payloads: Record<string, Payload>,
  overrides: PageChoices,
  steps: number,
  choices: PageChoices,
): A {
  for (let guard = 0; guard < 40; guard += 1) {
    const step = guard < steps ? firstIncompleteStep(journey, answers, ctx) : undefined;
    if (!step) return answers;
    const valid = overrides[step.id] ?? payloads[step.id]?.valid;
    const chosen = overrides[step.id] ? undefined : choices[step.id];
    const given = chosen && Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== ''));
    const tries = chosen ? [{ ...valid, ...chosen }, { ...valid, ...given }, chosen, valid] : [valid];
    let result = applyStep(journey, step.id, answers, tries[0], ctx);
    for (const values of tries.slice(1)) {
      if (result.success) break;
      result = applyStep(journey, step.id, answers, values, ctx);
    }
    if (!result.success) throw new Error(`${step.id}: ${result.error.message}`);
    answers = result.answers;
  }
  throw new Error('journey did not complete');
}

/**
 * A side's filler: fills a draft of journey `id` by answering each first incomplete step with its valid payload (or
 * an override), for at most `steps` pages, with `choices` (from `pageChoices`) over the payloads.
 */
function filler<Id extends string, A>(
  side: (id: Id) => { journey: Journey<A>; start: A; payloads: Record<string, Payload> },
) {
  return (id: Id, overrides: PageChoices = {}, steps = Infinity, choices: PageChoices = {}): A => {
    const { journey, start, payloads } = side(id);
    return fill(journey, start, payloads, overrides, steps, choices);
  };
}

export const fillApplicant = filler<ApplicantJourneyId, ApplicantDraft>((id) => ({
  journey: applicantJourneys[id],
  start: DRAFT_CREATING.includes(id) ? { applicationReference: 'A123' } : {},
  payloads: applicantPayloads,
}));

/** A generated answer of one field, from the field itself: any option, yes or no, an optional text left blank. */
function fieldAnswer(field: FieldView): fc.Arbitrary<unknown> | undefined {
  switch (field.control) {
    case 'yesNo':
      return fc.constantFrom('yes', 'no');
    case 'choice':
    case 'select':
      return field.options?.length ? fc.constantFrom(...field.options) : undefined;
    case 'multi':
      return field.options?.length ? fc.subarray([...field.options], { minLength: 1 }) : undefined;
    case 'text':
    case 'email':
    case 'tel':
      return fc.constant('');
    default:
      return undefined;
  }
}

/**
 * Generated page answers for every step of a journey that has fields, derived from the steps' own fields: each
 * page's choices and yes/no questions take every value, and text may be left blank. Pages that refuse a
 * combination (a blank required name) keep their valid payload, so every draft a walk makes is one a person could.
 */
export function pageChoices<A>(journey: Journey<A>): fc.Arbitrary<PageChoices> {
  const pages = journey.steps.flatMap((step) => {
    const fields = step.fields.flatMap((field) => {
      const answer = fieldAnswer(field);
      return answer ? [[field.name, answer] as const] : [];
    });
    return fields.length
      ? [[step.id, fc.record(Object.fromEntries(fields), { requiredKeys: [] })] as const]
      : [];
  });
  return fc.record(Object.fromEntries(pages), { requiredKeys: [] }) as fc.Arbitrary<PageChoices>;
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
  'choose-applying-on-behalf': answeredYes(
    'isCsgForAnotherOrganisation',
    'applyingOnBehalf.isCsgForAnotherOrganisation.required',
  ),
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

export const fillOrganisation = filler<OrganisationJourneyId, OrganisationDraft>((id) => ({
  journey: organisationJourneys[id],
  start: {},
  payloads: organisationPayloads(isPvgMembershipJourney(id)),
}));
