import { z } from 'zod';
import {
  APPLICATION_TYPE_CODES,
  GENDERS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  TITLES,
  WHO_PAYS,
  WORKFORCES,
  type ApplicantDraft,
  type OrganisationDraft,
  type PaymentMethod,
  type PaymentStatus,
} from '@dis/domain';

// The draft parts as the server stores them (applications.data, applications.applicant_data, batch_rows.draft),
// parsed on every read instead of cast. Each schema is checked against the domain's type by the compiler; the
// objects are loose, so a key the schema does not name is kept as it was stored. The answers inside are not
// trusted even when stored (every step validates what it reads again): an answer whose stored value is not of its
// type reads as unanswered, so the walk finds the draft incomplete rather than failing. The server's own envelope
// (the applicant part's origin, declaration and payment; the fee) is strict: one that does not parse is a fault of
// the server, not of the person, and fails loudly.

/** An answer as stored: one whose value is not of its type reads as unanswered. */
const kept = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
/** A group of answers: loose (a key it does not name is kept as stored), read as unanswered when not an object. */
const group = <S extends z.ZodRawShape>(shape: S) => kept(z.looseObject(shape));

const yearMonth = z.looseObject({ year: z.number(), month: z.number() });
const dateParts = z.looseObject({ day: z.number(), month: z.number(), year: z.number() });
const address = z.looseObject({
  line1: kept(z.string()),
  line2: kept(z.string()),
  town: kept(z.string()),
  county: kept(z.string()),
  postcode: kept(z.string()),
  country: kept(z.string()),
  residentFrom: kept(yearMonth),
  residentTo: kept(yearMonth),
});
const personName = z.looseObject({
  title: kept(z.enum(TITLES)),
  otherTitle: kept(z.string()),
  forename: kept(z.string()),
  middleNames: kept(z.string()),
  surname: kept(z.string()),
});
const schemeInfo = z.looseObject({
  workforces: kept(z.array(z.enum(WORKFORCES))),
  applicationType: kept(z.enum(APPLICATION_TYPE_CODES)),
  wasMemberPreviously: kept(z.boolean()),
  existingPVGIdNumber: kept(z.string()),
});
const roleDetails = z.looseObject({
  volunteerForQualifyingOrganisation: kept(z.boolean()),
  position: kept(z.string()),
  organisationName: kept(z.string()),
});
const paymentStatus = z.enum(PAYMENT_STATUSES);
const paymentMethod = z.enum(PAYMENT_METHODS);

const organisationDraft = z.looseObject({
  id: kept(z.string()),
  applicationReference: kept(z.string()),
  confirmRoleQualifies: kept(z.boolean()),
  verified: kept(z.boolean()),
  registeredBody: group({
    registeredBodyName: kept(z.string()),
    registeredBodyOrSubAccountCode: kept(z.string()),
    csgName: kept(personName),
    csgCode: kept(z.string()),
    email: kept(z.string()),
  }),
  anotherOrganisation: group({
    isCsgForAnotherOrganisation: kept(z.boolean()),
    organisationName: kept(z.string()),
    organisationEmail: kept(z.string()),
  }),
  declaration: group({
    agreed: kept(z.boolean()),
    date: kept(z.string()),
  }),
  applicant: group({
    schemeInfo: kept(schemeInfo),
    address: kept(address),
    email: kept(z.string()),
    roleDetails: kept(roleDetails),
    currentName: kept(personName),
    dateOfBirth: kept(dateParts),
  }),
  payment: group({
    subAccountCode: kept(z.string()),
    whoWillPay: kept(z.enum(WHO_PAYS)),
    type: kept(paymentMethod),
    status: kept(paymentStatus),
  }),
  complete: kept(z.boolean()),
}) satisfies z.ZodType<OrganisationDraft>;

/** An organisation's draft as a batch row keeps it until the row becomes an application. */
export const organisationDraftSchema = organisationDraft;

/** What the server keeps besides the spec's draft entity. */
export interface StoredDraft extends OrganisationDraft {
  /** Fee in pence, fixed by the server at submission. */
  feePence?: number;
}

/** An organisation's draft as stored, with the fee the server fixed at the declaration. */
export const storedOrganisationDraftSchema = organisationDraft.extend({
  feePence: z.number().optional(),
}) satisfies z.ZodType<StoredDraft>;

const applicantDraft = z.looseObject({
  id: kept(z.string()),
  applicationReference: kept(z.string()),
  mothersMaidenName: kept(z.string()),
  dateOfBirth: kept(dateParts),
  currentName: kept(personName),
  hasPreviousNames: kept(z.boolean()),
  previousNames: kept(z.array(personName)),
  currentAddress: kept(address),
  previousAddresses: kept(z.array(address)),
  gender: kept(z.enum(Object.keys(GENDERS) as [keyof typeof GENDERS])),
  placeOfBirth: kept(z.string()),
  countryOfBirth: kept(z.string()),
  nationality: kept(z.string()),
  contactDetails: group({
    email: kept(z.string()),
    telephone: kept(z.string()),
    alternateTelephone: kept(z.string()),
  }),
  nationalInsuranceNumber: group({
    hasNINumber: kept(z.boolean()),
    niNumber: kept(z.string()),
  }),
  drivingLicence: group({
    hasDrivingLicence: kept(z.boolean()),
    licenceNumber: kept(z.string()),
    countryOfIssue: kept(z.string()),
    regionOfIssue: kept(z.string()),
  }),
  passport: group({
    hasPassport: kept(z.boolean()),
    passportNumber: kept(z.string()),
    countryOfIssue: kept(z.string()),
  }),
  schemeInfo: kept(schemeInfo),
  pvgNumber: kept(z.string()),
  paymentType: kept(paymentMethod),
  regulatoryBodies: group({
    isRegulatoryBodyMember: kept(z.boolean()),
    details: kept(
      z.array(
        z.looseObject({
          code: z.string(),
          name: kept(z.string()),
          registrationNumber: kept(z.string()),
          selected: kept(z.boolean()),
        }),
      ),
    ),
  }),
  confirmationOfIdentity: kept(z.boolean()),
  roleDetails: kept(roleDetails),
  declaration: group({ agreed: kept(z.boolean()) }),
  personalInfoAgreed: kept(z.boolean()),
  complete: kept(z.boolean()),
  otherOrganisationName: kept(z.string()),
}) satisfies z.ZodType<ApplicantDraft>;

/** The applicant's part of an application, kept in applications.applicant_data. */
export interface ApplicantPart {
  /** organisation: handed over by an organisation and linked; applicant: started by the applicant. */
  origin: 'organisation' | 'applicant';
  draft: ApplicantDraft;
  declaration?: { agreed: true; date: string };
  /** Fixed by the server at the declaration. */
  payment?: { type: PaymentMethod; status: PaymentStatus; amount: number };
  linkedAt?: string;
  submittedAt?: string;
}

export const applicantPartSchema = z.looseObject({
  origin: z.enum(['organisation', 'applicant']),
  draft: applicantDraft,
  declaration: z.looseObject({ agreed: z.literal(true), date: z.string() }).optional(),
  payment: z.looseObject({ type: paymentMethod, status: paymentStatus, amount: z.number() }).optional(),
  linkedAt: z.string().optional(),
  submittedAt: z.string().optional(),
}) satisfies z.ZodType<ApplicantPart>;

/** Reads a stored part; one that does not parse is the server's fault and fails loudly (a 500, logged). */
export function readStored<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Error(
    `stored ${what} does not parse: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
  );
}
