import { STATUS_TAGS } from './rules/tags';

// Codes and enumerations of the spec (documents 1 and 2, sections 1, 3 and 8), named once for web and api.

/** The type guard of a code list: whether a value is one of `values`, as the list's type. */
export function isOneOf<const T extends string>(values: readonly T[]): (value: unknown) => value is T {
  return (value): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);
}

export const APPLICATION_TYPES = {
  BD: 'Basic disclosure',
  LA: 'Level 1',
  LB: 'Level 2',
  LC: 'Level 2 with barred list check',
  PA: 'PVG scheme join',
  PB: 'Confirmation of PVG scheme membership (join)',
  PC: 'PVG scheme existing member',
  PD: 'Confirmation of PVG scheme membership (existing)',
  SR: 'Scheme record',
  SS: 'Scheme record update',
  ER: 'Existing scheme record',
  SM: 'Scheme membership statement',
  DM: 'Countersigned scheme membership statement',
} as const;
export type ApplicationTypeCode = keyof typeof APPLICATION_TYPES;
export const APPLICATION_TYPE_CODES = Object.keys(APPLICATION_TYPES) as ApplicationTypeCode[];

export const ORGANISATION_STARTABLE_TYPES = [
  'LA',
  'LB',
  'LC',
  'PA',
  'PC',
] as const satisfies readonly ApplicationTypeCode[];
export const APPLICANT_STARTABLE_TYPES = ['LA', 'PB', 'PD'] as const satisfies readonly ApplicationTypeCode[];
/** Confirmation-of-membership types: sharing goes through the consent page. */
export const CONFIRMATION_TYPES = ['PB', 'PD'] as const satisfies readonly ApplicationTypeCode[];
/** Scheme-record result types: these get the share-or-review choice. */
export const SCHEME_RECORD_TYPES = ['SR', 'SS', 'ER'] as const satisfies readonly ApplicationTypeCode[];

/** A UUID as the service makes them (application link ids, result and share ids, request ids), any case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isApplicationTypeCode(value: unknown): value is ApplicationTypeCode {
  return typeof value === 'string' && Object.hasOwn(APPLICATION_TYPES, value);
}

/** The application type's name as people read it; an unknown code (a stored row from elsewhere) as itself. */
export function applicationTypeName(code: string): string {
  return isApplicationTypeCode(code) ? APPLICATION_TYPES[code] : code;
}

export const APPLICANT_ROLES = ['APPLICANT', 'APPLICATION_ONLY', 'APPLICANT_BASIC'] as const;
export const ORGANISATION_ROLES = ['CSG', 'LEVEL1_CSG'] as const;
export type ApplicantRole = (typeof APPLICANT_ROLES)[number];
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
export type Role = ApplicantRole | OrganisationRole;
export const ROLES: readonly Role[] = [...APPLICANT_ROLES, ...ORGANISATION_ROLES];

/** Every application status, in the spec's order: the keys of the table that gives each its tag (rules/tags.ts). */
export type ApplicationStatus = keyof typeof STATUS_TAGS;
export const APPLICATION_STATUSES = Object.keys(STATUS_TAGS) as ApplicationStatus[];

export const isApplicationStatus = isOneOf(APPLICATION_STATUSES);

/** Status filter of the organisation applications list (document 1 section 2), in display order. */
export const APPLICATION_STATUS_FILTERS = [
  'WITH_APPLICANT',
  'SUBMITTED',
  'RESULT_ISSUED',
  'RESULT_READY',
  'RESULT_VIEWED',
  'EXPIRED',
  'TERMINATED',
  'PAYMENT_FAILED',
] as const satisfies readonly ApplicationStatus[];

/** Basic disclosure status shown to applicants (document 2 section 4). */
export const BASIC_DISCLOSURE_STATUSES = ['RECEIVED', 'IN_PROGRESS', 'COMPLETED', 'TERMINATED'] as const;
export type BasicDisclosureStatus = (typeof BASIC_DISCLOSURE_STATUSES)[number];

