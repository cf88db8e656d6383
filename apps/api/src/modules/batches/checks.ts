import {
  BATCH_CSV_COLUMN_NAMES,
  BULK_ROW_ERROR_STATUS,
  batchRowValues,
  checkBatchRow,
  decodeCsvText,
  missingBatchColumns,
  startableTypesFor,
  validateCsvUpload,
  type ApplicationTypeCode,
  type BatchRowError,
  type CsvUploadErrorCode,
  type OrganisationDraft,
  type Role,
} from '@dis/domain';
import { BATCH_ROW_READY, type BulkApplicationCheck } from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { ScannerUnavailable } from '../../integrations/virus-scan/types';
import { countersignatoryOf, type Countersignatory, type OrganisationUser } from '../drafts/service';
import { costCentres, organisationQualifiesAsVoluntary } from '../organisations/service';
import * as store from './store';
import type { BatchDeps } from './service';

// A CSV file's checks before anything is stored: the refusals of a file, the virus scan, the file rules and
// every row's rules (some against the register).

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

export const uploadError = (code: keyof typeof UPLOAD_ERRORS, message?: string) =>
  new ApiError(UPLOAD_ERRORS[code][0], code, message ?? UPLOAD_ERRORS[code][1]);

export const serviceUnavailable = () =>
  new ApiError(503, 'SERVICE_UNAVAILABLE', 'Sorry, the service is unavailable. Try again later.');

export interface UploadedFile {
  filename: string | undefined;
  /** Null when the file was larger than the limit (the stream was cut off). */
  content: Buffer | null;
}

/** Rules of a row that need the register: the user's startable types, sub-account codes, voluntary status. */
export async function registerChecks(
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
export async function checkFile(
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
