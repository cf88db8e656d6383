import { auditWriter } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { ResultsService } from '../results/service';
import type { ResultSigningKeys } from './keys';

// What every part of the result-checks module shares: its dependencies, the audit record, the applicant's own
// result and a copy's status.

export interface ResultChecksDeps {
  db: Db;
  clock: Clock;
  keys: ResultSigningKeys;
  /** The results' content key: a version's JWS carries the result's content, so it is sealed the same way. */
  contentKey: { id: string; key: Buffer };
  contentKeys: readonly { id: string; key: Buffer }[];
  /** Key of the codes' HMAC (the code of a copy is derived from it and the copy's id; only a hash is stored). */
  hashKey: string;
  publicUrl: string;
  serviceName: string;
  results: Pick<ResultsService, 'versionFacts' | 'isApplicantOf'>;
}

export interface Caller {
  userId: string;
  requestId: string;
}

export const notFound = () => new ApiError(404, 'NOT_FOUND', 'Result not found');

export type CopyStatus = 'CURRENT' | 'WITHDRAWN' | 'REPLACED';

/** A copy's code: withdrawn (by its applicant or a stopped share), else replaced by a later version, else current. */
export const statusOf = (code: {
  withdrawn_at: Date | null;
  share_revoked_at: Date | null;
  replaced_at: Date | null;
}): CopyStatus =>
  code.withdrawn_at !== null || code.share_revoked_at !== null
    ? 'WITHDRAWN'
    : code.replaced_at !== null
      ? 'REPLACED'
      : 'CURRENT';

export function createChecksCore(deps: ResultChecksDeps) {
  const { db } = deps;

  /** An audit record of the actor's request. */
  const audit = auditWriter(db);

  return {
    deps,
    db,
    clock: deps.clock,
    audit,
    /** Goes on only for the result's own applicant; anyone else is refused (audited) with not found. */
    async own(caller: Caller, resultId: string, event: string, detail: Record<string, unknown> = {}) {
      if (await deps.results.isApplicantOf(caller.userId, resultId)) return;
      await audit(event, 'refused', caller, { resultId, reason: 'not_found', ...detail });
      throw notFound();
    },
  };
}

export type ChecksCore = ReturnType<typeof createChecksCore>;
