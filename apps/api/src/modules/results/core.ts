import { isResultViewable, londonDate, type ApplicationStatus } from '@dis/domain';
import type { Result } from '@dis/domain/contracts';
import { auditWriter } from '../../platform/audit';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import { openContent, sealContent, type ResultContent } from './content';
import { resultView } from './rows';
import * as store from './store';
import type { ResultRow } from './store';
import type { Caller, ResultsDeps } from './types';

// What every part of the results module shares: its errors, the audit record, the content's seal, the caller's own
// result and a first view recorded once.

export const LIST_LIMIT = 500;
/** A Level 1 countersignatory sees Level 1 results only. */
export const LEVEL1_TYPES = ['LA'] as const;

export const resultNotFound = () => new ApiError(404, 'NOT_FOUND', 'Result not found');
export const viewingExpired = () =>
  new ApiError(410, 'RESULT_VIEWING_EXPIRED', 'This result is no longer available to view');

export const APPEAL_REFUSALS: Record<string, string> = {
  'no-appealable-convictions': 'This result has no conviction that can be appealed',
  'already-decided': 'You have already told us whether you intend to appeal',
  'already-released': 'This result has already been released to the organisation',
  'appeal-pending': 'This result is held back until the outcome of your appeal is recorded',
  'no-appeal-to-decide': 'There is no intended appeal waiting for an outcome',
};

/** The column whose first setting a view records once (the conditional update of `store.updateResultOnce`). */
type FirstViewColumn = 'first_viewed_at' | 'basic_opened_at' | 'organisation_viewed_at';

export function createResultsCore(deps: ResultsDeps) {
  const { db, clock } = deps;

  /** The result's content, read with `executor` (a transaction's, inside one). */
  async function readContent(row: ResultRow, executor: Db = db): Promise<ResultContent> {
    const sealed = await store.findContent(executor, row.id);
    if (!sealed) throw new Error(`Result ${row.id} has no content`);
    return openContent(row.id, sealed, deps.contentKeys);
  }

  /** An audit record of the actor's request. */
  const audit = auditWriter(db);

  return {
    db,
    clock,
    deps,
    today: () => londonDate(clock.now()),
    readContent,
    /** New content sealed with the current key. */
    seal: (id: string, content: ResultContent) => sealContent(id, content, deps.contentKeys[0]!),
    audit,

    /**
     * The caller's own result (any other is not found, audited), with the application's reference. Called before
     * a change's transaction, never inside it: the embedded database has one connection.
     */
    async ownResult(caller: Caller, id: string): Promise<ResultRow & { reference: string }> {
      const row = await store.findResult(db, id);
      if (!row || row.applicant_user_id !== caller.userId) {
        await audit('result.viewed', 'refused', caller, {
          resultId: id,
          reason: 'not_found',
          side: 'applicant',
        });
        throw resultNotFound();
      }
      return { ...row, reference: await store.applicationReference(db, row.application_id) };
    },

    assertViewable(row: ResultRow) {
      if (!isResultViewable(row.first_viewed_at, clock.now())) throw viewingExpired();
    },

    /**
     * Records a first view once (`changes` only while `column` is still unset, so two requests record one) and
     * returns the result as it now is, with whether this was the first.
     */
    async recordFirstView(
      row: ResultRow,
      column: FirstViewColumn,
      changes: Parameters<typeof store.updateResultOnce>[2],
    ): Promise<{ first: boolean; fresh: ResultRow }> {
      const first = row[column] === null;
      if (first) await store.updateResultOnce(db, row.id, changes, column);
      const fresh = first ? ((await store.findResult(db, row.id)) ?? row) : row;
      return { first, fresh };
    },

    /** The Result entity for one side, as it is now. */
    view: (row: ResultRow, content: ResultContent, status: ApplicationStatus, reference: string): Result =>
      resultView(row, content, status, reference, clock.now()),
  };
}

export type ResultsCore = ReturnType<typeof createResultsCore>;
