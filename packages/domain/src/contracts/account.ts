import { z } from 'zod';
import { defineEndpoint, readEndpoint } from './define';
import { countersignatoryIdSchema, organisationCodeSchema } from './ids';

// The signed-in person's own records: the countersignatory's registration and cost centres, the identity record,
// and PVG scheme membership.

/** A postal address as the register and the applications keep it. */
const postalAddressSchema = z.looseObject({
  line1: z.string().optional(),
  line2: z.string().optional(),
  town: z.string().optional(),
  county: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string().optional(),
});

/** The countersignatory's own registration (any other id is 404). Organisation roles. */
export const countersignatoryInformationContract = defineEndpoint({
  method: 'GET',
  path: '/api/countersignatories/:id',
  params: z.object({ id: countersignatoryIdSchema }),
  response: z.object({
    organisationName: z.string(),
    organisationCode: z.string(),
    countersignatoryCode: z.string(),
    address: postalAddressSchema,
    emailAddress: z.string(),
    mainPhoneNumber: z.string(),
  }),
});

/** Cost-centre sub-accounts of the caller's own registered body (any other is 404). Organisation roles. */
export const costCentresContract = defineEndpoint({
  method: 'GET',
  path: '/api/costcentres/:id',
  params: z.object({ id: organisationCodeSchema }),
  response: z.array(z.object({ costCentreCode: z.string() })),
});

const personalDetailsSchema = z.object({
  name: z.object({ forename: z.string(), middleNames: z.string().optional(), surname: z.string() }),
  dateOfBirth: z.string().nullable(),
  emailAddress: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** The identity provider's address, when it holds one (the local provider does not). */
  address: postalAddressSchema.optional(),
});

/** The identity record of the signed-in person (404 without one). Applicant and organisation roles. */
export const personalDetailsContract = readEndpoint('/api/personal-details/me', personalDetailsSchema);

/**
 * The PVG join journey's prepopulation (flag prepopulatePersonalDetails, else 404 FEATURE_DISABLED): the identity
 * record and the current address of the applicant's latest application, if any. APPLICANT only.
 */
export const enhancedPersonalDetailsContract = readEndpoint(
  '/api/personal-details/enhanced',
  personalDetailsSchema.extend({ address: postalAddressSchema.nullable() }),
);

/** The applicant's PVG scheme membership (404 SCHEME_MEMBERSHIP_NOT_FOUND for a non-member). APPLICANT only. */
export const schemeMembershipContract = readEndpoint(
  '/api/scheme-membership-details/me',
  z.object({
    pvgMembershipNumber: z.string(),
    joinedChildSchemeOn: z.string().nullable(),
    joinedAdultSchemeOn: z.string().nullable(),
  }),
);

const reminderSettingSchema = z.object({
  /** Whether the person gets reminders before their deadlines (transactional messages are always sent). */
  remindersOn: z.boolean(),
});

/** The signed-in person's reminder setting (on unless they turned it off). Applicant and organisation roles. */
export const reminderSettingContract = readEndpoint(
  '/api/personal-details/me/reminders',
  reminderSettingSchema,
);

/** Turns reminders on or off for the signed-in person. Applicant and organisation roles. */
export const updateReminderSettingContract = defineEndpoint({
  method: 'PUT',
  path: '/api/personal-details/me/reminders',
  body: reminderSettingSchema,
  response: reminderSettingSchema,
});
