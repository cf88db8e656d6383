import { randomBytes } from 'node:crypto';
import {
  londonDate,
  applicantDisplayName,
  BATCH_CSV_COLUMN_NAMES,
  BULK_ROW_ERROR_STATUS,
  batchColumnInWords as columnInWords,
  batchRowValues,
  checkBatchRow,
  decodeCsvText,
  feeFor,
  mayReachApplication,
  missingBatchColumns,
  paymentTypeToSend,
  startableTypesFor,
  toSafeCsv,
  validateCsvUpload,
  type ApplicationTypeCode,
  type BatchRowError,
  type CsvUploadErrorCode,
  type FeatureFlags,
  type OrganisationDraft,
  type PaymentStatus,
  type Role,
} from '@dis/domain';
import {
  BATCH_ROW_READY,
  type BatchStatus,
  type BulkApplicationCheck,
  type BulkApplicationResult,
  type BulkApplicationUpload,
} from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { ScannerUnavailable, type VirusScanner } from '../../integrations/virus-scan/types';
import { completeApplication, type HandoverDeps } from '../handover/service';
import { DRAFT_STATUS, findApplication, isUniqueViolation } from '../applications/service';
import {
  countersignatoryOf,
  insertNewDraft,
  registeredBodyOf,
  type Countersignatory,
  type OrganisationUser,
  type StoredDraft,
  organisationDraftSchema,
  readStored,
} from '../drafts/service';
import { costCentres, organisationQualifiesAsVoluntary } from '../organisations/service';
import * as store from './store';

export const BATCH_JOB = 'batches.process';

export interface BatchDeps extends HandoverDeps {
  features: FeatureFlags;
  scanner: VirusScanner;
  /** Queues the processing job (and wakes the job runner). */
  enqueue(batchId: string): Promise<void>;
}

/** Spec 01 section 8: each refusal of a file, with its status and message (the page adds the heading). */
const UPLOAD_ERRORS: Record<
  CsvUploadErrorCode | 'FILENAME_ALREADY_IN_USE' | 'ATTEMPTED_TO_UPLOAD_INFECTED_FILE',
  [number, string]
> = {
  CSV_FILE_REQUIRED: [400, 'Select a CSV file'],
  CSV_EXCEEDS_SIZE_LIMIT: [413, 'The selected file must be smaller than 500 KB'],
  INVALID_FILENAME_FORMAT: [
    400,
    'The file name must be your registered body code, an underscore, the date as 8 digits, an underscore, the time as 6 digits and .csv, like RB1001_20261123_101500.csv',
  ],
  RB_CODE_DOES_NOT_MATCH_USER: [400, "The file name must include your organisation's registered body code"],
  CSV_NO_CONTENT: [400, 'The selected file is empty: it needs a header row and at least one application'],
  CSV_EXCEEDS_ROW_LIMIT: [400, 'The selected file must have 100 applications or fewer'],
  CSV_INVALID_FORMAT: [400, 'The selected file must be a CSV file saved as UTF-8 text'],
  FILENAME_ALREADY_IN_USE: [409, 'A file with this name has already been uploaded. Give the file a new name'],
  ATTEMPTED_TO_UPLOAD_INFECTED_FILE: [400, 'The selected file contains a virus and has not been uploaded'],
};

const uploadError = (code: keyof typeof UPLOAD_ERRORS, message?: string) =>
  new ApiError(UPLOAD_ERRORS[code][0], code, message ?? UPLOAD_ERRORS[code][1]);

const serviceUnavailable = () =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', 'Sorry, the service is unavailable. Try again later.');

export interface UploadedFile {
  filename: string | undefined;
  /** Null when the file was larger than the limit (the stream was cut off). */
  content: Buffer | null;
}

/** Rules of a row that need the register: the user's startable types, sub-account codes, voluntary status. */
async function registerChecks(
  db: Db,
  csg: Countersignatory,
  startable: readonly ApplicationTypeCode[],
  type: ApplicationTypeCode,
  draft: OrganisationDraft,
  cache: { codes?: string[]; voluntary?: boolean },
): Promise<BatchRowError[]> {
  const errors: BatchRowError[] = [];
  if (!startable.includes(type))
    errors.push({ field: 'applicationType', reason: 'Your account cannot start this type of application' });
  const code = draft.payment?.subAccountCode;
  if (code) {
    cache.codes ??= (await costCentres(db, csg.organisationCode)).map((c) => c.costCentreCode);
    if (!cache.codes.includes(code))
      errors.push({
        field: 'subAccountCode',
        reason: `Enter one of your organisation's sub-account codes: ${cache.codes.join(', ')}`,
      });
  }
  if (draft.applicant?.roleDetails?.volunteerForQualifyingOrganisation === true) {
    cache.voluntary ??= await organisationQualifiesAsVoluntary(db, csg.organisationCode);
    if (!cache.voluntary)
      errors.push({
        field: 'volunteer',
        reason: 'Your organisation is not a qualifying voluntary organisation. Enter no',
      });
  }
  return errors;
}

