import type { PrintRequest } from '@dis/domain/contracts';
import { auditWriter } from '../../platform/audit';
import { ApiError } from '../../platform/errors';
import { instant, type SharingDeps } from './context';
import * as store from './store';

// The print requests a paper share becomes, for casework to print and post (decision 0023).

/** Who asked casework to change a print request, for the audit trail. */
export interface PrintActor {
  requestId?: string | null;
  source: string;
}

/** The most print requests casework's list shows. */
export const PRINT_REQUEST_LIST_LIMIT = 200;

const printRequestNotFound = () => new ApiError(404, 'NOT_FOUND', 'Print request not found');

function printRequestOf(
  row: store.PrintRequestRow,
  references: { applicationReference: string; disclosureNumber: string } | undefined,
): PrintRequest {
  return {
    id: row.share_id,
    resultId: row.result_id,
    applicationReference: references?.applicationReference ?? 'Unknown',
    disclosureNumber: references?.disclosureNumber ?? 'Unknown',
    requestedAt: instant(row.requested_at),
    status: row.status,
    sentAt: row.sent_at === null ? null : instant(row.sent_at),
  };
}

export function createPrintRequests(deps: SharingDeps) {
  const { db, clock } = deps;
  const audit = auditWriter(db);
  return {
    /** Paper copies waiting to be printed and posted first, then those sent, newest first. */
    async printRequests(): Promise<PrintRequest[]> {
      const rows = await store.listPrintRequests(db, PRINT_REQUEST_LIST_LIMIT);
      const references = await deps.results.printReferences(rows.map((r) => r.result_id));
      return rows.map((row) => printRequestOf(row, references.get(row.result_id)));
    },

    /** Casework printed and posted the paper copy; marking it again changes nothing. */
    async markPrintRequestSent(id: string, actor: PrintActor): Promise<PrintRequest> {
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const found = await store.findPrintRequest(trx, id, true);
        if (!found) return undefined;
        if (found.status === 'REQUESTED') await store.markPrintRequestSent(trx, found.share_id, now);
        const detail = {
          shareId: found.share_id,
          resultId: found.result_id,
          source: actor.source,
          ...(found.status === 'SENT' ? { alreadySent: true } : {}),
        };
        await audit('print_request.sent', 'success', actor, detail, trx);
        return found.status === 'SENT' ? found : { ...found, status: 'SENT' as const, sent_at: now };
      });
      if (!row) throw printRequestNotFound();
      const references = await deps.results.printReferences([row.result_id]);
      return printRequestOf(row, references.get(row.result_id));
    },
  };
}
