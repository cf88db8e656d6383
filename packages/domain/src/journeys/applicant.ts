import type { ApplicantJourneyId, ApplicationTypeCode } from '../codes';
import { APPLICANT_JOURNEY_IDS, CONFIRMATION_TYPES, GENDERS, TITLES } from '../codes';
import { isPvgMembershipJourney, journeyTypeCode } from '../rules/journey-types';
import { OTHER_TITLE_REVEAL } from '../validation/conditional';
import { personalInformationFormSchema } from '../validation/choices';
import { contactDetailsFormSchema } from '../validation/contact';
import { dateOfBirthKindFor } from '../validation/age-rules';
import { dateOfBirthFormSchema } from '../validation/date-of-birth';
import { currentNameFormSchema, mothersMaidenNameFormSchema } from '../validation/names';
import {
  genderFormSchema,
  nationalityFormSchema,
  placeOfBirthFormSchema,
} from '../validation/personal-details';
import { previousNameCheckFormSchema, previousNamesFormSchema } from '../validation/previous-names';
import type { ApplicantDraft } from './answers';
import {
  addressHistoryCheck,
  addressHistoryIntro,
  addressStep,
  addressSteps,
  currentAddressOnly,
} from './applicant-addresses';
import {
  drivingLicence,
  drivingLicenceCheck,
  nationalInsuranceNumber,
  passport,
  passportCheck,
} from './applicant-identifying';
import {
  isExistingMemberType,
  pvgNumber,
  regulatoryBody,
  regulatoryBodyCheck,
  workforce,
} from './applicant-memberships';
import type { StepDefinition } from './build';
import type { DraftAnswers } from './draft-types';
import { defined, defineJourney, defineSteps, lazyJourneys, list, REVIEW_STEP_ID } from './build';
import { field } from './fields';
import { stepSchema } from './schema-table';
import { DRAFT_CREATING_APPLICANT_JOURNEYS } from './draft-creating';

export { DRAFT_CREATING_APPLICANT_JOURNEYS } from './draft-creating';
import { defineTopLevelQuestions } from './top-level-question';
import { dateText, genderText, lines, nameText, yesNoText } from './format';
import type { Journey } from './types';

// The applicant journeys of document 2 section 2, steps 1 to 18, under /applicant-apply/<journey>/<step>.
// Judgement calls where the spec is silent or loose:
// - "Membership journeys" are pvg-join and pvg-existing; the confirmation journeys pvgcj and pvgce are named
//   apart (step 8 lists "membership journeys or the confirmation-existing journey", step 17 "membership and
//   confirmation journeys"). So mothers-maiden-name is left out of pvg-join and pvg-existing only; gender,
//   place-of-birth and nationality out of pvg-join, pvg-existing and pvgce; regulatory bodies are asked in
//   all four PVG journeys and in no level 1 or level 2 journey.
// - Existing-member and membership journeys (pvg-join, pvg-existing, pvgce) have only the current address
//   at applicant-address/{type}, and so neither the address-history intro nor the history check.
// - The pvg-number step belongs to pvg-join and pvg-existing; pvgcj and pvgce ask the workforce instead.
// - Previous addresses are numbered from 1 (address/{type}/1 is the most recent previous address).
// - "Driving licence no: regulatory body check in membership journeys" and "previous names no: date of
//   birth in membership journeys" are both read as "the next step this journey has".
// - start counts as answered once the draft exists (has a reference) in the journeys where start creates
//   it (level-1, pvgcj, pvgce); in the others the organisation created the draft, so start is a landing page.
// - A pvg-number left blank is an answer; schemeInfo.wasMemberPreviously records that the step was
//   answered, and is true for an existing member (a number given, or an existing-member type) unless the
//   type is the scheme record.

/**
 * Where the personal-details pages store their answers (the other pages' tables are beside them): the applicant
 * draft's type is inferred from these tables (answers.ts), so a page's answers enter it with the page.
 */
export const PERSONAL_DETAILS_ANSWERS = {
  top: [
    personalInformationFormSchema,
    previousNameCheckFormSchema,
    previousNamesFormSchema,
    mothersMaidenNameFormSchema,
    dateOfBirthFormSchema,
    genderFormSchema,
    placeOfBirthFormSchema,
    nationalityFormSchema,
  ],
  at: { currentName: currentNameFormSchema, contactDetails: contactDetailsFormSchema },
} as const satisfies DraftAnswers;

