import type { ResponseOf, resultChecksContract, signedResultContract } from '@dis/domain/contracts';
import { ApiError } from '../../platform/errors';
import { statusOf, type Caller, type ChecksCore } from './core';
import * as store from './store';
import type { SignedVersions } from './versions';

const CHECK_LIST_LIMIT = 500;

type CopyRow = Awaited<ReturnType<typeof store.codesOf>>[number];

/** A copy as "who can see my result" shows it. */
function copyView(code: CopyRow) {
  const status = statusOf(code);
  return {
    copyId: code.id,
    copy: code.copy,
    shareId: code.share_id,
    version: code.version,
    createdAt: new Date(code.created_at).toISOString(),
    status,
    withdrawnAt: code.withdrawn_at ? new Date(code.withdrawn_at).toISOString() : null,
    withdrawable: status !== 'WITHDRAWN',
  };
}

/** The applicant's own: the signed download, every copy's code with the checks made with it, and withdrawing one. */
export function createApplicantCopies(core: ChecksCore, versions: SignedVersions) {
  const { db, clock, deps, audit } = core;

  return {
    /** The applicant's signed download of the current version. */
    async signedResult(caller: Caller, resultId: string): Promise<ResponseOf<typeof signedResultContract>> {
      await core.own(caller, resultId, 'result.signed_downloaded');
      const version = await versions.current(resultId);
      const { jws, payload } = versions.open(version);
      await audit('result.signed_downloaded', 'success', caller, { resultId, version: version.version });
      return {
        payload,
        jws,
        kid: version.kid,
        digest: version.digest,
        jwksUrl: `${deps.publicUrl}/.well-known/jwks.json`,
      };
    },

    /** Every copy's code and every check made with one, for "who can see my result". */
    async checks(caller: Caller, resultId: string): Promise<ResponseOf<typeof resultChecksContract>> {
      await core.own(caller, resultId, 'result.checks_viewed');
      const codes = await store.codesOf(db, resultId);
      const checks = await store.checksOf(db, resultId, CHECK_LIST_LIMIT);
      await audit('result.checks_viewed', 'success', caller, { resultId, copies: codes.length });
      return {
        resultId,
        copies: codes.map(copyView),
        checks: checks.map((check) => ({
          copyId: check.code_id,
          checkedAt: new Date(check.checked_at).toISOString(),
          outcome: check.outcome,
        })),
      };
    },

    /** Withdraws a copy's code (once; again changes nothing); another person's is not found. */
    async withdraw(caller: Caller, resultId: string, copyId: string) {
      await core.own(caller, resultId, 'result.check_code_withdrawn', { copyId });
      const now = clock.now();
      const done = await db.transaction().execute(async (trx) => {
        const code = await store.codeById(trx, resultId, copyId, true);
        if (!code) return false;
        await store.withdrawCode(trx, code.id, now);
        await audit(
          'result.check_code_withdrawn',
          'success',
          caller,
          { resultId, copyId, ...(code.withdrawn_at ? { alreadyWithdrawn: true } : {}) },
          trx,
        );
        return true;
      });
      if (!done) {
        await audit('result.check_code_withdrawn', 'refused', caller, {
          resultId,
          copyId,
          reason: 'not_found',
        });
        throw new ApiError(404, 'NOT_FOUND', 'Check code not found');
      }
      return copyView((await store.codesOf(db, resultId)).find((c) => c.id === copyId)!);
    },
  };
}
