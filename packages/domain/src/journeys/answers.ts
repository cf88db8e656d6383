import type { PERSONAL_DETAILS_ANSWERS } from './applicant';
import type { ADDRESS_ANSWERS } from './applicant-addresses';
import type { IDENTIFYING_ANSWERS } from './applicant-identifying';
import type { MEMBERSHIP_ANSWERS } from './applicant-memberships';
import type { AnswersOf, Flat, MergedDrafts } from './draft-types';
import type { ORGANISATION_ANSWERS } from './organisation-answers';
import type { ApplicationTypeCode, PaymentMethod, PaymentStatus, Title, Workforce } from '../codes';

// The drafts as the spec's entities describe them (document 1 section 3, document 2 section 3), every
// field optional because a draft fills up one page at a time. The API stores a draft exactly as it is
// and the engine walks it; nothing here is trusted, which is why every step re-validates what it reads.

export interface YearMonthAnswer {
  year: number;
  month: number;
}

export interface DatePartsAnswer {
  day: number;
  month: number;
  year: number;
}

export interface AddressAnswer {
  line1?: string;
  line2?: string;
  town?: string;
  county?: string;
  postcode?: string;
  country?: string;
  residentFrom?: YearMonthAnswer;
  /** Derived, never asked: today for the current address, else the month the following address began. */
  residentTo?: YearMonthAnswer;
}

export interface PersonNameAnswer {
  title?: Title;
  otherTitle?: string;
  forename?: string;
  middleNames?: string;
  surname?: string;
}

export interface SchemeInfoAnswer {
  workforces?: Workforce[];
  applicationType?: ApplicationTypeCode;
  wasMemberPreviously?: boolean;
  existingPVGIdNumber?: string;
}

export interface RoleDetailsAnswer {
  volunteerForQualifyingOrganisation?: boolean;
  position?: string;
  organisationName?: string;
}

/**
 * What the organisation draft keeps besides its pages' answers: ids, the registered body, the declaration and the
 * payment's status (the server's), the payment type the server sets (FREE, or the applicant's CARD) beside the
 * page's card or invoice, and the records it shares with the applicant's draft whole, with the parts no
 * organisation page asks (a name's title, the scheme's type and flags, the role's organisation that a save may
 * send, an address's months of residence).
 */
interface OrganisationDraftEnvelope {
  id?: string;
  applicationReference?: string;
  registeredBody?: {
    registeredBodyName?: string;
    registeredBodyOrSubAccountCode?: string;
    csgName?: PersonNameAnswer;
    csgCode?: string;
    email?: string;
  };
  declaration?: { agreed?: boolean; date?: string };
  applicant?: {
    schemeInfo?: SchemeInfoAnswer;
    roleDetails?: RoleDetailsAnswer;
    currentName?: PersonNameAnswer;
    address?: AddressAnswer;
  };
  payment?: { type?: PaymentMethod; status?: PaymentStatus };
  complete?: boolean;
}

/**
 * The organisation's draft: the envelope above and the answers of its pages, inferred from the organisation
 * step file's table (`ORGANISATION_ANSWERS`, which names where a page stores a field under another name).
 */
export type OrganisationDraft = MergedDrafts<
  OrganisationDraftEnvelope,
  AnswersOf<typeof ORGANISATION_ANSWERS>
>;

export interface RegulatoryBodyAnswer {
  code: string;
  name?: string;
  registrationNumber?: string;
  selected?: boolean;
}

/** What the server keeps in an applicant draft besides the answers of its pages: ids, hand-over and payment. */
interface ApplicantDraftEnvelope {
  id?: string;
  applicationReference?: string;
  /** The workforces of a confirmation journey, with what the server and the PVG number page derive. */
  schemeInfo?: SchemeInfoAnswer;
  paymentType?: PaymentMethod;
  confirmationOfIdentity?: boolean;
  roleDetails?: RoleDetailsAnswer;
  declaration?: { agreed?: boolean };
  complete?: boolean;
  otherOrganisationName?: string;
}

/**
 * The applicant's draft: the envelope above and the answers of the journeys' pages, inferred from the tables of
 * the step files (which page schema stores what where), so a new page's answers enter it without a type written
 * by hand.
 */
export type ApplicantDraft = Flat<
  ApplicantDraftEnvelope &
    AnswersOf<typeof PERSONAL_DETAILS_ANSWERS> &
    AnswersOf<typeof ADDRESS_ANSWERS> &
    AnswersOf<typeof IDENTIFYING_ANSWERS> &
    AnswersOf<typeof MEMBERSHIP_ANSWERS>
>;
