import type { ApplicantJourneyId, ApplicationTypeCode, OrganisationJourneyId, WhoPays } from '../codes';
import type { OrganisationDraftSave } from '../validation/organisation-draft';
import type { ApplicantDraft, OrganisationDraft } from './answers';
import { journeyTypeCode } from '../rules/journey-types';

// One codec per side between the draft the journey engine reads (OrganisationDraft, ApplicantDraft) and the save
// payload of spec section 7: the browser encodes with `toPayload`, the server decodes the checked payload into the
// stored draft with `mergePayload`, and `fieldForPath` names the page field of a server error's payload path.
// Written once here, so a new answer is added in one place and the round-trip test says when one side forgets it.

function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

// ---------- organisation ----------

/**
 * "Yes" is sent at once, with the organisation's name and email once given (the next page): the API keeps a
 * bare yes, so the server's draft holds every answer and a reload keeps the person where they are.
 */
function anotherOrganisationPayload(other: NonNullable<OrganisationDraft['anotherOrganisation']>) {
  if (other.isCsgForAnotherOrganisation === undefined) return undefined;
  return other.isCsgForAnotherOrganisation ? compact({ ...other }) : { isCsgForAnotherOrganisation: false };
}

/** An answer the browser never sends in a save: the server sets it, or another call carries it. */
const NOT_SENT = 'not sent';

/** Where each answer of a draft goes in its save payload: a function giving its payload fields, or NOT_SENT. */
type PayloadPlaces<Answers, Context> = {
  readonly [K in keyof Answers]-?:
    typeof NOT_SENT | ((value: NonNullable<Answers[K]>, context: Context) => object);
};

type OrganisationApplicant = NonNullable<OrganisationDraft['applicant']>;
type OrganisationPayment = NonNullable<OrganisationDraft['payment']>;

/**
 * The organisation save payload's place of every answer, written as one map per level of the draft, so a new answer
 * without a place is a compile error, not an answer lost on save. confirmRoleQualifies and whoWillPay have no field
 * of their own in the spec's payload, so they travel alongside under their draft names. The declaration is not
 * saved here: it is the submission call.
 */
const ORGANISATION_APPLICANT_PLACES: PayloadPlaces<OrganisationApplicant, undefined> = {
  // The type is the journey's (below); workforces are the scheme's only answer.
  schemeInfo: (schemeInfo) => ({ workforces: schemeInfo.workforces }),
  address: (address) => ({
    applicantCurrentAddress: compact({
      line1: address.line1,
      line2: address.line2,
      town: address.town,
      county: address.county,
      country: address.country,
      postcode: address.postcode,
    }),
  }),
  email: (email) => ({ applicantEmail: email }),
  roleDetails: (roleDetails) => ({ roleDetails }),
  currentName: (name) => ({
    applicantName: compact({ forename: name.forename, middleNames: name.middleNames, surname: name.surname }),
  }),
  dateOfBirth: (dateOfBirth) => ({ applicantDateOfBirth: dateOfBirth }),
};

const ORGANISATION_PAYMENT_PLACES: PayloadPlaces<OrganisationPayment, OrganisationPayment> = {
  whoWillPay: (whoWillPay) => ({ whoWillPay }),
  // The organisation's own choice only: the server sets FREE and CARD itself at the declaration.
  type: (type, payment) => ({ onlinePaymentType: payment.whoWillPay === 'Organisation' ? type : undefined }),
  subAccountCode: (subAccountCode) => ({ invoiceSubAccountCode: subAccountCode }),
  status: NOT_SENT,
};

const ORGANISATION_PLACES: PayloadPlaces<OrganisationDraft, undefined> = {
  id: NOT_SENT,
  applicationReference: NOT_SENT,
  registeredBody: NOT_SENT,
  declaration: NOT_SENT,
  complete: NOT_SENT,
  confirmRoleQualifies: (confirmRoleQualifies) => ({ confirmRoleQualifies }),
  verified: (verified) => ({ confirmationOfIdentity: verified }),
  anotherOrganisation: (other) => ({ csgAnotherOrganisation: anotherOrganisationPayload(other) }),
  applicant: (applicant) => placed(ORGANISATION_APPLICANT_PLACES, applicant, undefined),
  payment: (payment) => placed(ORGANISATION_PAYMENT_PLACES, payment, payment),
};

