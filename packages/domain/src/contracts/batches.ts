import { z } from 'zod';
import { BULK_UPLOAD_STATUSES } from '../codes';
import { addressSchema } from '../validation/address';
import { phoneField } from '../validation/contact';
import { emailField } from '../validation/email';
import { objectOf } from '../validation/structure';
import { organisationNameField } from '../validation/text';
import { batchIdSchema, organisationCodeSchema } from './ids';

// Spec 01 section 7, the two bulkApplications calls, and what docs/decisions/0020-csv-batch-preview.md adds:
// a submit call after the preview, the template, the error report, and the lead countersignatory's report.

export const BULK_APPLICATIONS_PATH = '/submitApplicationService/v2/bulkApplications';

/** PREVIEW: uploaded and checked, waiting for the countersignatory to submit the ready rows. */
export const BATCH_STATUSES = ['PREVIEW', ...BULK_UPLOAD_STATUSES] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
/** A row that passed every check and waits for the submit. */
export const BATCH_ROW_READY = 'READY';

export const batchIdParams = z.object({ id: batchIdSchema });

export const bulkApplicationResultSchema = z.object({
  metadata: z.object({
    id: z.string(),
    status: z.enum(BATCH_STATUSES),
    /** Data rows in the file. */
    applications: z.number().int(),
    /** Rows made into applications so far. */
    submittedApplications: z.number().int(),
    /** Rows with no errors (the ones a submit takes). */
    readyApplications: z.number().int(),
    filename: z.string(),
    /** Not in the spec: the caller may submit it now (a preview, uploaded by the caller: decision 0042). */
    canSubmit: z.boolean(),
  }),
  applicationSummaries: z.array(
    z.object({
      index: z.number().int(),
      /** READY before the submit, ERRORS for a row with errors, else the application's status. */
      applicationStatus: z.string(),
      applicantSurname: z.string().nullable(),
      applicationReference: z.string().nullable(),
      errors: z.array(z.object({ field: z.string(), reason: z.string() })),
    }),
  ),
});
export type BulkApplicationResult = z.infer<typeof bulkApplicationResultSchema>;

/** Spec 01 section 7: the upload "returns id and metadata" (and here the preview of every row too). */
export const bulkApplicationUploadSchema = bulkApplicationResultSchema.extend({ id: z.string() });
export type BulkApplicationUpload = z.infer<typeof bulkApplicationUploadSchema>;

export const submitBatchBodySchema = z.object({
  /** The countersignatory's declaration for every ready row: identities verified, roles qualify. */
  agreed: z.literal(true, { error: 'Confirm the declaration for the applications you are submitting' }),
});

export const batchContracts = {
  upload: {
    method: 'POST',
    path: BULK_APPLICATIONS_PATH,
    /** multipart/form-data with one part named `file`. */
    fileField: 'file',
    response: bulkApplicationUploadSchema,
  },
  get: {
    method: 'GET',
    path: `${BULK_APPLICATIONS_PATH}/:id`,
    params: batchIdParams,
    response: bulkApplicationResultSchema,
  },
  submit: {
    method: 'POST',
    path: `${BULK_APPLICATIONS_PATH}/:id/submit`,
    params: batchIdParams,
    body: submitBatchBodySchema,
    response: bulkApplicationResultSchema,
  },
  /** text/csv: the rows with errors, every cell neutralised. */
  /** text/csv: the rows that failed, each with its errors. */
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

export const batchPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

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