/**
 * A file's checks (spec 01 sections 5 and 8): the virus scan first, then the file rules, then every row. Refuses
 * the file (an ApiError) or answers its rows, READY or ERRORS; stores nothing.
 */
async function checkFile(
  deps: BatchDeps,
  user: OrganisationUser,
  file: UploadedFile | undefined,
  requestId: string,
): Promise<{ csg: Countersignatory; filename: string; rows: store.NewBatchRow[] }> {
  const { db } = deps;
  const csg = await countersignatoryOf(db, user);
  if (!file || !file.filename) throw uploadError('CSV_FILE_REQUIRED');
  if (file.content === null) throw uploadError('CSV_EXCEEDS_SIZE_LIMIT');
  const { filename, content } = file;

  let verdict;
  try {
    verdict = await deps.scanner.scan(content);
  } catch (error) {
    if (!(error instanceof ScannerUnavailable)) throw error;
    deps.log.error({ err: error }, 'virus scan unavailable');
    throw serviceUnavailable();
  }
  if (!verdict.clean) {
    await writeAudit(db, {
      event: 'batch.upload_infected',
      outcome: 'refused',
      userId: user.id,
      requestId,
      detail: { organisationCode: csg.organisationCode, signature: verdict.signature, bytes: content.length },
    });
    throw uploadError('ATTEMPTED_TO_UPLOAD_INFECTED_FILE');
  }

  if (content.length === 0) throw uploadError('CSV_NO_CONTENT');
  const text = decodeCsvText(content);
  const checked = validateCsvUpload({
    filename,
    sizeBytes: content.length,
    content: text ?? '',
    registeredBodyCode: csg.organisationCode,
  });
  // A name that breaks the rules is reported before the content.
  if (
    !checked.ok &&
    (checked.code === 'INVALID_FILENAME_FORMAT' || checked.code === 'RB_CODE_DOES_NOT_MATCH_USER')
  )
    throw uploadError(checked.code);
  if (text === null) throw uploadError('CSV_INVALID_FORMAT');
  if (!checked.ok) throw uploadError(checked.code);
  if (await store.filenameUsed(db, csg.organisationCode, filename))
    throw uploadError('FILENAME_ALREADY_IN_USE');
  const missing = missingBatchColumns(checked.header);
  if (missing.length > 0)
    throw new ApiError(
      400,
      'CSV_MISSING_COLUMNS',
      `The selected file's header row is missing ${missing.length === 1 ? 'a column' : 'columns'}: ${missing
        .map((column) => `${BATCH_CSV_COLUMN_NAMES[column]} (${column})`)
        .join(', ')}. Use the header row of the template`,
    );

  const now = deps.clock.now();
  const startable = startableTypesFor(user.roles as Role[], deps.features);
  const cache = {};
  const rows: store.NewBatchRow[] = [];
  for (const [i, cells] of checked.rows.entries()) {
    const check = checkBatchRow(i + 1, batchRowValues(checked.header, cells), { now });
    const errors = [...check.errors];
    if (check.draft && check.applicationType)
      errors.push(...(await registerChecks(db, csg, startable, check.applicationType, check.draft, cache)));
    rows.push({
      row_index: check.index,
      status: errors.length === 0 ? BATCH_ROW_READY : BULK_ROW_ERROR_STATUS,
      applicant_surname: check.surname,
      type_code: check.applicationType,
      draft: errors.length === 0 ? (check.draft as Record<string, unknown>) : null,
      errors,
    });
  }
  return { csg, filename, rows };
}

/**
 * Not in the spec: a file's check before its upload (the page's preview, decision 0053): the upload's own checks,
 * every row READY or ERRORS; nothing stored, nothing processed, the name not taken.
 */
export async function checkBatch(
  deps: BatchDeps,
  user: OrganisationUser,
  file: UploadedFile | undefined,
  requestId: string,
): Promise<BulkApplicationCheck> {
  const { csg, filename, rows } = await checkFile(deps, user, file, requestId);
  const ready = rows.filter((r) => r.status === BATCH_ROW_READY).length;
  await writeAudit(deps.db, {
    event: 'batch.checked',
    outcome: 'success',
    userId: user.id,
    requestId,
    detail: { organisationCode: csg.organisationCode, rows: rows.length, ready },
  });
  return {
    metadata: { filename, applications: rows.length, readyApplications: ready },
    applicationSummaries: rows.map((r) => ({
      index: r.row_index,
      applicationStatus: r.status,
      applicantSurname: r.applicant_surname,
      applicationReference: null,
      errors: r.errors,
    })),
  };
}