/** The payload fields of every answer given, each in its place. */
function placed<Answers extends object, Context>(
  places: PayloadPlaces<Answers, Context>,
  answers: Answers,
  context: Context,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, place] of Object.entries(places) as [
    keyof Answers,
    PayloadPlaces<Answers, Context>[keyof Answers],
  ][]) {
    if (place === NOT_SENT || answers[key] === undefined) continue;
    Object.assign(fields, (place as (value: unknown, context: Context) => object)(answers[key], context));
  }
  return fields;
}

/** The organisation save payload from the answers. */
function organisationToPayload(
  journeyId: OrganisationJourneyId,
  answers: OrganisationDraft,
  places: PayloadPlaces<OrganisationDraft, undefined> = ORGANISATION_PLACES,
): Record<string, unknown> {
  return compact({ applicationTypeCode: journeyTypeCode(journeyId), ...placed(places, answers, undefined) });
}

/** The organisation payload's fields and the page field that shows each one's error. */
const ORGANISATION_PAYLOAD_FIELDS: Readonly<Record<string, string>> = {
  confirmRoleQualifies: 'confirmRoleQualifies',
  'applicantName.forename': 'firstName',
  'applicantName.middleNames': 'middleName',
  'applicantName.surname': 'lastName',
  applicantDateOfBirth: 'dateOfBirth',
  applicantEmail: 'email',
  confirmationOfIdentity: 'verified',
  'roleDetails.position': 'position',
  'roleDetails.volunteerForQualifyingOrganisation': 'volunteerForQualifyingOrganisation',
  workforces: 'workforces',
  'csgAnotherOrganisation.isCsgForAnotherOrganisation': 'isCsgForAnotherOrganisation',
  'csgAnotherOrganisation.organisationName': 'organisationName',
  'csgAnotherOrganisation.organisationEmail': 'organisationEmail',
  whoWillPay: 'whoWillPay',
  onlinePaymentType: 'type',
  invoiceSubAccountCode: 'subAccountCode',
  declaration: 'agreed',
  'applicantCurrentAddress.line1': 'line1',
  'applicantCurrentAddress.line2': 'line2',
  'applicantCurrentAddress.town': 'town',
  'applicantCurrentAddress.county': 'county',
  'applicantCurrentAddress.postcode': 'postcode',
  'applicantCurrentAddress.country': 'country',
};

/** The page field of an organisation payload path (applicantDateOfBirth.day belongs to the date as a whole). */
function organisationFieldForPath(path: string): string | undefined {
  if (ORGANISATION_PAYLOAD_FIELDS[path]) return ORGANISATION_PAYLOAD_FIELDS[path];
  const parent = path.split('.').slice(0, -1).join('.');
  return parent ? organisationFieldForPath(parent) : undefined;
}

/** What the server read from an organisation save besides the spec's payload. */
export interface OrganisationPayloadExtras {
  confirmRoleQualifies?: boolean | undefined;
  whoWillPay?: WhoPays | undefined;
  /** The sub-account code was cleared (null or empty). */
  clearSubAccount?: boolean;
  /** "Yes, on behalf of another organisation" saved before its name and email (its own page). */
  partialAnotherOrganisation?: OrganisationDraft['anotherOrganisation'] | undefined;
}

/**
 * The stored draft with a checked save payload merged in: only the answers sent change; the type is the
 * application's own; a sub-account code survives only with INVOICE.
 */