export const ASSURANCE_LEVELS = [
  'GPG45_LOW',
  'GPG45_MEDIUM',
  'GPG45_HIGH',
  'GPG45_VERY_HIGH',
  'NO_ASSURANCE',
  'DS_VERIFIED',
  'GPG45_FAILED',
  'GPG45_DECLINED_CANCELLED',
  'DS_FAILED',
] as const;
export type AssuranceLevel = (typeof ASSURANCE_LEVELS)[number];

/** Identity-verified means DS_VERIFIED or GPG45_MEDIUM, exactly as the spec says (not "medium or higher"). */
export function isIdentityVerified(level: string | null | undefined): boolean {
  return level === 'DS_VERIFIED' || level === 'GPG45_MEDIUM';
}

export const CHANNELS = { O: 'Online', P: 'Paper', B: 'B2B' } as const;
export type Channel = keyof typeof CHANNELS;

export const PAYMENT_METHODS = ['INVOICE', 'CARD_CSG', 'CARD', 'FREE', 'NotSet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = [
  'NONE',
  'CREATED',
  'SUCCESS',
  'FAILED',
  'ERROR',
  'WAIVED',
  'INVOICED',
  'FREE',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const WHO_PAYS = ['Organisation', 'Applicant'] as const;
export type WhoPays = (typeof WHO_PAYS)[number];

/** How an organisation pays for an application it pays for: by card or on invoice. */
export const ORGANISATION_PAYMENT_CHOICES = ['CARD_CSG', 'INVOICE'] as const;

export const WORKFORCES = ['ADULT', 'CHILD'] as const;
export type Workforce = (typeof WORKFORCES)[number];

export const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Lord', 'Reverend', 'Other'] as const;
export type Title = (typeof TITLES)[number];

export const GENDERS = { F: 'Female', M: 'Male' } as const;
export type Gender = keyof typeof GENDERS;

export const ADDRESS_ENTRY_MODES = ['postcode', 'manual'] as const;
export type AddressEntryMode = (typeof ADDRESS_ENTRY_MODES)[number];

export const BULK_UPLOAD_STATUSES = ['AWAITING', 'SUBMITTED', 'PROCESSED', 'FAILED'] as const;
export type BulkUploadStatus = (typeof BULK_UPLOAD_STATUSES)[number];
/** Status of a row of a CSV batch that could not be turned into an application. */
export const BULK_ROW_ERROR_STATUS = 'ERRORS';

export const APPEAL_DECISIONS = ['NOT_SET', 'WONT_APPEAL', 'INTENDS_TO_APPEAL', 'APPEAL_RELEASED'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];
/** The display (and URL) form of each decision. */
export const APPEAL_DECISION_SLUGS = {
  NOT_SET: null,
  WONT_APPEAL: 'wont-appeal',
  INTENDS_TO_APPEAL: 'intends-to-appeal',
  APPEAL_RELEASED: 'appeal-released',
} as const satisfies Record<AppealDecision, string | null>;

export const SHARE_PURPOSES = ['SHARE', 'REVIEW'] as const;
export type SharePurpose = (typeof SHARE_PURPOSES)[number];

export const PASSCODE_VALIDITIES = ['VALID', 'INVALID', 'EXPIRED', 'ATTEMPTS_EXCEEDED'] as const;
export type PasscodeValidity = (typeof PASSCODE_VALIDITIES)[number];

export const DRIVING_LICENCE_REGIONS = {
  GB: 'Great Britain',
  NI: 'Northern Ireland',
  OTHER: 'Other',
} as const;
export type DrivingLicenceRegion = keyof typeof DRIVING_LICENCE_REGIONS;

/** Reasons passed to the logout call and shown on /signed-out. */
export const SIGN_OUT_REASONS = {
  inactive: 'inactive for 30 minutes',
  maxDuration: 'active for 4 hours',
} as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[keyof typeof SIGN_OUT_REASONS];

export const FEEDBACK_RATINGS = [
  'VERY_SATISFIED',
  'SATISFIED',
  'NEITHER',
  'DISSATISFIED',
  'VERY_DISSATISFIED',
] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

export interface RegulatoryBody {
  code: string;
  name: string;
  /** Shape of a registration number; every pattern also fits the 13-character cap. */
  registrationNumberPattern: RegExp;
  /** Sample number shown as a hint on the form. */
  example: string;
}

/** One row of the table below, its literal values kept (the codes make RegulatoryBodyCode). */
function regulatoryBody<const C extends string, const N extends string, const E extends string>(
  code: C,
  name: N,
  registrationNumberPattern: RegExp,
  example: E,
) {
  return { code, name, registrationNumberPattern, example } as const;
}

// The spec gives codes 101-112 but not the bodies or formats: see docs/decisions/0002-regulatory-bodies.md.
export const REGULATORY_BODIES = [
  regulatoryBody('101', 'General Medical Council', /^\d{7}$/, '1234567'),
  regulatoryBody('102', 'Nursing and Midwifery Council', /^\d{2}[A-Z]\d{4}[A-Z]$/, '12A3456B'),
  regulatoryBody('103', 'General Dental Council', /^\d{1,6}$/, '123456'),
  regulatoryBody('104', 'General Pharmaceutical Council', /^\d{7}$/, '2012345'),
  regulatoryBody('105', 'Health and Care Professions Council', /^[A-Z]{2}\d{5,6}$/, 'PH123456'),
  regulatoryBody('106', 'General Optical Council', /^\d{2}-\d{5}$/, '01-12345'),
  regulatoryBody('107', 'General Osteopathic Council', /^\d{4}$/, '1234'),
  regulatoryBody('108', 'General Chiropractic Council', /^\d{5}$/, '01234'),
  regulatoryBody('109', 'General Teaching Council for Scotland', /^\d{6}$/, '123456'),
  regulatoryBody('110', 'Scottish Social Services Council', /^\d{7}$/, '1234567'),
  regulatoryBody('111', 'Social Work England', /^SW\d{1,6}$/, 'SW123456'),
  regulatoryBody('112', 'Solicitors Regulation Authority', /^\d{6,7}$/, '123456'),
] as const satisfies readonly RegulatoryBody[];
export type RegulatoryBodyCode = (typeof REGULATORY_BODIES)[number]['code'];

export function regulatoryBodyByCode(code: string): RegulatoryBody | undefined {
  return REGULATORY_BODIES.find((body) => body.code === code);
}

export const ORGANISATION_JOURNEY_IDS = [
  'level-1',
  'level-2',
  'level-2-barred',
  'pvg-join',
  'pvg-existing',
] as const;
export type OrganisationJourneyId = (typeof ORGANISATION_JOURNEY_IDS)[number];

export const APPLICANT_JOURNEY_IDS = [
  'level-1',
  'level-1-csg',
  'level-2',
  'level-2-csg',
  'level-2-barred',
  'pvg-existing',
  'pvg-join',
  'pvgcj',
  'pvgce',
] as const;
export type ApplicantJourneyId = (typeof APPLICANT_JOURNEY_IDS)[number];

export interface FeatureFlags {
  level1Organisation: boolean;
  prepopulatePersonalDetails: boolean;
  pvgConfirmationJoin: boolean;
  pvgConfirmationExisting: boolean;
  enhancedDashboardOrganisation: boolean;
  enhancedDashboardApplicant: boolean;
  b2bBatchUpload: boolean;
  csgCodeFilter: boolean;
}

export const DEFAULT_FEATURE_FLAGS: Readonly<FeatureFlags> = Object.freeze({
  level1Organisation: true,
  prepopulatePersonalDetails: true,
  pvgConfirmationJoin: true,
  pvgConfirmationExisting: true,
  enhancedDashboardOrganisation: true,
  enhancedDashboardApplicant: true,
  b2bBatchUpload: true,
  csgCodeFilter: false,
});

export * from './error-codes';
