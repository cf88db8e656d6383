import type { Db } from '../../platform/db/database';
import { found } from '../../platform/db/rows';

/** All SQL of the batches and batch_rows tables. */

export function findBatch(db: Db, id: string, lock = false) {
  const query = db.selectFrom('batches').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}
export type BatchRow = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

export async function filenameUsed(db: Db, organisationCode: string, filename: string): Promise<boolean> {
  return found(
    db
      .selectFrom('batches')
      .select('id')
      .where('organisation_code', '=', organisationCode)
      .where('filename', '=', filename),
  );
}

export interface NewBatchRow {
  row_index: number;
  status: string;
  applicant_surname: string | null;
  type_code: string | null;
  draft: Record<string, unknown> | null;
  errors: Array<{ field: string; reason: string }>;
}

export async function insertBatch(
  db: Db,
  batch: {
    id: string;
    organisation_code: string;
    countersignatory_id: string;
    uploaded_by: string;
    filename: string;
    created_at: Date;
    submitted_at: Date;
    declaration_date: string;
  },
  rows: NewBatchRow[],
): Promise<void> {
  // Uploaded is submitted (spec 01 section 4): queued for processing.
  await db
    .insertInto('batches')
    .values({ ...batch, status: 'AWAITING', processed_at: null })
    .execute();
  if (rows.length === 0) return;
  await db
    .insertInto('batch_rows')
    .values(
      rows.map((row) => ({
        batch_id: batch.id,
        row_index: row.row_index,
        status: row.status,
        applicant_surname: row.applicant_surname,
        type_code: row.type_code,
        draft: row.draft ? JSON.stringify(row.draft) : null,
        errors: JSON.stringify(row.errors),
        application_id: null,
      })),
    )
    .execute();
}

/**
 * The application types of a batch's rows (rows whose type could not be read have none); with `statuses`, of
 * the rows in those statuses only.
 */
export async function batchTypes(db: Db, batchId: string, statuses?: string[]): Promise<string[]> {
  let query = db
    .selectFrom('batch_rows')
    .select('type_code')
    .distinct()
    .where('batch_id', '=', batchId)
    .where('type_code', 'is not', null);
  if (statuses) query = query.where('status', 'in', statuses);
  const rows = await query.execute();
  return rows.map((row) => row.type_code!);
}

/** Rows with the reference and status of the application each one became. */
export function batchRows(db: Db, batchId: string) {
  return db
    .selectFrom('batch_rows')
    .leftJoin('application_facts as applications', 'applications.id', 'batch_rows.application_id')
    .select([
      'batch_rows.row_index',
      'batch_rows.status',
      'batch_rows.applicant_surname',
      'batch_rows.errors',
      'batch_rows.application_id',
      'applications.reference',
      'applications.status as application_status',
    ])
    .where('batch_rows.batch_id', '=', batchId)
    .orderBy('batch_rows.row_index')
    .execute();
}

export function lockBatchRow(db: Db, batchId: string, index: number) {
  return db
    .selectFrom('batch_rows')
    .selectAll()
    .where('batch_id', '=', batchId)
    .where('row_index', '=', index)
    .forUpdate()
    .executeTakeFirst();
}

export function rowsToProcess(db: Db, batchId: string) {
  return db
    .selectFrom('batch_rows')
    .select(['row_index', 'application_id'])
    .where('batch_id', '=', batchId)
    .where('status', 'in', ['READY', 'DONE'])
    .orderBy('row_index')
    .execute();
}

/** A row's outcome: the application it became (DONE), or what stopped it (ERRORS, its draft dropped). */
export async function finishRow(
  db: Db,
  batchId: string,
  index: number,
  outcome: { applicationId: string } | { errors: Array<{ field: string; reason: string }> },
) {
  await db
    .updateTable('batch_rows')
    .set(
      'applicationId' in outcome
        ? { application_id: outcome.applicationId, status: 'DONE' }
        : { status: 'ERRORS', errors: JSON.stringify(outcome.errors), draft: null },
    )
    .where('batch_id', '=', batchId)
    .where('row_index', '=', index)
    .execute();
}

export async function updateBatch(
  db: Db,
  id: string,
  values: {
    status: string;
    submitted_at?: Date;
    processed_at?: Date;
    declaration_date?: string;
  },
  fromStatuses: string[],
): Promise<boolean> {
  const result = await db
    .updateTable('batches')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', fromStatuses)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
