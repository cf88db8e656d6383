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
function anotherOrganisationPayload(other: OrganisationDraft['anotherOrganisation']) {
  if (other?.isCsgForAnotherOrganisation === false) return { isCsgForAnotherOrganisation: false };
  if (other?.isCsgForAnotherOrganisation === true) return compact({ ...other });
  return undefined;
}

/**
 * The organisation save payload from the answers. confirmRoleQualifies and whoWillPay have no field of their own in
 * the spec's payload, so they travel alongside under their draft names. The declaration is not saved here: it is
 * the submission call.
 */
function organisationToPayload(
  journeyId: OrganisationJourneyId,
  answers: OrganisationDraft,
): Record<string, unknown> {
  const applicant = answers.applicant ?? {};
  const address = applicant.address;
  return compact({
    applicationTypeCode: journeyTypeCode(journeyId),
    confirmRoleQualifies: answers.confirmRoleQualifies,
    whoWillPay: answers.payment?.whoWillPay,
    applicantCurrentAddress: address
      ? compact({
          line1: address.line1,
          line2: address.line2,
          town: address.town,
          county: address.county,
          country: address.country,
          postcode: address.postcode,
        })
      : undefined,
    applicantEmail: applicant.email,
    applicantName: applicant.currentName
      ? compact({
          forename: applicant.currentName.forename,
          middleNames: applicant.currentName.middleNames,
          surname: applicant.currentName.surname,
        })
      : undefined,
    applicantDateOfBirth: applicant.dateOfBirth,
    confirmationOfIdentity: answers.verified,
    csgAnotherOrganisation: anotherOrganisationPayload(answers.anotherOrganisation),
    roleDetails: applicant.roleDetails,
    workforces: applicant.schemeInfo?.workforces,
    // The organisation's own choice only: the server sets FREE and CARD itself at the declaration.
    onlinePaymentType: answers.payment?.whoWillPay === 'Organisation' ? answers.payment.type : undefined,
    invoiceSubAccountCode: answers.payment?.subAccountCode,
  });
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
  value: T | undefined,
  yes: Partial<T>,
  answeredYes: boolean | undefined,
  complete: boolean,
): T | Partial<T> | undefined {
  if (value === undefined || answeredYes === undefined) return undefined;
  return answeredYes && !complete ? yes : value;
}

/**
 * The applicant save payload from the answers the journey's own rules accepted. The server derives residentTo,
 * sets the fees and payment type, and keeps the hand-over fields the organisation gave.
 */
function applicantToPayload(journeyId: ApplicantJourneyId, answers: ApplicantDraft): Record<string, unknown> {
  const passport = answers.passport;
  const licence = answers.drivingLicence;
  const bodies = answers.regulatoryBodies;
  const { residentTo: _derived, ...currentAddress } = answers.currentAddress ?? {};
  return compact({
    schemeInfo: compact({ ...answers.schemeInfo, applicationType: journeyTypeCode(journeyId) }),
    personalInfoAgreed: answers.personalInfoAgreed,
    currentName: answers.currentName,
    hasPreviousNames: answers.hasPreviousNames,
    previousNames: answers.previousNames,
    mothersMaidenName: answers.mothersMaidenName,
    dateOfBirth: answers.dateOfBirth,
    gender: answers.gender,
    placeOfBirth: answers.placeOfBirth,
    countryOfBirth: answers.countryOfBirth,
    nationality: answers.nationality,
    currentAddress: answers.currentAddress ? currentAddress : undefined,
    previousAddresses: answers.previousAddresses?.map(({ residentTo: _to, ...address }) => address),
    contactDetails: answers.contactDetails,
    pvgNumber: answers.pvgNumber,
    nationalInsuranceNumber: answers.nationalInsuranceNumber,
    passport: withDetails(
      passport,
      { hasPassport: true },
      passport?.hasPassport,
      Boolean(passport?.passportNumber),
    ),
    drivingLicence: withDetails(
      licence,
      { hasDrivingLicence: true },
      licence?.hasDrivingLicence,
      Boolean(licence?.licenceNumber),
    ),
    regulatoryBodies: withDetails(
      bodies,
      { isRegulatoryBodyMember: true },
      bodies?.isRegulatoryBodyMember,
      (bodies?.details ?? []).some((body) => body.selected === true),
    ),
  });
}

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
