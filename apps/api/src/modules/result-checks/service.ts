import type { Db } from '../../platform/db/database';
import type { ResultVersionReason } from '@dis/domain/contracts';
import { createCheckCodes } from './codes';
import { createApplicantCopies } from './copies';
import { createChecksCore, type ResultChecksDeps } from './core';
import { createPublicCheck } from './public-check';
import { createSignedVersions } from './versions';

// Signed results and check codes (issue 32, decision 0051): each version of a result signed when it is made
// (`versions.ts`), one check code per copy (the applicant's print, each recipient's view; `codes.ts`), the public
// check (`public-check.ts`), and what the applicant sees and controls in "who can see my result" (`copies.ts`).
// This service composes them over the shared core (`core.ts`).

export { CHECK_PAGE_PATH } from './codes';
export type { Caller, ResultChecksDeps } from './core';

export function createResultChecksService(deps: ResultChecksDeps) {
  const core = createChecksCore(deps);
  const versions = createSignedVersions(core);
  const { lookupHash, ...codes } = createCheckCodes(core, versions);
  return {
    record: (trx: Db, resultId: string, reason: ResultVersionReason) =>
      versions.record(trx, resultId, reason).then(() => {}),
    publicJwks: () => ({ keys: deps.keys.publicJwks }),
    ...codes,
    ...createApplicantCopies(core, versions),
    ...createPublicCheck(core, versions, lookupHash),
  };
}

export type ResultChecksService = ReturnType<typeof createResultChecksService>;

export { loadResultSigningKeys, type ResultSigningKeys } from './keys';
