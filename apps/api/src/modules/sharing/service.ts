import type { Role } from '@dis/domain';
import type { SharingDeps } from './context';
import { createShareMaking } from './making';
import { createPrintRequests } from './print-requests';
import { createSharePurpose } from './purpose';
import { createShareRules } from './rules';
import { createShareList } from './share-list';

// The sharing module's service, put together from one part per thing it does: making a share through the
// share-channel registry (`making.ts`, `channels.ts`) under the share rules (`rules.ts`), a scheme record's share
// purpose (`purpose.ts`), "who can see my result" and stopping a share (`share-list.ts`), and the print requests
// a paper copy becomes (`print-requests.ts`).

export type { SharingDeps } from './context';

/**
 * Who may share a result (spec 02 section 6): APPLICANT and APPLICANT_BASIC with a verified identity. The sharing
 * routes and the one-time code's (the step-up before a share) are open to them.
 */
export const SHARER_ACCESS = {
  roles: ['APPLICANT', 'APPLICANT_BASIC'] as const satisfies readonly Role[],
  identityVerified: true,
} as const;

export function createSharingService(deps: SharingDeps) {
  const rules = createShareRules(deps);
  return {
    ...createShareMaking(deps, rules),
    ...createSharePurpose(deps, rules),
    ...createShareList(deps),
    ...createPrintRequests(deps),
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
