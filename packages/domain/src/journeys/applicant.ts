import { z } from 'zod';
import type { ApplicantJourneyId, ApplicationTypeCode } from '../codes';
import { APPLICANT_JOURNEY_IDS, GENDERS, TITLES, WORKFORCES } from '../codes';
import { isPvgMembershipJourney, journeyTypeCode } from '../rules/journey-types';
import { manualAddressFormSchema } from '../validation/address';
import { LICENCE_REGION_REVEAL, NI_NUMBER_REVEAL, OTHER_TITLE_REVEAL } from '../validation/conditional';
import type { ResidenceAddress } from '../validation/address-history';
import {
  addressHistoryCoverage,
  addressHistorySchema,
  deriveResidentTo,
  residenceAddressFormSchema,
} from '../validation/address-history';
import { personalInformationFormSchema, workforceFormSchema } from '../validation/choices';
import { contactDetailsFormSchema } from '../validation/contact';
import { dateOfBirthFormSchema, dateOfBirthKindFor } from '../validation/date-of-birth';
import {
  drivingLicenceCheckFormSchema,
  drivingLicenceFormSchema,
  UK_LICENCE_REGIONS,
} from '../validation/driving-licence';
import { currentNameFormSchema, mothersMaidenNameFormSchema } from '../validation/names';
import { nationalInsuranceFormSchema } from '../validation/national-insurance';
import { passportCheckFormSchema, passportFormSchema } from '../validation/passport';
import {
  genderFormSchema,
  nationalityFormSchema,
  placeOfBirthFormSchema,
} from '../validation/personal-details';
import { previousNameCheckFormSchema, previousNamesFormSchema } from '../validation/previous-names';
import { regulatoryBodiesFormSchema, regulatoryBodyCheckFormSchema } from '../validation/regulatory-bodies';
import { pvgNumberFormSchema } from '../validation/scheme-number';
import type { AddressAnswer, ApplicantDraft, RegulatoryBodyAnswer } from './answers';
import type { DynamicSteps, StepDefinition } from './build';
import { ADDRESS_FIELDS, field, RESIDENCE_FIELDS } from './fields';
import { defineJourney, defineSteps, REVIEW_STEP_ID } from './build';
import {
  addressText,
  dateText,
  genderText,
  lines,
  monthText,
  nameText,
  workforcesText,
  yesNoText,
} from './format';
import type { Journey, JourneyContext } from './types';

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

export type ApplicantJourney = Journey<ApplicantDraft, ApplicantJourneyId, 'applicant'>;

type Step = StepDefinition<ApplicantDraft>;
/** Each step's write is checked against its own schema's output. */
const step = defineSteps<ApplicantDraft>();

/** Journeys whose start page creates the draft (POST /api/draftApplications). */
export const DRAFT_CREATING_APPLICANT_JOURNEYS: readonly ApplicantJourneyId[] = ['level-1', 'pvgcj', 'pvgce'];

const CONFIRMATION: readonly ApplicantJourneyId[] = ['pvgcj', 'pvgce'];
/** Types of an existing scheme member (document 1 section 1). */
const EXISTING_MEMBER_TYPES: readonly ApplicationTypeCode[] = ['PC', 'PD', 'ER'];

const GROUPS = [
  { id: 'personal-details', titleKey: 'checkYourAnswers.applicant.personalDetails' },
  { id: 'identifying-information', titleKey: 'checkYourAnswers.applicant.identifyingInformation' },
  { id: 'memberships', titleKey: 'checkYourAnswers.applicant.memberships' },
] as const;

/** Document 2 section 4: an existing PVG member is treated as a previous member unless the type is the scheme record. */
export function isPreviousSchemeMember(type: ApplicationTypeCode, pvgNumber: string | undefined): boolean {
  if (type === 'SR') return false;
  return pvgNumber !== undefined || EXISTING_MEMBER_TYPES.includes(type);
}