/**
 * The upload (spec 01 sections 3 to 8): the file's checks, then the batch stored AWAITING with its rows and the
 * processing job queued, in one go: the upload is the submission (the countersignatory's declaration of today
 * covers it, as the route requires). A refused file stores nothing.
 */
export async function uploadBatch(
  deps: BatchDeps,
  user: OrganisationUser,
  file: UploadedFile | undefined,
  requestId: string,
): Promise<BulkApplicationUpload> {
  const { db } = deps;
  const { csg, filename, rows } = await checkFile(deps, user, file, requestId);
  const now = deps.clock.now();
  const id = randomBytes(18).toString('base64url');
  try {
    await db.transaction().execute(async (trx) => {
      await store.insertBatch(
        trx,
        {
          id,
          organisation_code: csg.organisationCode,
          countersignatory_id: csg.code,
          uploaded_by: user.id,
          filename,
          created_at: now,
          submitted_at: now,
          declaration_date: londonDate(now),
        },
        rows,
      );
      await writeAudit(trx, {
        event: 'batch.uploaded',
        outcome: 'success',
        userId: user.id,
        requestId,
        detail: {
          batchId: id,
          organisationCode: csg.organisationCode,
          rows: rows.length,
          ready: rows.filter((r) => r.status === BATCH_ROW_READY).length,
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw uploadError('FILENAME_ALREADY_IN_USE');
    throw error;
  }
  await deps.enqueue(id);
  return { id, ...(await batchView(db, (await store.findBatch(db, id))!)) };
}

/** Why a batch is not found for a caller (written to the audit trail). */
export type BatchRefusal = 'not_own_batch' | 'wrong_application_type';

/** Refused: answered as not found. */
export class BatchRefused extends ApiError {
  constructor(readonly reason: BatchRefusal) {
    super(404, 'NOT_FOUND', 'Batch not found');
  }
}

/**
 * Whether the caller's roles reach the application type of every row of the batch that has one (decision
 * 0014), or with `statuses` of every row in those statuses.
 */
async function reachesEveryRow(
  db: Db,
  user: OrganisationUser,
  batchId: string,
  features: FeatureFlags,
  statuses?: string[],
): Promise<boolean> {
  const types = await store.batchTypes(db, batchId, statuses);
  return types.every((type) =>
    mayReachApplication(user.roles as Role[], type, { organisationInitiated: true }, features),
  );
}

/**
 * A batch the caller may see (decision 0042): of the caller's own organisation, and either uploaded by the
 * caller (the rows are what they sent, refused rows included) or every row of a type the caller's role may
 * reach, as for a single application. Anything else is not found.
 */
export async function visibleBatch(
  deps: Pick<BatchDeps, 'db' | 'features'>,
  user: OrganisationUser,
  id: string,
) {
  const { db, features } = deps;
  const csg = await countersignatoryOf(db, user);
  const batch = await store.findBatch(db, id);
  if (!batch || batch.organisation_code !== csg.organisationCode) throw new BatchRefused('not_own_batch');
  if (batch.uploaded_by !== user.id && !(await reachesEveryRow(db, user, id, features)))
    throw new BatchRefused('wrong_application_type');
  return batch;
}

/** The batch as the spec's bulk result (section 3): its status, counts and each row's outcome. */
export async function batchView(db: Db, batch: store.BatchRow): Promise<BulkApplicationResult> {
  const rows = await store.batchRows(db, batch.id);
  return {
    metadata: {
      id: batch.id,
      status: batch.status as BatchStatus,
      applications: rows.length,
      submittedApplications: rows.filter((r) => r.application_id !== null).length,
      readyApplications: rows.filter((r) => r.status === BATCH_ROW_READY || r.status === 'DONE').length,
      filename: batch.filename,
    },
    applicationSummaries: rows.map((r) => ({
      index: r.row_index,
      applicationStatus: r.status === 'DONE' ? (r.application_status ?? BATCH_ROW_READY) : r.status,
      applicantSurname: r.applicant_surname,
      applicationReference: r.reference ?? null,
      errors: r.errors,
    })),
  };
}

/** The rows with errors as CSV: row, surname, column and what to change, every cell neutralised. */
export async function errorReport(db: Db, batch: store.BatchRow): Promise<string> {
  const rows = await store.batchRows(db, batch.id);
  const lines: string[][] = [['Row', 'Last name', 'Column', 'What to change']];
  for (const row of rows)
    for (const error of row.errors)
      lines.push([
        String(row.row_index),
        row.applicant_surname ?? '',
        columnInWords(error.field),
        error.reason,
      ]);
  return toSafeCsv(lines);
}

/**
 * The processing job: AWAITING -> SUBMITTED -> PROCESSED. Each ready row becomes an application (channel B) in its
 * own transaction, keyed by (batch, row), then is handed over exactly as a single application is. Run again after a
 * failure it skips rows already made and completes hand-overs already started.
 */
export async function processBatch(deps: BatchDeps, batchId: string, requestId: string): Promise<void> {
  const { db } = deps;
  const batch = await store.findBatch(db, batchId);
  if (!batch || !['AWAITING', 'SUBMITTED'].includes(batch.status)) return;
  await store.updateBatch(db, batchId, { status: 'SUBMITTED' }, ['AWAITING']);

  const user: OrganisationUser = {
    id: batch.uploaded_by,
    roles: [],
    countersignatoryId: batch.countersignatory_id,
  };
  let csg: Countersignatory;
  try {
    csg = await countersignatoryOf(db, user);
  } catch {
    await store.updateBatch(db, batchId, { status: 'FAILED', processed_at: deps.clock.now() }, ['SUBMITTED']);
    return;
  }
  // The countersignatory's role in the register now, not at upload: a role taken away stops the rows.
  const startable = startableTypesFor([csg.role], deps.features);
  const cache = {};
  let made = 0;
  for (const row of await store.rowsToProcess(db, batchId)) {
    const applicationId =
      row.application_id ??
      (await makeApplication(deps, batch, csg, startable, row.row_index, cache, requestId));
    if (!applicationId) continue;
    const application = await findApplication(db, applicationId);
    if (application) {
      await completeApplication(deps, application, batch.uploaded_by, requestId);
      made += 1;
    }
  }
  await store.updateBatch(db, batchId, { status: 'PROCESSED', processed_at: deps.clock.now() }, [
    'SUBMITTED',
  ]);
  await writeAudit(db, {
    event: 'batch.processed',
    outcome: 'success',
    userId: batch.uploaded_by,
    requestId,
    detail: { batchId, applications: made },
  });
}

/** One row in one transaction: its application, unless the row already has one. Null when it now fails a check. */
async function makeApplication(
  deps: BatchDeps,
  batch: store.BatchRow,
  csg: Countersignatory,
  startable: readonly ApplicationTypeCode[],
  index: number,
  cache: { codes?: string[]; voluntary?: boolean },
  requestId: string,
): Promise<string | null> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await store.lockBatchRow(trx, batch.id, index);
    if (!row || row.status === BULK_ROW_ERROR_STATUS) return null;
    if (row.application_id) return row.application_id;
    const draft: OrganisationDraft = readStored(organisationDraftSchema, row.draft ?? {}, 'batch row draft');
    const type = row.type_code as ApplicationTypeCode;
    // The register may have changed since the upload (a sub-account removed): checked again.
    const errors = await registerChecks(trx, csg, startable, type, draft, cache);
    if (errors.length > 0) {
      await store.setRowErrors(trx, batch.id, index, errors);
      return null;
    }
    const volunteer = draft.applicant?.roleDetails?.volunteerForQualifyingOrganisation === true;
    const whoPays = draft.payment?.whoWillPay ?? null;
    const paymentType = paymentTypeToSend({
      volunteer,
      whoPays,
      chosen: whoPays === 'Organisation' ? (draft.payment?.type ?? null) : null,
    });
    const status: PaymentStatus =
      paymentType === 'FREE' ? 'FREE' : paymentType === 'INVOICE' ? 'INVOICED' : 'NONE';
    const stored: StoredDraft = {
      ...draft,
      registeredBody: registeredBodyOf(csg),
      declaration: { agreed: true, date: batch.declaration_date ?? londonDate(now) },
      payment: {
        ...(whoPays ? { whoWillPay: whoPays } : {}),
        type: paymentType,
        status,
        ...(paymentType === 'INVOICE' && draft.payment?.subAccountCode
          ? { subAccountCode: draft.payment.subAccountCode }
          : {}),
      },
      feePence: paymentType === 'FREE' ? 0 : (feeFor(type) ?? 0),
    };
    const name = draft.applicant?.currentName;
    const created = await insertNewDraft(
      trx,
      {
        type_code: type,
        status: DRAFT_STATUS,
        organisation_code: csg.organisationCode,
        countersignatory_id: csg.code,
        applicant_user_id: null,
        created_at: now as never,
        status_last_changed: now,
        data: JSON.stringify(stored),
        applicant_name: applicantDisplayName(name) || null,
      },
      {
        userId: batch.uploaded_by,
        requestId,
        detail: { organisationCode: csg.organisationCode, batchId: batch.id },
      },
      'B',
    );
    await store.setRowApplication(trx, batch.id, index, created.draftApplicationToken);
    return created.draftApplicationToken;
  });
}