export type ApplicantJourney = Journey<ApplicantDraft, ApplicantJourneyId, 'applicant'>;

type Step = StepDefinition<ApplicantDraft>;
/** Each step's write is checked against its own schema's output. */
const step = defineSteps<ApplicantDraft>();
/** Each plain question whose answers sit at the draft's top level under their own names. */
const question = defineTopLevelQuestions<ApplicantDraft>();

/** What a journey asks, from its application type (the journey table names each journey's type). */
function askedIn(id: ApplicantJourneyId) {
  const type = journeyTypeCode(id);
  const membership = isPvgMembershipJourney(id);
  const confirmation = (CONFIRMATION_TYPES as readonly ApplicationTypeCode[]).includes(type);
  return {
    membership,
    confirmation,
    pvg: membership || confirmation,
    currentAddressOnly: membership || isExistingMemberType(type),
  };
}
const GROUPS = [
  { id: 'personal-details', titleKey: 'checkYourAnswers.applicant.personalDetails' },
  { id: 'identifying-information', titleKey: 'checkYourAnswers.applicant.identifyingInformation' },
  { id: 'memberships', titleKey: 'checkYourAnswers.applicant.memberships' },
] as const;

function start(id: ApplicantJourneyId): Step {
  const createsDraft = DRAFT_CREATING_APPLICANT_JOURNEYS.includes(id);
  return step({
    id: 'start',
    view: 'landing',
    complete: (a) =>
      !createsDraft || (typeof a.applicationReference === 'string' && a.applicationReference !== ''),
  });
}

const personalInformation = question({
  id: 'personal-information',
  schema: stepSchema('personalInformation'),
  fields: [field.tick('personalInfoAgreed')],
});

const name = step({
  id: 'name',
  group: 'personal-details',
  writes: ['currentName'],
  schema: stepSchema('currentName'),
  fields: [
    field.select('title', TITLES, { autoComplete: 'honorific-prefix' }),
    field.text('otherTitle', { width: '20', showWhen: OTHER_TITLE_REVEAL }),
    field.text('forename', { autoComplete: 'given-name', width: 'two-thirds' }),
    field.text('middleNames', { autoComplete: 'additional-name', width: 'two-thirds' }),
    field.text('surname', { autoComplete: 'family-name', width: 'two-thirds' }),
  ],
  read: (a) => a.currentName,
  write: (a, v) => ({ ...a, currentName: v }),
  summary: (a) => [{ labelKey: 'name.summary', value: nameText(a.currentName) }],
});

const previousNameCheck = step({
  id: 'previous-name-check',
  group: 'personal-details',
  writes: ['hasPreviousNames', 'previousNames'],
  schema: stepSchema('previousNameCheck'),
  fields: [field.yesNo('hasPreviousNames')],
  read: (a) => defined({ hasPreviousNames: a.hasPreviousNames }),
  // "No" empties the list so no stale name is sent.
  write: (a, v) =>
    v.hasPreviousNames
      ? { ...a, hasPreviousNames: true }
      : { ...a, hasPreviousNames: false, previousNames: [] },
  next: (a, nav, links) => {
    if (a.hasPreviousNames === true) return 'previous-name';
    return nav.edit ? links.review : links.after('previous-name');
  },
  summary: (a) => [{ labelKey: 'previousNameCheck.summary', value: yesNoText(a.hasPreviousNames) }],
});

const previousName = step({
  id: 'previous-name',
  view: 'previous-names-list',
  group: 'personal-details',
  writes: ['previousNames'],
  schema: stepSchema('previousNamesList'),
  read: (a) => (a.previousNames === undefined ? undefined : { previousNames: a.previousNames }),
  write: (a, v) => ({
    ...a,
    hasPreviousNames: true,
    previousNames: v.previousNames,
  }),
  summary: (a) => [
    {
      labelKey: 'previousName.summary',
      value: list(a.previousNames).flatMap((entry) => nameText(entry as never)),
    },
  ],
});

const mothersMaidenName = question({
  id: 'mothers-maiden-name',
  group: 'personal-details',
  schema: stepSchema('mothersMaidenName'),
  fields: [field.text('mothersMaidenName', { width: 'two-thirds' })],
  summary: { key: 'mothersMaidenName.summary', value: (a) => lines(a.mothersMaidenName) },
});