function defined<T extends object>(value: T): T | undefined {
  return Object.values(value).every((item) => item === undefined) ? undefined : value;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function start(id: ApplicantJourneyId): Step {
  const createsDraft = DRAFT_CREATING_APPLICANT_JOURNEYS.includes(id);
  return step({
    id: 'start',
    view: 'landing',
    complete: (a) =>
      !createsDraft || (typeof a.applicationReference === 'string' && a.applicationReference !== ''),
  });
}

const personalInformation = step({
  id: 'personal-information',
  writes: ['personalInfoAgreed'],
  schema: () => personalInformationFormSchema,
  fields: [field.tick('personalInfoAgreed')],
  read: (a) => defined({ personalInfoAgreed: a.personalInfoAgreed }),
  write: (a, v) => ({ ...a, ...v }),
});

const workforce = step({
  id: 'workforce',
  group: 'memberships',
  writes: ['schemeInfo.workforces'],
  schema: () => workforceFormSchema,
  fields: [field.multi('workforces', WORKFORCES)],
  read: (a) => defined({ workforces: a.schemeInfo?.workforces }),
  write: (a, v) => ({ ...a, schemeInfo: { ...a.schemeInfo, ...v } }),
  summary: (a) => [{ labelKey: 'workforce.summary', value: workforcesText(a.schemeInfo?.workforces) }],
});

const name = step({
  id: 'name',
  group: 'personal-details',
  writes: ['currentName'],
  schema: () => currentNameFormSchema,
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
  schema: () => previousNameCheckFormSchema,
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

// The list page posts only the list; the yes it depends on is already stored.
const previousNamesListSchema = z.preprocess(
  (value) => (typeof value === 'object' && value !== null ? { ...value, hasPreviousNames: true } : value),
  previousNamesFormSchema,
);

const previousName = step({
  id: 'previous-name',
  view: 'previous-names-list',
  group: 'personal-details',
  writes: ['previousNames'],
  schema: () => previousNamesListSchema,
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

const mothersMaidenName = step({
  id: 'mothers-maiden-name',
  group: 'personal-details',
  writes: ['mothersMaidenName'],
  schema: () => mothersMaidenNameFormSchema,
  fields: [field.text('mothersMaidenName', { width: 'two-thirds' })],
  read: (a) => defined({ mothersMaidenName: a.mothersMaidenName }),
  write: (a, v) => ({ ...a, ...v }),
  summary: (a) => [{ labelKey: 'mothersMaidenName.summary', value: lines(a.mothersMaidenName) }],
});

function dateOfBirth(id: ApplicantJourneyId): Step {
  const kind = dateOfBirthKindFor(journeyTypeCode(id));
  return step({
    id: 'date-of-birth',
    group: 'personal-details',
    writes: ['dateOfBirth'],
    schema: (ctx) => dateOfBirthFormSchema(kind, { now: ctx.now }),
    fields: [field.date('dateOfBirth', { autoComplete: 'bday' })],
    read: (a) => defined({ dateOfBirth: a.dateOfBirth }),
    write: (a, v) => ({ ...a, ...v }),
    summary: (a) => [{ labelKey: 'dateOfBirth.summary', value: dateText(a.dateOfBirth) }],
  });
}

const gender = step({
  id: 'gender',
  group: 'personal-details',
  writes: ['gender'],
  schema: () => genderFormSchema,
  fields: [field.choice('gender', Object.keys(GENDERS))],
  read: (a) => defined({ gender: a.gender }),
  write: (a, v) => ({ ...a, ...v }),
  summary: (a) => [{ labelKey: 'gender.summary', value: genderText(a.gender) }],
});

const placeOfBirth = step({
  id: 'place-of-birth',
  group: 'personal-details',
  writes: ['placeOfBirth', 'countryOfBirth'],
  schema: () => placeOfBirthFormSchema,
  fields: [
    field.text('placeOfBirth', { width: 'two-thirds' }),
    field.text('countryOfBirth', { autoComplete: 'country-name', width: 'two-thirds' }),
  ],
  read: (a) => defined({ placeOfBirth: a.placeOfBirth, countryOfBirth: a.countryOfBirth }),
  write: (a, v) => ({ ...a, ...v }),
  summary: (a) => [{ labelKey: 'placeOfBirth.summary', value: lines(a.placeOfBirth, a.countryOfBirth) }],
});

const nationality = step({
  id: 'nationality',
  group: 'personal-details',
  writes: ['nationality'],
  schema: () => nationalityFormSchema,
  fields: [field.text('nationality', { width: 'two-thirds' })],
  read: (a) => defined({ nationality: a.nationality }),
  write: (a, v) => ({ ...a, ...v }),
  summary: (a) => [{ labelKey: 'nationality.summary', value: lines(a.nationality) }],
});

const addressHistoryIntro: Step = { id: 'address-history-intro' };

/** Current address first, then each previous address, newest first. */
function history(a: ApplicantDraft): unknown[] {
  return [a.currentAddress, ...list(a.previousAddresses)];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validHistory(addresses: unknown[], ctx: JourneyContext): ResidenceAddress[] | undefined {
  // A hole or a non-object in a tampered history is refused before the schema sees it.
  if (!addresses.every(isRecord)) return undefined;
  const parsed = addressHistorySchema({ now: ctx.now }).safeParse(addresses);
  return parsed.success ? parsed.data : undefined;
}

function covered(addresses: unknown[], ctx: JourneyContext): boolean {
  const valid = validHistory(addresses, ctx);
  return valid !== undefined && addressHistoryCoverage(valid, ctx.now).complete;
}

function addressStepId(index: number): string {
  return index === 0 ? 'address/current' : `address/${index}`;
}

function addressStep(index: number): Step {
  const slug = index === 0 ? 'current' : String(index);
  return step({
    id: addressStepId(index),
    path: `address/postcode/${slug}`,
    paths: [`address/postcode/${slug}`, `address/manual/${slug}`],
    titleKey: index === 0 ? 'journey.address.current.title' : 'journey.address.previous.title',
    group: 'personal-details',
    writes: [index === 0 ? 'currentAddress' : `previousAddresses.${index - 1}`],
    schema: (ctx) => residenceAddressFormSchema({ now: ctx.now }),
    fields: RESIDENCE_FIELDS,
    read: (a) => history(a)[index],
    write: (a, v, ctx) => {
      const addresses = history(a).slice(0, index);
      addresses.push(v);
      // Addresses older than the one that completes five years are no longer wanted.
      const kept = covered(addresses, ctx) ? addresses : [...addresses, ...history(a).slice(index + 1)];
      const derived = kept.every(isRecord) ? deriveResidentTo(kept as ResidenceAddress[]) : kept;
      return {
        ...a,
        currentAddress: derived[0] as AddressAnswer,
        previousAddresses: derived.slice(1) as AddressAnswer[],
      };
    },
    // The address must also start before the more recent one, without a gap or an overlap.
    complete: (a, ctx) => validHistory(history(a).slice(0, index + 1), ctx) !== undefined,
    next: (a, nav, links) => {
      if (!covered(history(a).slice(0, index + 1), nav)) return addressStepId(index + 1);
      return nav.edit ? links.review : 'address-history-check';
    },
    summary: (a) => {
      const address = history(a)[index] as AddressAnswer | undefined;
      const from = monthText(address?.residentFrom);
      return [
        {
          labelKey: index === 0 ? 'address.current.summary' : 'address.previous.summary',
          ...(index === 0 ? {} : { labelValues: { number: index } }),
          value: [...addressText(address), ...from.map((month) => `From ${month}`)],
        },
      ];
    },
  });
}

const addressSteps: DynamicSteps<ApplicantDraft> = {
  byId(id) {
    const match = /^address\/([1-9]\d{0,2})$/.exec(id);
    return match ? addressStep(Number(match[1])) : undefined;
  },
  idForPath(path) {
    const match = /^address\/(?:postcode|manual)\/([1-9]\d{0,2})$/.exec(path);
    return match ? `address/${match[1]}` : undefined;
  },
};

const addressHistoryCheck = step({
  id: 'address-history-check',
  view: 'history-check',
  // Five years covered, every address valid and in order, and no address beyond the one that completed it.
  complete: (a, ctx) => {
    const addresses = history(a);
    return covered(addresses, ctx) && !covered(addresses.slice(0, -1), ctx);
  },
});

const currentAddressOnly = step({
  id: 'applicant-address',
  path: 'applicant-address/postcode',
  paths: ['applicant-address/postcode', 'applicant-address/manual'],
  group: 'personal-details',
  writes: ['currentAddress'],
  schema: () => manualAddressFormSchema,
  fields: ADDRESS_FIELDS,
  read: (a) => a.currentAddress,
  write: (a, v) => ({ ...a, currentAddress: v }),
  summary: (a) => [{ labelKey: 'address.current.summary', value: addressText(a.currentAddress) }],
});

const contactDetails = step({
  id: 'contact-details',
  group: 'personal-details',
  writes: ['contactDetails'],
  schema: () => contactDetailsFormSchema,
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

function pvgNumber(id: ApplicantJourneyId): Step {
  const type = journeyTypeCode(id);
  return step({
    id: 'pvg-number',
    group: 'memberships',
    writes: ['pvgNumber', 'schemeInfo.wasMemberPreviously', 'schemeInfo.existingPVGIdNumber'],
    schema: () => pvgNumberFormSchema,
    fields: [field.text('pvgNumber', { width: '20', autoComplete: 'off' })],
    read: (a) =>
      typeof a.schemeInfo?.wasMemberPreviously === 'boolean' ? { pvgNumber: a.pvgNumber } : undefined,
    write: (a, v) => {
      const { pvgNumber: _old, ...rest } = a;
      const { existingPVGIdNumber: _oldId, ...schemeInfo } = a.schemeInfo ?? {};
      return {
        ...rest,
        ...(v.pvgNumber === undefined ? {} : { pvgNumber: v.pvgNumber }),
        schemeInfo: {
          ...schemeInfo,
          wasMemberPreviously: isPreviousSchemeMember(type, v.pvgNumber),
          ...(v.pvgNumber === undefined ? {} : { existingPVGIdNumber: v.pvgNumber }),
        },
      };
    },
    summary: (a) => [{ labelKey: 'pvgNumber.summary', value: lines(a.pvgNumber) }],
  });
}

const nationalInsuranceNumber = step({
  id: 'national-insurance-number',
  group: 'identifying-information',
  writes: ['nationalInsuranceNumber'],
  schema: () => nationalInsuranceFormSchema,
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

const passportCheck = step({
  id: 'passport-check',
  group: 'identifying-information',
  writes: ['passport.hasPassport'],
  schema: () => passportCheckFormSchema,
  fields: [field.yesNo('hasPassport')],
  read: (a) => defined({ hasPassport: a.passport?.hasPassport }),
  write: (a, v) => ({
    ...a,
    passport: v.hasPassport ? { ...a.passport, hasPassport: true } : { hasPassport: false },
  }),
  next: (a, nav, links) => {
    if (a.passport?.hasPassport === true) return 'passport';
    return nav.edit ? links.review : 'driving-licence-check';
  },
  summary: (a) => [{ labelKey: 'passportCheck.summary', value: yesNoText(a.passport?.hasPassport) }],
});

const passport = step({
  id: 'passport',
  group: 'identifying-information',
  writes: ['passport.passportNumber', 'passport.countryOfIssue'],
  schema: () => passportFormSchema,
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

const drivingLicenceCheck = step({
  id: 'driving-licence-check',
  group: 'identifying-information',
  writes: ['drivingLicence.hasDrivingLicence'],
  schema: () => drivingLicenceCheckFormSchema,
  fields: [field.yesNo('hasDrivingLicence')],
  read: (a) => defined({ hasDrivingLicence: a.drivingLicence?.hasDrivingLicence }),
  write: (a, v) => ({
    ...a,
    drivingLicence: v.hasDrivingLicence
      ? { ...a.drivingLicence, hasDrivingLicence: true }
      : { hasDrivingLicence: false },
  }),
  next: (a, nav, links) => {
    if (a.drivingLicence?.hasDrivingLicence === true) return 'driving-licence';
    return nav.edit ? links.review : links.after('driving-licence');
  },
  summary: (a) => [
    { labelKey: 'drivingLicenceCheck.summary', value: yesNoText(a.drivingLicence?.hasDrivingLicence) },
  ],
});

const drivingLicence = step({
  id: 'driving-licence',
  group: 'identifying-information',
  writes: ['drivingLicence.licenceNumber', 'drivingLicence.countryOfIssue', 'drivingLicence.regionOfIssue'],
  schema: () => drivingLicenceFormSchema,
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

const regulatoryBodyCheck = step({
  id: 'regulatory-body-check',
  group: 'memberships',
  writes: ['regulatoryBodies.isRegulatoryBodyMember'],
  schema: () => regulatoryBodyCheckFormSchema,
  fields: [field.yesNo('isRegulatoryBodyMember')],
  read: (a) => defined({ isRegulatoryBodyMember: a.regulatoryBodies?.isRegulatoryBodyMember }),
  write: (a, v) => ({
    ...a,
    regulatoryBodies: v.isRegulatoryBodyMember
      ? { ...a.regulatoryBodies, isRegulatoryBodyMember: true }
      : { isRegulatoryBodyMember: false, details: [] },
  }),
  next: (a, _nav, links) =>
    a.regulatoryBodies?.isRegulatoryBodyMember === true ? 'regulatory-body' : links.review,
  summary: (a) => [
    { labelKey: 'regulatoryBodyCheck.summary', value: yesNoText(a.regulatoryBodies?.isRegulatoryBodyMember) },
  ],
});

const regulatoryBody = step({
  id: 'regulatory-body',
  view: 'regulatory-bodies-list',
  group: 'memberships',
  writes: ['regulatoryBodies.details'],
  schema: () => regulatoryBodiesFormSchema,
  read: (a) => defined({ details: a.regulatoryBodies?.details }),
  write: (a, v) => ({
    ...a,
    regulatoryBodies: { isRegulatoryBodyMember: true, details: v.details },
  }),
  next: (_a, _nav, links) => links.review,
  summary: (a) => [
    {
      labelKey: 'regulatoryBody.summary',
      value: list(a.regulatoryBodies?.details).flatMap((entry) => {
        const body = entry as RegulatoryBodyAnswer;
        return body.selected === true ? [lines(body.name, body.registrationNumber).join(': ')] : [];
      }),
    },
  ],
});

const review: Step = { id: REVIEW_STEP_ID };

function applicantSteps(id: ApplicantJourneyId): Step[] {
  const membership = isPvgMembershipJourney(id);
  const pvg = membership || CONFIRMATION.includes(id);
  const currentOnly = membership || id === 'pvgce';
  return [
    start(id),
    personalInformation,
    ...(CONFIRMATION.includes(id) ? [workforce] : []),
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
  const currentOnly = isPvgMembershipJourney(id) || id === 'pvgce';
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

export const applicantJourneys: Readonly<Record<ApplicantJourneyId, ApplicantJourney>> = Object.freeze(
  Object.fromEntries(APPLICANT_JOURNEY_IDS.map((id) => [id, buildApplicantJourney(id)])) as Record<
    ApplicantJourneyId,
    ApplicantJourney
  >,
);

export function getApplicantJourney(id: string): ApplicantJourney | undefined {
  return Object.hasOwn(applicantJourneys, id) ? applicantJourneys[id as ApplicantJourneyId] : undefined;
}
