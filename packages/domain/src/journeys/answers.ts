import type {
  ApplicationTypeCode,
  Gender,
  PaymentMethod,
  PaymentStatus,
  Title,
  WhoPays,
  Workforce,
} from '../codes';

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

export interface OrganisationDraft {
  id?: string;
  applicationReference?: string;
  confirmRoleQualifies?: boolean;
  verified?: boolean;
  registeredBody?: {
    registeredBodyName?: string;
    registeredBodyOrSubAccountCode?: string;
    csgName?: PersonNameAnswer;
    csgCode?: string;
    email?: string;
  };
  anotherOrganisation?: {
    isCsgForAnotherOrganisation?: boolean;
    organisationName?: string;
    organisationEmail?: string;
  };
  declaration?: { agreed?: boolean; date?: string };
  applicant?: {
    schemeInfo?: SchemeInfoAnswer;
    address?: AddressAnswer;
    email?: string;
    roleDetails?: RoleDetailsAnswer;
    currentName?: PersonNameAnswer;
    dateOfBirth?: DatePartsAnswer;
  };
  payment?: {
    subAccountCode?: string;
    whoWillPay?: WhoPays;
    type?: PaymentMethod;
    status?: PaymentStatus;
  };
  complete?: boolean;
}

export interface RegulatoryBodyAnswer {
  code: string;
  name?: string;
  registrationNumber?: string;
  selected?: boolean;
}

export interface ApplicantDraft {
  id?: string;
  applicationReference?: string;
  mothersMaidenName?: string;
  dateOfBirth?: DatePartsAnswer;
  currentName?: PersonNameAnswer;
  hasPreviousNames?: boolean;
  previousNames?: PersonNameAnswer[];
  currentAddress?: AddressAnswer;
  previousAddresses?: AddressAnswer[];
  gender?: Gender;
  placeOfBirth?: string;
  countryOfBirth?: string;
  nationality?: string;
  contactDetails?: { email?: string; telephone?: string; alternateTelephone?: string };
  nationalInsuranceNumber?: { hasNINumber?: boolean; niNumber?: string };
  drivingLicence?: {
    hasDrivingLicence?: boolean;
    licenceNumber?: string;
    countryOfIssue?: string;
    regionOfIssue?: string;
  };
  passport?: { hasPassport?: boolean; passportNumber?: string; countryOfIssue?: string };
  schemeInfo?: SchemeInfoAnswer;
  pvgNumber?: string;
  paymentType?: PaymentMethod;
  regulatoryBodies?: { isRegulatoryBodyMember?: boolean; details?: RegulatoryBodyAnswer[] };
  confirmationOfIdentity?: boolean;
  roleDetails?: RoleDetailsAnswer;
  declaration?: { agreed?: boolean };
  personalInfoAgreed?: boolean;
  complete?: boolean;
  otherOrganisationName?: string;
}
