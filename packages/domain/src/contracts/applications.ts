import { z } from 'zod';
import { APPLICATION_STATUSES } from '../codes';
import { APPLICANT_PAGE_SIZES, ORGANISATION_PAGE_SIZES } from '../limits';
import { pageSizeSchema } from '../validation/filters';
import { defineEndpoint } from './define';
import { applicationStatusSchema, typeCodeSchema } from './results';

// The dashboards' lists of applications: the organisation's (or only the countersignatory's own) and the
// applicant's. Counts stop at a bound (decision 0024): `totalIsLowerBound` says "more than totalElements".

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const page = z.coerce.number().int().min(1).max(10_000).default(1);

const applicationSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  applicantName: z.string().nullable(),
  status: applicationStatusSchema,
  /** Days left before the application expires, or of viewing the result once opened; null when neither runs. */
  daysRemaining: z.number().nullable(),
  type: z.string(),
  organisationName: z.string().nullable(),
  /** Applicant rows: the organisation's payment type (it picks the Level 2 journey). */
  onlinePaymentType: z.string().nullable().optional(),
  /** Rows with a result: its id and disclosure type (a Basic result opens its own page). */
  resultId: z.string().nullable(),
  resultType: typeCodeSchema.nullable(),
});

const summariesSchema = z.object({
  summaries: z.array(applicationSummarySchema),
  totalElements: z.number(),
  /** Present when the server stopped counting at its bound: there are more than totalElements. */
  totalIsLowerBound: z.literal(true).optional(),
});

/** The organisation's applications (spec 01 section 6). Organisation roles with today's declaration. */
export const organisationApplicationsContract = defineEndpoint({
  method: 'GET',
  path: '/ags/disclosure-summaries',
  query: z.object({
    applicantName: z.preprocess(emptyToUndefined, z.string().trim().max(130).optional()),
    csgCode: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9]{1,9}$/)
        .optional(),
    ),
    status: z.preprocess(emptyToUndefined, z.enum(APPLICATION_STATUSES).optional()),
    showOrganisationDisclosures: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
    searchedAt: z.string().max(40).optional(),
    page,
    // Spec 01 section 9: 10, 20, 50 or 100 (the organisation's selector reads the same ORGANISATION_PAGE_SIZES).
    pageSize: pageSizeSchema('applicationsFilter', ORGANISATION_PAGE_SIZES),
  }),
  response: summariesSchema,
});

/** The applicant's own applications (spec 02 section 9). Applicant roles. */
export const applicantApplicationsContract = defineEndpoint({
  method: 'GET',
  path: '/api/draftApplications/applicant-applications-summary',
  query: z.object({
    page,
    // The applicant dashboard's page sizes (spec 02 section 9): 5, 10, 20 or 30.
    pageSize: z.coerce
      .number()
      .int()
      .refine(
        (n) => (APPLICANT_PAGE_SIZES as readonly number[]).includes(n),
        'Select a page size of 5, 10, 20 or 30',
      )
      .default(APPLICANT_PAGE_SIZES[0]),
  }),
  response: summariesSchema,
});
