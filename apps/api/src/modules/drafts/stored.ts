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

const yearMonth = z.looseObject({ year: z.number(), month: z.number() });
const dateParts = z.looseObject({ day: z.number(), month: z.number(), year: z.number() });
const address = z.looseObject({
  line1: z.string().optional().catch(undefined),
  line2: z.string().optional().catch(undefined),
  town: z.string().optional().catch(undefined),
  county: z.string().optional().catch(undefined),
  postcode: z.string().optional().catch(undefined),
  country: z.string().optional().catch(undefined),
  residentFrom: yearMonth.optional().catch(undefined),
  residentTo: yearMonth.optional().catch(undefined),
});
const personName = z.looseObject({
  title: z.enum(TITLES).optional().catch(undefined),
  otherTitle: z.string().optional().catch(undefined),
  forename: z.string().optional().catch(undefined),
  middleNames: z.string().optional().catch(undefined),
  surname: z.string().optional().catch(undefined),
});
const schemeInfo = z.looseObject({
  workforces: z.array(z.enum(WORKFORCES)).optional().catch(undefined),
  applicationType: z.enum(APPLICATION_TYPE_CODES).optional().catch(undefined),
  wasMemberPreviously: z.boolean().optional().catch(undefined),
  existingPVGIdNumber: z.string().optional().catch(undefined),
});
const roleDetails = z.looseObject({
  volunteerForQualifyingOrganisation: z.boolean().optional().catch(undefined),
  position: z.string().optional().catch(undefined),
  organisationName: z.string().optional().catch(undefined),
});
const paymentStatus = z.enum(PAYMENT_STATUSES);
const paymentMethod = z.enum(PAYMENT_METHODS);

const organisationDraft = z.looseObject({
  id: z.string().optional().catch(undefined),
  applicationReference: z.string().optional().catch(undefined),
  confirmRoleQualifies: z.boolean().optional().catch(undefined),
  verified: z.boolean().optional().catch(undefined),
  registeredBody: z
    .looseObject({
      registeredBodyName: z.string().optional().catch(undefined),
      registeredBodyOrSubAccountCode: z.string().optional().catch(undefined),
      csgName: personName.optional().catch(undefined),
      csgCode: z.string().optional().catch(undefined),
      email: z.string().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  anotherOrganisation: z
    .looseObject({
      isCsgForAnotherOrganisation: z.boolean().optional().catch(undefined),
      organisationName: z.string().optional().catch(undefined),
      organisationEmail: z.string().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  declaration: z
    .looseObject({
      agreed: z.boolean().optional().catch(undefined),
      date: z.string().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  applicant: z
    .looseObject({
      schemeInfo: schemeInfo.optional().catch(undefined),
      address: address.optional().catch(undefined),
      email: z.string().optional().catch(undefined),
      roleDetails: roleDetails.optional().catch(undefined),
      currentName: personName.optional().catch(undefined),
      dateOfBirth: dateParts.optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  payment: z
    .looseObject({
      subAccountCode: z.string().optional().catch(undefined),
      whoWillPay: z.enum(WHO_PAYS).optional().catch(undefined),
      type: paymentMethod.optional().catch(undefined),
      status: paymentStatus.optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  complete: z.boolean().optional().catch(undefined),
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
  id: z.string().optional().catch(undefined),
  applicationReference: z.string().optional().catch(undefined),
  mothersMaidenName: z.string().optional().catch(undefined),
  dateOfBirth: dateParts.optional().catch(undefined),
  currentName: personName.optional().catch(undefined),
  hasPreviousNames: z.boolean().optional().catch(undefined),
  previousNames: z.array(personName).optional().catch(undefined),
  currentAddress: address.optional().catch(undefined),
  previousAddresses: z.array(address).optional().catch(undefined),
  gender: z
    .enum(Object.keys(GENDERS) as [keyof typeof GENDERS])
    .optional()
    .catch(undefined),
  placeOfBirth: z.string().optional().catch(undefined),
  countryOfBirth: z.string().optional().catch(undefined),
  nationality: z.string().optional().catch(undefined),
  contactDetails: z
    .looseObject({
      email: z.string().optional().catch(undefined),
      telephone: z.string().optional().catch(undefined),
      alternateTelephone: z.string().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  nationalInsuranceNumber: z
    .looseObject({
      hasNINumber: z.boolean().optional().catch(undefined),
      niNumber: z.string().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  drivingLicence: z
    .looseObject({
      hasDrivingLicence: z.boolean().optional().catch(undefined),
      licenceNumber: z.string().optional().catch(undefined),
      countryOfIssue: z.string().optional().catch(undefined),
      regionOfIssue: z.string().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  passport: z
    .looseObject({
      hasPassport: z.boolean().optional().catch(undefined),
      passportNumber: z.string().optional().catch(undefined),
      countryOfIssue: z.string().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  schemeInfo: schemeInfo.optional().catch(undefined),
  pvgNumber: z.string().optional().catch(undefined),
  paymentType: paymentMethod.optional().catch(undefined),
  regulatoryBodies: z
    .looseObject({
      isRegulatoryBodyMember: z.boolean().optional().catch(undefined),
      details: z
        .array(
          z.looseObject({
            code: z.string(),
            name: z.string().optional().catch(undefined),
            registrationNumber: z.string().optional().catch(undefined),
            selected: z.boolean().optional().catch(undefined),
          }),
        )
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
  confirmationOfIdentity: z.boolean().optional().catch(undefined),
  roleDetails: roleDetails.optional().catch(undefined),
  declaration: z
    .looseObject({ agreed: z.boolean().optional().catch(undefined) })
    .optional()
    .catch(undefined),
  personalInfoAgreed: z.boolean().optional().catch(undefined),
  complete: z.boolean().optional().catch(undefined),
  otherOrganisationName: z.string().optional().catch(undefined),
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
