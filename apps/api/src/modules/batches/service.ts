import { randomBytes } from 'node:crypto';
import {
  londonDate,
  applicantDisplayName,
  BULK_ROW_ERROR_STATUS,
  startableTypesFor,
  type ApplicationTypeCode,
  type FeatureFlags,
  type OrganisationDraft,
} from '@dis/domain';
import { BATCH_ROW_READY, type BulkApplicationUpload } from '@dis/domain/contracts';
import { writeAudit } from '../../platform/audit';
import type { VirusScanner } from '../../integrations/virus-scan/types';
import { completeApplication, type HandoverDeps } from '../handover/service';
import { DRAFT_STATUS, findApplication, isUniqueViolation } from '../applications/service';
import {
  countersignatoryOf,
  declaredPayment,
  insertNewDraft,
  registeredBodyOf,
  type Countersignatory,
  type OrganisationUser,
  type StoredDraft,
  organisationDraftSchema,
  readStored,
} from '../drafts/service';
import * as store from './store';
import { checkFile, registerChecks, uploadError, type UploadedFile } from './checks';
import { batchView } from './views';

export { checkBatch } from './checks';
export type { UploadedFile } from './checks';
export type { BatchRefusal } from './views';
export { BatchRefused, visibleBatch, batchView, errorReport } from './views';

export const BATCH_JOB = 'batches.process';

export interface BatchDeps extends HandoverDeps {
  features: FeatureFlags;
  scanner: VirusScanner;
  /** Queues the processing job (and wakes the job runner). */
  enqueue(batchId: string): Promise<void>;
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
      await store.finishRow(trx, batch.id, index, { errors });
      return null;
    }
    const stored: StoredDraft = {
      ...draft,
      registeredBody: registeredBodyOf(csg),
      declaration: { agreed: true, date: batch.declaration_date ?? londonDate(now) },
      ...declaredPayment(draft, type),
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
    await store.finishRow(trx, batch.id, index, { applicationId: created.draftApplicationToken });
    return created.draftApplicationToken;
  });
}
