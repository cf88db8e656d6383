import {
  batchColumnInWords as columnInWords,
  mayReachApplication,
  toSafeCsv,
  type FeatureFlags,
  type Role,
} from '@dis/domain';
import { BATCH_ROW_READY, type BatchStatus, type BulkApplicationResult } from '@dis/domain/contracts';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { countersignatoryOf, type OrganisationUser } from '../drafts/service';
import * as store from './store';
import type { BatchDeps } from './service';

// Who may see a batch, and what they see of it: its rows' applications and the error report.

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