function organisationMergePayload<D extends OrganisationDraft>(
  stored: D,
  payload: OrganisationDraftSave,
  type: ApplicationTypeCode,
  extras: OrganisationPayloadExtras = {},
): D {
  const p = payload;
  const applicant = { ...stored.applicant };
  if (p.applicantCurrentAddress) applicant.address = p.applicantCurrentAddress;
  if (p.applicantEmail !== undefined) applicant.email = p.applicantEmail;
  if (p.applicantName)
    applicant.currentName = {
      forename: p.applicantName.forename,
      ...(p.applicantName.middleNames ? { middleNames: p.applicantName.middleNames } : {}),
      surname: p.applicantName.surname,
    };
  if (p.applicantDateOfBirth) applicant.dateOfBirth = p.applicantDateOfBirth;
  if (p.roleDetails) applicant.roleDetails = { ...applicant.roleDetails, ...compact({ ...p.roleDetails }) };
  if (p.workforces) applicant.schemeInfo = { ...applicant.schemeInfo, workforces: p.workforces };
  applicant.schemeInfo = { ...applicant.schemeInfo, applicationType: type };

  const payment = { ...stored.payment };
  if (p.onlinePaymentType) payment.type = p.onlinePaymentType;
  if (p.invoiceSubAccountCode !== undefined) payment.subAccountCode = p.invoiceSubAccountCode;
  if (extras.clearSubAccount || (payment.type !== undefined && payment.type !== 'INVOICE'))
    delete payment.subAccountCode;
  if (extras.whoWillPay) payment.whoWillPay = extras.whoWillPay;

  const partial = extras.partialAnotherOrganisation;
  return {
    ...stored,
    applicant,
    payment,
    ...(p.confirmationOfIdentity !== undefined ? { verified: p.confirmationOfIdentity } : {}),
    ...(extras.confirmRoleQualifies !== undefined
      ? { confirmRoleQualifies: extras.confirmRoleQualifies }
      : {}),
    ...(p.csgAnotherOrganisation ? { anotherOrganisation: p.csgAnotherOrganisation } : {}),
    ...(partial
      ? {
          anotherOrganisation: {
            ...(stored.anotherOrganisation?.isCsgForAnotherOrganisation ? stored.anotherOrganisation : {}),
            ...partial,
          },
        }
      : {}),
  };
}

export const organisationCodec = {
  toPayload: organisationToPayload,
  mergePayload: organisationMergePayload,
  fieldForPath: organisationFieldForPath,
};

// ---------- applicant ----------

/** Set by the server (fees, payment, hand-over fields); never taken from a save. */
export const APPLICANT_SERVER_OWNED_FIELDS = [
  'id',
  'applicationReference',
  'applicationTypeCode',
  'journeyId',
  'status',
  'organisationInitiated',
  'roleDetails',
  'workforces',
  'otherOrganisationName',
  'organisationName',
  'onlinePaymentType',
  'paymentType',
  'paymentStatus',
  'amount',
  'declaration',
  'complete',
  'confirmationOfIdentity',
] as const;

/**
 * A "yes" whose details come on the next page (passport, driving licence, regulatory bodies) is sent at once,
 * bare until the details are complete, so the server's draft holds every answer given and a reload keeps the
 * person on the details page. "No" goes at once too.
 */
function withDetails<T extends object>(
  value: T,
  yes: Partial<T>,
  answeredYes: boolean | undefined,
  complete: boolean,
): T | Partial<T> | undefined {
  if (answeredYes === undefined) return undefined;
  return answeredYes && !complete ? yes : value;
}

const asGiven =
  <K extends keyof ApplicantDraft>(key: K) =>
  (value: ApplicantDraft[K]) => ({ [key]: value });

/**
 * The applicant save payload's place of every answer (a compile error for an answer without one). The server
 * derives residentTo, sets the fees and payment type, and keeps the hand-over fields the organisation gave.
 */
