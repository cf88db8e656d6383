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