function dateOfBirth(id: ApplicantJourneyId): Step {
  const kind = dateOfBirthKindFor(journeyTypeCode(id));
  return question({
    id: 'date-of-birth',
    group: 'personal-details',
    schema: stepSchema('dateOfBirth', kind),
    fields: [field.date('dateOfBirth', { autoComplete: 'bday' })],
    summary: { key: 'dateOfBirth.summary', value: (a) => dateText(a.dateOfBirth) },
  });
}

const gender = question({
  id: 'gender',
  group: 'personal-details',
  schema: stepSchema('gender'),
  fields: [field.choice('gender', Object.keys(GENDERS))],
  summary: { key: 'gender.summary', value: (a) => genderText(a.gender) },
});

const placeOfBirth = question({
  id: 'place-of-birth',
  group: 'personal-details',
  schema: stepSchema('placeOfBirth'),
  fields: [
    field.text('placeOfBirth', { width: 'two-thirds' }),
    field.text('countryOfBirth', { autoComplete: 'country-name', width: 'two-thirds' }),
  ],
  summary: { key: 'placeOfBirth.summary', value: (a) => lines(a.placeOfBirth, a.countryOfBirth) },
});

const nationality = question({
  id: 'nationality',
  group: 'personal-details',
  schema: stepSchema('nationality'),
  fields: [field.text('nationality', { width: 'two-thirds' })],
  summary: { key: 'nationality.summary', value: (a) => lines(a.nationality) },
});

const contactDetails = step({
  id: 'contact-details',
  group: 'personal-details',
  writes: ['contactDetails'],
  schema: stepSchema('contactDetails'),
  fields: [
    field.email('email', { autoComplete: 'email' }),
    field.tel('telephone', { autoComplete: 'tel', width: '20' }),
    field.tel('alternateTelephone', { autoComplete: 'tel', width: '20' }),
  ],
  read: (a) => a.contactDetails,
  write: (a, v) => ({ ...a, contactDetails: v }),
  summary: (a) => [
    { labelKey: 'contactDetails.email.summary', value: lines(a.contactDetails?.email) },
    { labelKey: 'contactDetails.telephone.summary', value: lines(a.contactDetails?.telephone) },
    {
      labelKey: 'contactDetails.alternateTelephone.summary',
      value: lines(a.contactDetails?.alternateTelephone),
    },
  ],
});

const review: Step = { id: REVIEW_STEP_ID };

function applicantSteps(id: ApplicantJourneyId): Step[] {
  const { membership, confirmation, pvg, currentAddressOnly: currentOnly } = askedIn(id);
  return [
    start(id),
    personalInformation,
    ...(confirmation ? [workforce] : []),
    name,
    previousNameCheck,
    previousName,
    ...(membership ? [] : [mothersMaidenName]),
    dateOfBirth(id),
    ...(currentOnly ? [] : [gender, placeOfBirth, nationality]),
    ...(currentOnly ? [currentAddressOnly] : [addressHistoryIntro, addressStep(0), addressHistoryCheck]),
    contactDetails,
    ...(membership ? [pvgNumber(id)] : []),
    nationalInsuranceNumber,
    passportCheck,
    passport,
    drivingLicenceCheck,
    drivingLicence,
    ...(pvg ? [regulatoryBodyCheck, regulatoryBody] : []),
    review,
  ];
}

export function buildApplicantJourney(id: ApplicantJourneyId): ApplicantJourney {
  const currentOnly = askedIn(id).currentAddressOnly;
  return defineJourney<ApplicantDraft, ApplicantJourneyId, 'applicant'>({
    side: 'applicant',
    id,
    basePath: `/applicant-apply/${id}`,
    exitPath: '/dashboard',
    groups: GROUPS,
    steps: applicantSteps(id),
    afterReviewPaths: ['declaration', 'payment', 'payment/redirect', 'payment/error'],
    ...(currentOnly ? {} : { dynamic: addressSteps }),
  });
}

/**
 * Each journey is built the first time it is asked for, then kept: a page draws one journey, so loading the module
 * builds none (its steps' schemas are made when a step is first checked).
 */
const applicant = lazyJourneys(APPLICANT_JOURNEY_IDS, buildApplicantJourney);

/** Every applicant journey by id, each built on first read. */
export const applicantJourneys: Readonly<Record<ApplicantJourneyId, ApplicantJourney>> = applicant.all;

export function getApplicantJourney(id: string): ApplicantJourney | undefined {
  return applicant.get(id);
}