const APPLICANT_PLACES: PayloadPlaces<ApplicantDraft, ApplicantJourneyId> = {
  id: NOT_SENT,
  applicationReference: NOT_SENT,
  paymentType: NOT_SENT,
  confirmationOfIdentity: NOT_SENT,
  roleDetails: NOT_SENT,
  declaration: NOT_SENT,
  complete: NOT_SENT,
  otherOrganisationName: NOT_SENT,
  schemeInfo: (schemeInfo, journeyId) => ({
    schemeInfo: compact({ ...schemeInfo, applicationType: journeyTypeCode(journeyId) }),
  }),
  personalInfoAgreed: asGiven('personalInfoAgreed'),
  currentName: asGiven('currentName'),
  hasPreviousNames: asGiven('hasPreviousNames'),
  previousNames: asGiven('previousNames'),
  mothersMaidenName: asGiven('mothersMaidenName'),
  dateOfBirth: asGiven('dateOfBirth'),
  gender: asGiven('gender'),
  placeOfBirth: asGiven('placeOfBirth'),
  countryOfBirth: asGiven('countryOfBirth'),
  nationality: asGiven('nationality'),
  currentAddress: ({ residentTo: _derived, ...currentAddress }) => ({ currentAddress }),
  previousAddresses: (addresses) => ({
    previousAddresses: addresses.map(({ residentTo: _to, ...address }) => address),
  }),
  contactDetails: asGiven('contactDetails'),
  pvgNumber: asGiven('pvgNumber'),
  nationalInsuranceNumber: asGiven('nationalInsuranceNumber'),
  passport: (passport) => ({
    passport: withDetails(
      passport,
      { hasPassport: true },
      passport.hasPassport,
      Boolean(passport.passportNumber),
    ),
  }),
  drivingLicence: (licence) => ({
    drivingLicence: withDetails(
      licence,
      { hasDrivingLicence: true },
      licence.hasDrivingLicence,
      Boolean(licence.licenceNumber),
    ),
  }),
  regulatoryBodies: (bodies) => ({
    regulatoryBodies: withDetails(
      bodies,
      { isRegulatoryBodyMember: true },
      bodies.isRegulatoryBodyMember,
      (bodies.details ?? []).some((body) => body.selected === true),
    ),
  }),
};

/** The applicant save payload from the answers the journey's own rules accepted. */
function applicantToPayload(
  journeyId: ApplicantJourneyId,
  answers: ApplicantDraft,
  places: PayloadPlaces<ApplicantDraft, ApplicantJourneyId> = APPLICANT_PLACES,
): Record<string, unknown> {
  // The type travels in schemeInfo even before the scheme's own answers.
  return compact(placed(places, { ...answers, schemeInfo: answers.schemeInfo ?? {} }, journeyId));
}

/** The two sides' maps of where each answer goes: the round-trip test takes one away to show it would notice. */
export const PAYLOAD_PLACES = { organisation: ORGANISATION_PLACES, applicant: APPLICANT_PLACES };
export type { PayloadPlaces };

/**
 * The page field of an applicant payload path: applicant form fields carry the payload's own names
 * (currentName.forename -> forename, dateOfBirth.day -> dateOfBirth), so the nearest segment that is a field of
 * the page.
 */
function applicantFieldForPath(path: string, fields: readonly string[]): string | undefined {
  const segments = path.split('.');
  for (let index = segments.length - 1; index >= 0; index -= 1) {
    if (fields.includes(segments[index] ?? '')) return segments[index];
  }
  return undefined;
}

/**
 * The stored answers with a checked save payload merged in: each answer sent replaces the stored one; the type is
 * the application's own; the end dates of previous addresses are derived again (from the address that follows);
 * "no" to previous names empties their list.
 */
function applicantMergePayload(
  stored: ApplicantDraft,
  payload: ApplicantDraft,
  type: ApplicationTypeCode,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || (APPLICANT_SERVER_OWNED_FIELDS as readonly string[]).includes(key)) continue;
    merged[key] = value;
  }
  merged.schemeInfo = { ...stored.schemeInfo, ...payload.schemeInfo, applicationType: type };
  if (Array.isArray(merged.previousAddresses)) {
    merged.previousAddresses = (merged.previousAddresses as Record<string, unknown>[]).map(
      ({ residentTo: _derived, ...address }) => address,
    );
  }
  if (payload.hasPreviousNames === false && payload.previousNames === undefined) merged.previousNames = [];
  return merged;
}

export const applicantCodec = {
  toPayload: applicantToPayload,
  mergePayload: applicantMergePayload,
  fieldForPath: applicantFieldForPath,
};
