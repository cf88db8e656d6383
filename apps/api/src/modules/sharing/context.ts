import type { BackendCode } from '@dis/domain';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { ApiError } from '../../platform/errors';
import type { OutboxService } from '../outbox/service';
import type { Caller, ResultsService } from '../results/service';
import type { ShareLinkService } from '../share-links/service';

// What every part of the sharing service is built from: its dependencies, the result's facts, the audit trail and
// the refusals.

export interface SharingDeps {
  db: Db;
  clock: Clock;
  results: Pick<ResultsService, 'shareFacts' | 'markShared' | 'shareListFacts' | 'printReferences'>;
  links: Pick<ShareLinkService, 'issue' | 'writeEmail' | 'sendWritten' | 'lockTimes'>;
  /** Whether each recipient's email was delivered. */
  outbox: Pick<OutboxService, 'deliveryAbout'>;
}

/** What the results module tells sharing about one of the caller's results. */
export type ShareFacts = Awaited<ReturnType<ResultsService['shareFacts']>>;

/** The message of each refusal (spec 02 section 8). */
export const SHARE_REFUSALS: Partial<Record<BackendCode, string>> = {
  SHARE_LIMIT_EXCEEDED: 'You have shared this result the maximum number of times',
  SHARE_COOLDOWN_TIMER_NOT_MET: 'You can only share your result once every 30 minutes',
  SHARE_NOT_ALLOWED: 'This result cannot be shared',
  SHARE_PURPOSE_NOT_CONFIRMED: 'Choose to share your scheme record and confirm why you are sharing it first',
  PAPER_SHARE_ALREADY_USED: 'You have already asked for a paper copy of this result',
};

export const refused = (code: BackendCode) => new ApiError(409, code, SHARE_REFUSALS[code] ?? 'Not allowed');

export const stepUpRequired = () =>
  new ApiError(403, 'STEP_UP_REQUIRED', 'Enter the security code we sent to your phone first');

export const instant = (value: Date | string) => new Date(value).toISOString();

/** One event of the caller's about a result, in the audit trail (in `executor`'s transaction when given). */
export async function auditCaller(
  executor: Db,
  caller: Caller,
  event: string,
  outcome: 'success' | 'refused',
  detail: Record<string, unknown>,
): Promise<void> {
  await writeAudit(executor, { event, outcome, userId: caller.userId, requestId: caller.requestId, detail });
}

/**
 * Runs a read or change of the caller's result; when the result is not theirs (404) the refusal is audited under
 * `event` with `detail`, then the same 404.
 */
export async function auditingNotFound<T>(
  db: Db,
  caller: Caller,
  event: string,
  detail: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (caught) {
    if (caught instanceof ApiError && caught.status === 404)
      await auditCaller(db, caller, event, 'refused', { ...detail, reason: 'not_found' });
    throw caught;
  }
}
