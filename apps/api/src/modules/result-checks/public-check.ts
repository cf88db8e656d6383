import { randomUUID, timingSafeEqual } from 'node:crypto';
import { normaliseCheckCode, parseIsoDate } from '@dis/domain';
import type { CheckAnswer } from '@dis/domain/contracts';
import { statusOf, type ChecksCore } from './core';
import * as store from './store';
import type { SignedVersions } from './versions';

/** Whether the copy's date of birth is the one given (in constant time). */
function sameDateOfBirth(expected: string | null, given: string): boolean {
  const a = Buffer.from(expected ?? '');
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The public check of a code (rate-limited by the routes), every attempt audited. */
export function createPublicCheck(
  core: ChecksCore,
  versions: SignedVersions,
  lookupHash: (code: string) => string,
) {
  const { db, clock, audit } = core;

  return {
    /** A check refused by a rate limit (per client address or per code): audited, never looked up. */
    async refusedForLimit(requestId: string, limit: 'client' | 'code'): Promise<void> {
      await audit('result.checked', 'refused', { requestId }, { reason: 'rate_limited', limit });
    },

    /**
     * The public check: a code and a date of birth. Anything that does not find a copy of a result with that
     * date of birth is NOT_FOUND, the same answer; every attempt is audited, and a found copy's check is shown to
     * the applicant.
     */
    async check(requestId: string, input: { checkCode: string; dateOfBirth: string }): Promise<CheckAnswer> {
      const now = clock.now();
      const checkedAt = now.toISOString();
      const notFoundAnswer = async (reason: string, detail: Record<string, unknown> = {}) => {
        await audit('result.checked', 'failure', { requestId }, { reason, ...detail });
        return { outcome: 'NOT_FOUND' as const, checkedAt };
      };
      const code = normaliseCheckCode(input.checkCode);
      const dateOfBirth = input.dateOfBirth.trim();
      if (!code || parseIsoDate(dateOfBirth) === undefined) return notFoundAnswer('malformed');
      const row = await store.codeByHash(db, lookupHash(code));
      if (!row) return notFoundAnswer('unknown_code');
      const version = await store.versionById(db, row.version_id);
      if (!version) return notFoundAnswer('unknown_code');
      const { payload } = versions.open(version);
      if (!sameDateOfBirth(payload.content.dateOfBirth, dateOfBirth))
        return notFoundAnswer('date_of_birth', { resultId: row.result_id, copyId: row.id });
      const outcome = statusOf({ ...row, replaced_at: version.replaced_at });
      await db.transaction().execute(async (trx) => {
        await store.insertCheck(trx, {
          id: randomUUID(),
          code_id: row.id,
          result_id: row.result_id,
          outcome,
          checked_at: now,
        });
        await audit(
          'result.checked',
          'success',
          { requestId },
          { resultId: row.result_id, copyId: row.id, version: version.version, outcome },
          trx,
        );
      });
      if (outcome === 'CURRENT')
        return {
          outcome,
          name: payload.content.name,
          disclosureType: payload.disclosureType,
          disclosureTypeShortCode: payload.disclosureTypeShortCode,
          dateOfIssue: payload.dateOfIssue,
          containsInformation: payload.containsInformation,
          digest: version.digest,
          checkedAt,
        };
      return { outcome, dateOfIssue: payload.dateOfIssue, checkedAt };
    },
  };
}
