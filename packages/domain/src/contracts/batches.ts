import { z } from 'zod';
import { BULK_UPLOAD_STATUSES } from '../codes';
import { addressSchema } from '../validation/address';
import { phoneField } from '../validation/contact';
import { emailField } from '../validation/email';
import { objectOf } from '../validation/structure';
import { organisationNameField } from '../validation/text';
import { batchIdSchema, organisationCodeSchema } from './ids';

// Spec 01 section 7, the two bulkApplications calls (the upload submits the file: AWAITING, then SUBMITTED while
// it is processed, then PROCESSED or FAILED), and what decisions 0020 and 0053 add: a validate-only check of a
// file before its upload (the page's preview), the template, the error report, and the lead countersignatory's
// report.

export const BULK_APPLICATIONS_PATH = '/submitApplicationService/v2/bulkApplications';

/** Spec 01 section 3: AWAITING (queued), SUBMITTED (being processed), PROCESSED, FAILED. */
export const BATCH_STATUSES = BULK_UPLOAD_STATUSES;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
/** A row that passed every check and waits to be processed (or, in a check, would be). */
export const BATCH_ROW_READY = 'READY';

export const batchIdParams = z.object({ id: batchIdSchema });

/** A row of a batch or of a file's check: READY, ERRORS (with its errors), or the application's status. */
const batchRowSummarySchema = z.object({
  index: z.number().int(),
  /** READY until processed, ERRORS for a row with errors, else the status of the application it became. */
  applicationStatus: z.string(),
  applicantSurname: z.string().nullable(),
  applicationReference: z.string().nullable(),
  /** `field` is the column's header name as in the template (`row` for the row as a whole). */
  errors: z.array(z.object({ field: z.string(), reason: z.string() })),
});

export const bulkApplicationResultSchema = z.object({
  metadata: z.object({
    id: z.string(),
    status: z.enum(BATCH_STATUSES),
    /** Data rows in the file. */
    applications: z.number().int(),
    /** Rows made into applications so far. */
    submittedApplications: z.number().int(),
    /** Rows with no errors (the ones processing makes into applications). */
    readyApplications: z.number().int(),
    filename: z.string(),
  }),
  applicationSummaries: z.array(batchRowSummarySchema),
});
export type BulkApplicationResult = z.infer<typeof bulkApplicationResultSchema>;

/** Spec 01 section 7: the upload "returns id and metadata" (and here the preview of every row too). */
export const bulkApplicationUploadSchema = bulkApplicationResultSchema.extend({ id: z.string() });
export type BulkApplicationUpload = z.infer<typeof bulkApplicationUploadSchema>;

/** Not in the spec: a file's check before its upload (nothing stored, nothing processed): decision 0053. */
export const bulkApplicationCheckSchema = z.object({
  metadata: z.object({
    filename: z.string(),
    applications: z.number().int(),
    readyApplications: z.number().int(),
  }),
  applicationSummaries: z.array(batchRowSummarySchema),
});
export type BulkApplicationCheck = z.infer<typeof bulkApplicationCheckSchema>;

export const batchContracts = {
  /**
   * Spec 01 section 7: the upload submits the file. Its ready rows are processed in the background (AWAITING,
   * SUBMITTED, then PROCESSED or FAILED, polled with `get`); rows with errors are reported and made into nothing.
   */
  upload: {
    method: 'POST',
    path: BULK_APPLICATIONS_PATH,
    /** multipart/form-data with one part named `file`. */
    fileField: 'file',
    response: bulkApplicationUploadSchema,
  },
  /** Not in the spec: the same checks as the upload, answered row by row; nothing is stored (decision 0053). */
  check: {
    method: 'POST',
    path: `${BULK_APPLICATIONS_PATH}/validate`,
    fileField: 'file',
    response: bulkApplicationCheckSchema,
  },
  get: {
    method: 'GET',
    path: `${BULK_APPLICATIONS_PATH}/:id`,
    params: batchIdParams,
    response: bulkApplicationResultSchema,
  },
  /** text/csv: the rows that failed, each with its errors, every cell neutralised. */
  errorReport: {
    method: 'GET',
    path: `${BULK_APPLICATIONS_PATH}/:id/error-report`,
    params: batchIdParams,
    produces: 'text/csv',
    response: z.string(),
  },
  /** text/csv: the header and example rows. */
  template: {
    method: 'GET',
    path: `${BULK_APPLICATIONS_PATH}/template`,
    produces: 'text/csv',
    response: z.string(),
  },
} as const;

// ---------- the lead countersignatory's report of corrected organisation details ----------

export const organisationDetailsReportSchema = objectOf({
  organisationName: organisationNameField('organisationReport.organisationName'),
  address: addressSchema('address'),
  mainPhoneNumber: phoneField('organisationReport.mainPhoneNumber'),
  emailAddress: emailField('organisationReport.emailAddress'),
});
export type OrganisationDetailsReport = z.output<typeof organisationDetailsReportSchema>;

export const organisationReportParams = z.object({ orgCode: organisationCodeSchema });

export const organisationReportViewSchema = z.object({
  reports: z.array(
    z.object({
      id: z.string(),
      sentAt: z.string(),
      status: z.literal('SENT'),
      organisationName: z.string(),
    }),
  ),
});

export const organisationReportContracts = {
  list: {
    method: 'GET',
    path: '/api/organisation/:orgCode/detail-corrections',
    params: organisationReportParams,
    response: organisationReportViewSchema,
  },
  send: {
    method: 'POST',
    path: '/api/organisation/:orgCode/detail-corrections',
    params: organisationReportParams,
    body: organisationDetailsReportSchema,
    response: z.object({ id: z.string(), sentAt: z.string(), status: z.literal('SENT') }),
  },
} as const;
